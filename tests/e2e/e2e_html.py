#!/usr/bin/env python3
"""The HTML report and the figures, as a person reads them: in a real browser.

Runs claims that draw every kind of figure (Frolov's grids and Table 2's growth, octal, hex and
subtraction sequences with their proved periods, Chomp's P-positions, Wythoff's, Welter's) plus a
hostile claims file whose document title, locator and statement hold markup, with
--format json,md,svg,html. Then:

- report.html is one static page: no <script>, nothing fetched from elsewhere (no src= or href=
  to another file, no url() but the page's own), every figure of figures/ inlined once;
- report.md links every figure file by a relative link that resolves;
- Debian's headless chromium loads report.html (--dump-dom): the rendered DOM has every figure
  with its drawn values, no script element, and the hostile text as text;
- chromium takes a screenshot (1200 x 3000) that is a PNG of that size and not blank.

Label `browser` (and `e2e`); about 20 s.
"""
import argparse
import glob
import html.parser
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zlib

HOSTILE = '''[document]
id = "hostile-html"
title = "Hostile </title><script>alert('title')</script> document"

[[claim]]
id = "hostile.statement_markup"
locator = "§1 <img src=x onerror=alert('locator')> & co"
statement = "<script>alert('statement')</script> a statement with <b>markup</b> & \\"quotes\\""
reading = "<iframe src='http://example.com/'></iframe>"
kind = "table"
checker = "game.values"
expected_verdict = "verified"
params = { game = "octal:0.07", first = 0 }
asserted = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]

[[claim]]
id = "hostile.refuted_markup"
locator = "<style>body{display:none}</style>"
statement = "Dawson's Kayles <script>document.title='pwned'</script> altered"
kind = "table"
checker = "game.values"
expected_verdict = "refuted"
params = { game = "octal:0.07", first = 0 }
asserted = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 4]
'''

# Shipped claims that draw each kind of figure, and generic test claims for Wythoff, hex, Chomp.
SELECTION = ["frolov2012.fig2.*", "frolov2012.table2.g.m*", "octal-records.dawson-kayles.07",
             "ferguson.s1_4.p_positions", "ferguson.ex.chomp.a_unique_winning_move",
             "welter.start.listed_values", "welter.relation.zero_coin", "generic.wythoff.*",
             "generic.hex.*", "hostile.*"]

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--hide-scrollbars"]

failures = []

# Elements that run, fetch or embed something; report.html must have none.
FORBIDDEN_TAGS = {"script", "iframe", "img", "link", "object", "embed", "frame", "base", "form",
                  "audio", "video", "source", "image", "use", "foreignobject", "animate", "set"}


class Elements(html.parser.HTMLParser):
    """The start tags of a page with their attributes."""

    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    handle_startendtag = handle_starttag


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def browser(binary, args, work, timeout=120):
    profile = tempfile.mkdtemp(prefix="profile-", dir=work)
    try:
        return subprocess.run([binary] + CHROMIUM_FLAGS + [f"--user-data-dir={profile}"] + args,
                              capture_output=True, text=True, timeout=timeout, cwd=work)
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def png_info(path):
    """(width, height, distinct byte values of the decompressed image data) of a PNG file."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    width, height = struct.unpack(">II", data[16:24])
    idat, pos = b"", 8
    while pos < len(data):
        length, = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    raw = zlib.decompress(idat)
    return width, height, len(set(raw))


def main(verify, src, work):
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    hostile = os.path.join(work, "hostile.toml")
    with open(hostile, "w") as f:
        f.write(HOSTILE)
    out = os.path.join(work, "out")
    claims = sorted(glob.glob(os.path.join(src, "properties", "claims", "*.toml")))
    claims.append(os.path.join(src, "tests", "data", "generic_claims.toml"))
    claims.append(hostile)
    cmd = [verify, "run", *SELECTION, "--out", out, "--format", "json,md,svg,html", "--quiet"]
    for c in claims:
        cmd += ["--claims", c]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    print(r.stdout[-3000:])
    print(r.stderr[-3000:], file=sys.stderr)
    check(r.returncode == 0, f"verify run exited {r.returncode}")
    if r.returncode not in (0, 1):
        sys.exit(1)

    figures = sorted(os.path.basename(p) for p in glob.glob(os.path.join(out, "figures", "*.svg")))
    print("figures:", ", ".join(figures))
    # One figure of each kind the selection asks for.
    for want in ("frolov_g_frolov2012.fig2.g.svg", "frolov_f_frolov2012.fig2.f.svg",
                 "frolov_table2_growth.svg", "octal_0.07.svg", "subtraction_1_3_4.svg", "chomp.svg",
                 "wythoff.svg", "hex_0.F.svg", "welter_w_fractal.svg", "welter_pair_values.svg"):
        check(want in figures, f"figure {want} was not written")

    # The figures show what the run computed: read them back and compare with report.json.
    with open(os.path.join(out, "report.json"), encoding="utf-8") as f:
        report = {c["id"]: c for c in json.load(f)["claims"]}

    def svg(name):
        path = os.path.join(out, "figures", name)
        return ET.parse(path).getroot() if os.path.isfile(path) else None

    def data(root):
        return [e for e in root.iter() if "v" in (e.get("class") or "").split()]

    root = svg("frolov_g_frolov2012.fig2.g.svg")
    if root is not None:
        computed = report["frolov2012.fig2.g"]["evidence"]["computed"]
        drawn = {(int(e.get("data-y")), int(e.get("data-x"))): int(e.get("data-value")) for e in data(root)}
        want = {(m, n): v for m, row in enumerate(computed) for n, v in enumerate(row) if isinstance(v, int)}
        check(drawn == want, f"Fig. 2 (g): the grid is not the computed table ({len(drawn)} vs {len(want)} cells)")
    root = svg("frolov_table2_growth.svg")
    if root is not None:
        drawn = {int(e.get("data-x")): int(e.get("data-y")) for e in data(root)
                 if e.get("data-series", "").startswith("g(m")}
        want = {int(c["params"]["row"]): c["evidence"]["computed"]["t"] for c in report.values()
                if c["checker"] == "frolov.table2_row" and c["params"]["function"] == "g"}
        check(drawn == want, f"Table 2 growth: drawn {drawn}, proved {want}")
    for name, claim, key in (("octal_0.07.svg", "octal-records.dawson-kayles.07", "period_proof"),
                             ("hex_0.F.svg", "generic.hex.0F.parity", None)):
        root = svg(name)
        if root is None:
            continue
        ev = report[claim]["evidence"]
        proof = ev[key] if key else ev
        bands = {e.get("class"): (int(e.get("data-from")), int(e.get("data-to"))) for e in root.iter()
                 if e.get("class") in ("preperiod-band", "period-band")}
        e, p = proof["preperiod"], proof["period"]
        check(bands.get("period-band") == (e, e + p - 1),
              f"{name}: the period band is {bands.get('period-band')}, proved preperiod {e}, period {p}")
    root = svg("octal_0.07.svg")
    if root is not None:
        r = subprocess.run([verify, "values", "octal:0.07", "0..200", "--format", "json"],
                           capture_output=True, text=True)
        want = json.loads(r.stdout)["values"] if r.returncode == 0 else None
        got = [int(e.get("data-value")) for e in sorted(data(root), key=lambda e: int(e.get("data-n")))]
        # The figure shows the proved preperiod 53 and two periods of 34: n = 0..120.
        check(len(got) == 121 and want is not None and got == want[:121],
              "octal_0.07.svg: the bars are not the values of verify values (n = 0..120)")
    root = svg("wythoff.svg")
    if root is not None:
        p = {(int(e.get("data-x")), int(e.get("data-y"))) for e in data(root) if e.get("data-value") == "0"}
        check({(0, 0), (1, 2), (2, 1), (3, 5), (5, 3), (4, 7)} <= p, "wythoff.svg: the P-positions are not outlined")

    with open(os.path.join(out, "report.html"), encoding="utf-8") as f:
        html = f.read()
    # Static: nothing runs, nothing is fetched; the claims file's markup is text.
    parser = Elements()
    parser.feed(html)
    for tag, attrs in parser.tags:
        check(tag not in FORBIDDEN_TAGS, f"report.html has a <{tag}> element")
        for k, v in attrs.items():
            check(not k.startswith("on"), f"report.html has an event handler {k} on <{tag}>")
            check(k != "src", f"report.html has src= on <{tag}>")
            if k in ("href", "xlink:href"):
                check((v or "").startswith("#"), f"report.html links {v!r}, not an anchor of the page")
    check("<style>body" not in html, "report.html holds a style element from the claims file")
    check(sum(1 for t, _ in parser.tags if t == "style") == 1, "report.html has more than its one style")
    check("Dawson&#39;s Kayles &lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt; altered" in html,
          "the hostile refuted statement is not in report.html as escaped text")
    check("&lt;script&gt;alert(&#39;statement&#39;)&lt;/script&gt;" in html,
          "the hostile damaged-text statement is not in report.html as escaped text")
    check(re.search(r"url\((?!#)", html) is None, "report.html has a url() that is not an anchor")
    check("@import" not in html and "@font-face" not in html, "report.html imports styles or fonts")
    for name in figures:
        check(html.count(f'data-figure="{name}"') == 1, f"report.html does not inline {name} once")
    check(html.count("<figure ") == len(figures), "report.html has figures that figures/ has not")
    # Refuted claims come before the documents' tables.
    refuted_at, docs_at = html.find('id="refuted"'), html.find('id="doc-')
    check(0 <= refuted_at < docs_at, "the refuted claims do not come before the documents' tables")
    check(html.find("hostile.refuted_markup") < docs_at, "the refuted claim is not listed first")
    check(html.find('id="figures"') > docs_at, "the figures do not come after the tables")

    with open(os.path.join(out, "report.md"), encoding="utf-8") as f:
        md = f.read()
    links = re.findall(r"!\[(?:\\.|[^\]\\])*\]\((figures/[^)]+)\)", md)
    check(sorted(os.path.basename(l) for l in links) == figures,
          "report.md does not link exactly the figure files")
    for l in links:
        check(os.path.isfile(os.path.join(out, l)), f"report.md links {l}, which does not exist")
    # Markdown's escape of '<' is a backslash (md_text): only an unescaped '<' opens markup.
    check(re.search(r"(?<!\\)<(script|img|iframe|style|b>)", md) is None,
          "report.md passes markup through")

    binary = chromium()
    if binary is None:
        check(False, "no chromium to load the page (.ci/setup installs Debian's chromium)")
    else:
        url = "file://" + os.path.abspath(os.path.join(out, "report.html"))
        r = browser(binary, ["--dump-dom", url], work)
        dom = r.stdout
        check(r.returncode == 0 and "</html>" in dom, f"chromium --dump-dom failed: {r.stderr[-500:]}")
        check("<script" not in dom.lower(), "the rendered DOM has a script element")
        check("pwned" not in re.sub(r"<[^>]*>", "", dom.split("</title>")[0]),
              "a script changed the page title")
        for name in figures:
            m = re.search(r'<figure id="[^"]*" data-figure="' + re.escape(name) + r'">(.*?)</figure>',
                          dom, re.S)
            check(m is not None, f"figure {name} is not in the rendered DOM")
            if m:
                body = m.group(1)
                check("<svg" in body, f"figure {name} has no svg element in the DOM")
                drawn = len(re.findall(r'class="v[ "]', body)) + body.count("<circle") + \
                    body.count("<rect")
                check(drawn >= 10, f"figure {name} draws {drawn} elements in the DOM")
        check("&lt;script&gt;document.title='pwned'&lt;/script&gt;" in dom,
              "the hostile statement is not shown as text in the DOM")
        dom_parser = Elements()
        dom_parser.feed(dom)
        check(not [t for t, _ in dom_parser.tags if t in FORBIDDEN_TAGS],
              "the rendered DOM has an element that runs or fetches something")
        shot = os.path.join(work, "shot.png")
        r = browser(binary, [f"--screenshot={shot}", "--window-size=1200,3000", url], work)
        check(r.returncode == 0 and os.path.isfile(shot), f"chromium --screenshot failed: {r.stderr[-500:]}")
        if os.path.isfile(shot):
            info = png_info(shot)
            check(info is not None and info[:2] == (1200, 3000), f"the screenshot is {info}")
            check(info is not None and info[2] > 20, "the screenshot is blank")
            print("screenshot:", shot, info)
    if failures:
        sys.exit(1)
    print(f"report.html: {len(figures)} figures inlined and rendered, hostile text escaped")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--verify", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    a = ap.parse_args()
    main(a.verify, a.source_dir, a.work_dir)
