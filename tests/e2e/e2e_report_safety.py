#!/usr/bin/env python3
"""Reports from hostile claims files (issue #27): the reproductions of the issue as test data.

- Ids are names, not paths: claim, document and shard ids outside the id syntax (properties/CLAIMS.md,
  "Adding a claims file") are one `verify: error:` line and exit 2, and no file is written
  anywhere (`/tmp/x`, `../x`, `a/../b`, a NUL, `/`, a TeX group, ESC, 129 characters, …).
- `--out` never loses a user's file: a foreign file anywhere under it (figures/, tables/), a
  folder or a link where a report file goes, is an input error and stays as it was.
- Every report is inert: 36 payloads (HTML, Markdown, TeX, control characters, a 250,000-byte
  locator) in statements, locators, titles and readings, written in every format: report.html
  loaded in headless chromium has no script, no handler, nothing fetched; report.md rendered by
  cmark-gfm (raw HTML allowed, so that any leak shows) has no raw HTML, no link or image but
  the report's own; report.tex compiles under pdflatex and lualatex and reads no file outside
  the report and TeX's own (-recorder); report.csv reads back field for field, and no cell of
  it, of tables/*.csv or of `verify values --format csv` can start a spreadsheet formula.
- Issue 25: every statement of report.json is in report.md and report.html as rendered (in
  full: a long one folded or linked) and in report.csv, with the counterexample and a mark for
  refuted, inconclusive and error claims (tests/base/test_report_statements.cpp checks report.tex
  and the marks of every format).
- Terminal output (stdout, stderr) carries no control character but newline and tab.
- `@FILE` positions are refused in claims files; unknown [document] fields and a ragged asserted
  table are refused; a
  50,000-part dotted key is an error, not a crash; `merge` refuses a shard whose verdict was
  edited.
Usage (from ctest): e2e_report_safety.py --verify PATH --source-dir DIR --work-dir DIR
"""
import csv
import io
import json
import os
import re
import shutil
import subprocess
import tempfile
from html.parser import HTMLParser

from verify_e2e import check, finish, run, setup

SRC, WORK = setup()


def toml_str(s):
    return json.dumps(s)  # JSON escapes (\uXXXX) are TOML basic-string escapes


def claim(cid, statement="s", locator="l", document=None, title=None, reading=None,
          refuted=False):
    body = f"[[claim]]\nid = {toml_str(cid)}\nlocator = {toml_str(locator)}\n"
    body += f"statement = {toml_str(statement)}\nkind = \"table\"\nchecker = \"rook.table\"\n"
    if document is not None:
        body += f"document = {toml_str(document)}\n"
    if title is not None:
        body += f"title = {toml_str(title)}\n"
    if reading is not None:
        body += f"reading = {toml_str(reading)}\n"
    if refuted:
        body += 'expected_verdict = "refuted"\nasserted = [[0, 1], [1, 1]]\n'
    else:
        body += 'expected_verdict = "verified"\nasserted = [[0, 1], [1, 0]]\n'
    return body + "\n"


def claims_file(name, doc_id, claims, title="t"):
    path = os.path.join(WORK, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"[document]\nid = {toml_str(doc_id)}\ntitle = {toml_str(title)}\n\n" + claims)
    return path


def control_free(text, what):
    bad = [c for c in text if (ord(c) < 0x20 and c not in "\n\t") or 0x7F <= ord(c) <= 0x9F]
    check(not bad, f"{what}: no control character on the terminal, got {bad[:5]!r}")


def clean_error(r, what):
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    check(r.returncode == 2, f"{what}: exit 2 expected, got {r.returncode}: {r.stderr[-300:]!r}")
    check(len(lines) == 1 and lines[0].startswith("verify: error: "),
          f"{what}: one 'verify: error:' line expected, got {r.stderr[-300:]!r}")
    control_free(r.stdout + r.stderr, what)


def tree(folder):
    out = set()
    for root, dirs, files in os.walk(folder):
        for n in dirs + files:
            out.add(os.path.relpath(os.path.join(root, n), folder))
    return out


# --- Ids are names, not paths --------------------------------------------------------------------
escape = os.path.join(WORK, "escaped")  # where a path-like id would write
BAD_IDS = [escape, "../escaped", "a/../escaped", "x\u0000y", "/", "x.table}\\input{/etc/hostname}%",
           "a\u001b[31mred", "bell\u0007", "a" * 129, ".hidden", "-rf", "caf\u00e9", "", "a b",
           "a\\b", "a:b", "report.json/../x", "tables/x"]
before = tree(WORK)
for i, bad in enumerate(BAD_IDS):
    path = claims_file(f"bad-claim-{i}.toml", "doc", claim(bad))
    out = os.path.join(WORK, f"out-bad-claim-{i}")
    r = run(["run", "--claims", path, "--out", out, "--format", "json,md,tex,csv,html"])
    clean_error(r, f"claim id {bad[:40]!r}")
    check(not os.path.exists(out), f"claim id {bad[:40]!r}: nothing written")
    path = claims_file(f"bad-doc-{i}.toml", bad, claim("ok.id"))
    r = run(["run", "--claims", path, "--out", out, "--format", "json,md,tex,csv,html"])
    clean_error(r, f"document id {bad[:40]!r}")
    path = claims_file(f"bad-doc-claim-{i}.toml", "doc", claim("ok.id", document=bad))
    r = run(["run", "--claims", path, "--out", out, "--format", "tex"])
    clean_error(r, f"document id of a claim {bad[:40]!r}")
    check(not os.path.exists(out), f"document id {bad[:40]!r}: nothing written")
made = tree(WORK) - before
check(all(m.endswith(".toml") for m in made), f"bad ids write nothing but their claims files: {made}")
for p in ("/tmp/x.csv", "/.csv", escape + ".csv", escape + ".tex"):
    check(not os.path.exists(p) or p == "/tmp/x.csv", f"no file {p}")

# Valid ids that once clobbered the report set: each table has its own file.
path = claims_file("names.toml", "report", claim("report") + claim("report.json") + claim("junit") +
                   claim("documents") + claim("a.b") + claim("a-b"))
out = os.path.join(WORK, "out-names")
r = run(["run", "--claims", path, "--out", out, "--format", "json,md,tex,csv,html,junit"])
check(r.returncode == 0, f"ids named like report files run: {r.stderr[-300:]!r}")
with open(os.path.join(out, "report.json")) as f:
    check(json.load(f)["summary"]["claims"] == 6, "report.json is the JSON report")

# Shard ids: a shard whose claim or document id was edited into a path is refused by merge.
good = claims_file("good.toml", "doc", claim("g.one") + claim("g.two", refuted=True))
shard = os.path.join(WORK, "shard")
r = run(["run", "--claims", good, "--shard", "1/1", "--out", shard])
check(r.returncode == 0, f"shard run: {r.stderr[-300:]!r}")
with open(os.path.join(shard, "report.json")) as f:
    shard_report = json.load(f)
for field, value in (("id", "../escaped"), ("document", "/tmp/escaped"), ("id", "a\u001b]0;x\u0007")):
    edited = json.loads(json.dumps(shard_report))
    if field == "id":
        edited["claims"][0]["id"] = value
        edited["context"]["shard_claims"][0] = value
    else:
        edited["claims"][0]["source"]["document"] = value
    p = os.path.join(WORK, f"edited-{field}.json")
    with open(p, "w") as f:
        json.dump(edited, f)
    out = os.path.join(WORK, "out-merge-bad")
    r = run(["merge", p, "--out", out, "--format", "json,md,tex,csv"])
    clean_error(r, f"merge of a shard with {field} {value!r}")
    check(not os.path.exists(out), "merge of a bad shard writes nothing")
# A verdict edited by hand (its as_expected, then the summary, left as they were).
for what in ("verdict", "verdict+as_expected"):
    edited = json.loads(json.dumps(shard_report))
    edited["claims"][1]["verdict"] = "verified"
    if what == "verdict+as_expected":
        edited["claims"][1]["as_expected"] = False
    p = os.path.join(WORK, "edited-verdict.json")
    with open(p, "w") as f:
        json.dump(edited, f)
    r = run(["merge", p, "--out", os.path.join(WORK, "out-merge-verdict")])
    clean_error(r, f"merge of a shard with its {what} edited")

# --- @FILE, [document] fields, dotted keys --------------------------------------------------------
secret = os.path.join(WORK, "secret.txt")
with open(secret, "w") as f:
    f.write("1,3,6,10\n")
for pos in ("@" + secret, "@/proc/self/environ", "@/proc/sys/kernel/pid_max"):
    path = os.path.join(WORK, "atfile.toml")
    with open(path, "w") as f:
        f.write('[document]\nid = "d"\n\n[[claim]]\nid = "at.file"\nlocator = "l"\n'
                'statement = "s"\nkind = "example"\nchecker = "game.value"\n'
                f'params = {{ game = "welter", position = {toml_str(pos)} }}\n'
                'asserted = { value = 10 }\n')
    r = run(["run", "--claims", path, "--out", os.path.join(WORK, "out-atfile")])
    clean_error(r, f"position {pos} in a claims file")
    check("PATH=" not in r.stderr and "1,3,6,10" not in r.stderr, "the file is not echoed")
path = os.path.join(WORK, "docfield.toml")
with open(path, "w") as f:
    f.write('[document]\nid = "d"\nauthor = "x"\n\n' + claim("a.b"))
clean_error(run(["list", "--claims", path]), "unknown [document] field")
path = os.path.join(WORK, "ragged.toml")
with open(path, "w") as f:
    f.write('[document]\nid = "d"\n\n' +
            claim("a.b").replace("asserted = [[0, 1], [1, 0]]", "asserted = [[0, 1], [1]]"))
clean_error(run(["list", "--claims", path]), "a ragged asserted table")
path = os.path.join(WORK, "dotted.toml")
with open(path, "w") as f:
    f.write('[document]\nid = "d"\n\n[[claim]]\nid = "a"\n' + ".".join(["k"] * 50000) + " = 1\n")
clean_error(run(["list", "--claims", path]), "a 50,000-part dotted key")

# --- --out never deletes what the harness did not write --------------------------------------------
base = os.path.join(WORK, "out-user")
r = run(["run", "--claims", good, "--out", base, "--format", "json,md,csv,svg,tex"])
check(r.returncode == 0, f"report set for the --out checks: {r.stderr[-300:]!r}")
outside = os.path.join(WORK, "user-file.txt")


def foreign(setup_fn, what):
    target = os.path.join(WORK, "out-foreign")
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(base, target, symlinks=True)
    with open(outside, "w") as f:
        f.write("mine\n")
    keep = setup_fn(target)
    r = run(["run", "--claims", good, "--out", target, "--format", "json,md,csv,svg,tex"])
    clean_error(r, f"--out holding {what}")
    check(os.path.lexists(keep), f"--out holding {what}: it is still there")
    with open(outside) as f:
        check(f.read() == "mine\n", f"--out holding {what}: the file outside is unchanged")


def put(rel, text="mine\n"):
    def fn(target):
        p = os.path.join(target, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(text)
        return p
    return fn


def folder_at(rel):
    def fn(target):
        p = os.path.join(target, rel)
        if os.path.isfile(p):
            os.remove(p)
        os.makedirs(p)
        return p
    return fn


def link_at(rel, to):
    def fn(target):
        p = os.path.join(target, rel)
        if os.path.lexists(p):
            shutil.rmtree(p) if os.path.isdir(p) and not os.path.islink(p) else os.remove(p)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        os.symlink(to, p)
        return p
    return fn


foreign(put("figures/notes.txt"), "figures/notes.txt")
foreign(put("tables/mine.txt"), "tables/mine.txt")
foreign(put("tables/documents/mine.md"), "tables/documents/mine.md")
foreign(put("tables/.hidden.csv"), "a hidden file in tables/")
foreign(folder_at("report.json"), "a folder named report.json")
foreign(folder_at("figures/x.svg"), "a folder named figures/x.svg")
foreign(link_at("report.md", outside), "report.md as a link")
foreign(link_at("tables/g.two.csv", outside), "tables/g.two.csv as a link")
foreign(link_at("figures", WORK), "figures/ as a link")

# --- Every report inert and compilable ------------------------------------------------------------
PAYLOADS = [
    "<script>alert(1)</script>", "<h1 onclick=alert(1)>x</h1>",
    "<img src=http://example.invalid/x.png>", "![x](http://example.invalid/x.png)",
    "[click](javascript:alert(1))", "<javascript:alert(1)>", "<http://example.invalid/>",
    "http://example.invalid/track", "www.example.invalid", "user@example.invalid",
    "[x]: javascript:alert(1)", "[x][y]\n\n[y]: http://example.invalid",
    "`code` and ``` fence", "| a | b |\n|---|---|", "&lt;script&gt; &#60;img src=x&#62;",
    "<!-- comment", "<![CDATA[x]]>", "<svg onload=alert(1)>", "\"><script>alert(1)</script>",
    "' onmouseover='alert(1)", "# heading\n- list\n1. item", "***bold*** _em_ ~~strike~~ $x$",
    "\\input{/etc/hostname}", "}\\input{/etc/hostname}%", "\\openin5=/etc/hostname",
    "\\immediate\\write18{touch " + os.path.join(WORK, "pwned") + "}", "\\def\\x{y}\\x \\end{document}",
    "^^5cinput{/etc/hostname}", "\\catcode`\\^^M=13 \\verb|x", "% comment } { unbalanced {{{",
    "~ # & _ ^ \\\\ \\", "\u001b[31mred\u001b[0m\u0007bell\u009b31m", "a\u0000b\u0001c\u007f",
    "\u202eevil\u202c \u200b zero width", "a\r\nb\rc", "x" * 250000,
    # CSV formula injection (OWASP): each must reach a spreadsheet as text; -3 and -2.5e3 stay
    # numbers.
    "=1+1", "+1+1", "-1+1", "@SUM(1+1)*cmd|' /C calc'!A0", "\t=1+1", "\r=1+1",
    "=HYPERLINK(\"http://example.invalid/\",\"x\")", "=cmd|'/C calc'!A0", "'=1+1", "-3",
    "-2.5e3", "-", "- item",
]
body = ""
for i, p in enumerate(PAYLOADS):
    body += claim(f"p{i:02d}", statement=p, locator=p, document=f"doc{i:02d}", title=p, reading=p,
                  refuted=i % 2 == 1)
hostile = claims_file("payloads.toml", "payloads", body, title=PAYLOADS[1])
out = os.path.join(WORK, "out-payloads")
r = run(["run", "--claims", hostile, "--out", out, "--format", "json,md,tex,csv,html,junit,svg"])
check(r.returncode == 0, f"the payload claims run as expected: {r.returncode} {r.stderr[-500:]!r}")
control_free(r.stdout + r.stderr, "verify run of the payloads")
for args in (["list", "--claims", hostile], ["show", "p31", "--report", os.path.join(out, "report.json")]):
    r2 = run(args)
    check(r2.returncode == 0, f"verify {args[0]}: {r2.stderr[-300:]!r}")
    control_free(r2.stdout + r2.stderr, f"verify {args[0]} of the payloads")
with open(os.path.join(out, "report.json"), encoding="utf-8") as f:
    report = json.load(f)
claims = {c["id"]: c for c in report["claims"]}
check(len(claims) == len(PAYLOADS), f"every payload claim reported: {len(claims)}")
check(all(p.startswith(("report.", "junit.xml", "tables", "figures")) for p in tree(out)),
      f"only report files written: {sorted(tree(out))[:20]}")
check(not os.path.exists(os.path.join(WORK, "pwned")), "no shell command ran")

# The report's own anchors and figures; a mailto: link is what GitHub's Markdown makes of any
# address in text (no escape stops it), and opens nothing by itself.
ALLOWED_HREF = re.compile(r"^(#|figures/|mailto:)")


class Tags(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.bad, self.text = set(), [], []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        for k, v in attrs:
            if k.startswith("on"):
                self.bad.append(f"<{tag} {k}>")
            if k in ("href", "src", "xlink:href", "action", "formaction", "srcset") and v is not None \
                    and not ALLOWED_HREF.match(v) and not v.startswith("data:"):
                self.bad.append(f"<{tag} {k}={v[:60]}>")

    def handle_data(self, data):
        self.text.append(data)


# Markdown, through a CommonMark renderer with GitHub's extensions and raw HTML passed through.
cmark = shutil.which("cmark-gfm")
check(cmark is not None, "cmark-gfm is on the PATH (.ci/setup installs it)")
if cmark:
    r2 = subprocess.run([cmark, "--unsafe", "-e", "table", "-e", "autolink", "-e", "strikethrough",
                         os.path.join(out, "report.md")], capture_output=True, text=True)
    check(r2.returncode == 0, "cmark-gfm renders report.md")
    t = Tags()
    t.feed(r2.stdout)
    md_tags = {"p", "h1", "h2", "h3", "table", "thead", "tbody", "tr", "th", "td", "code", "pre",
               "strong", "em", "blockquote", "a", "img", "br", "hr", "details", "summary", "sup",
               "section", "ol", "li"}
    check(t.tags <= md_tags, f"report.md renders no raw HTML: {sorted(t.tags - md_tags)}")
    check(not t.bad, f"report.md renders no handler and no foreign link or image: {t.bad[:5]}")
    text = "".join(t.text)
    # Issue 25: every statement is in the rendered Markdown (Markdown has no line breaks in a
    # field: they are spaces; other control characters are U+FFFD).
    for c in claims.values():
        st = re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", "\ufffd", c["statement"])
        st = re.sub(r"[\r\n\t]", " ", st).strip()
        check(st in text, f"report.md shows the statement of {c['id']} in full")
    for p in ("<script>alert(1)</script>", "[click](javascript:alert(1))",
              "![x](http://example.invalid/x.png)", "<img src=http://example.invalid/x.png>"):
        check(p in text, f"report.md shows {p!r} as text")

# HTML, as the browser renders it.
browser = shutil.which("chromium") or shutil.which("chromium-browser")
check(browser is not None, "chromium is on the PATH (.ci/setup installs it)")
if browser:
    profile = tempfile.mkdtemp(prefix="profile-", dir=WORK)
    r2 = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                         "--disable-background-networking", f"--user-data-dir={profile}",
                         "--dump-dom", "file://" + os.path.join(out, "report.html")],
                        capture_output=True, text=True, timeout=120)
    shutil.rmtree(profile, ignore_errors=True)
    check("</html>" in r2.stdout, f"chromium renders report.html: {r2.stderr[-300:]}")
    t = Tags()
    t.feed(r2.stdout)
    forbidden = {"script", "iframe", "object", "embed", "img", "link", "base", "form", "input"}
    check(not (t.tags & forbidden), f"report.html has no active element: {t.tags & forbidden}")
    check(not t.bad, f"report.html has no handler and no foreign link: {t.bad[:5]}")
    text = "".join(t.text)
    for c in claims.values():  # issue 25: every statement, in full (a long one folded)
        st = re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", "\ufffd", c["statement"])
        st = st.replace("\r\n", "\n").replace("\r", "\n")
        check(st in text, f"report.html shows the statement of {c['id']} in full")
    for p in ("<script>alert(1)</script>", "<h1 onclick=alert(1)>x</h1>", "\\input{/etc/hostname}"):
        check(p in text, f"report.html shows {p!r} as text")

# TeX, under both engines: compiles, and reads no file but the report's and TeX's own.
for engine in ("pdflatex", "lualatex"):
    if shutil.which(engine) is None:
        check(False, f"{engine} is on the PATH (.ci/setup installs TeX Live)")
        continue
    folder = os.path.join(WORK, "tex-" + engine)
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(out, folder)
    r2 = subprocess.run([engine, "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape",
                         "-recorder", "report.tex"], cwd=folder, capture_output=True, text=True,
                        errors="replace", timeout=300)
    check(r2.returncode == 0 and os.path.exists(os.path.join(folder, "report.pdf")),
          f"report.tex of the payloads compiles under {engine}: {r2.stdout[-800:]!r}")
    with open(os.path.join(folder, "report.fls"), encoding="utf-8", errors="replace") as f:
        inputs = [l[6:].strip() for l in f if l.startswith("INPUT ")]
    outside_files = [p for p in inputs if os.path.isabs(p) and not p.startswith(folder)
                     and not p.startswith(("/usr/", "/var/lib/texmf", "/etc/texmf", "/var/cache/"))]
    check(not outside_files, f"{engine} reads no file outside the report and TeX: {outside_files[:5]}")
    check(not any("hostname" in p or "environ" in p for p in inputs), f"{engine}: /etc/hostname not read")

# CSV: no cell can start a formula (OWASP "CSV Injection": a cell starting with = + - @, a tab or
# a carriage return is prefixed with a single quote unless it is a plain number; so is one that
# starts with a quote), and every field reads back as the JSON has it once one leading quote is
# removed (reports/REPORTS.md).
csv.field_size_limit(1 << 24)
PLAIN_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?\Z")


def inert_cells(text, what):
    rows = list(csv.reader(io.StringIO(text, newline="")))
    check(rows, f"{what}: has rows")
    bad = [cell for row in rows for cell in row
           if cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not PLAIN_NUMBER.match(cell)]
    check(not bad, f"{what}: no cell starts a formula: {[b[:40] for b in bad[:5]]}")
    return rows


def read_cell(cell):
    return cell[1:] if cell.startswith("'") else cell


tables = os.path.join(out, "tables")
csv_files = [os.path.join(out, "report.csv")]
if os.path.isdir(tables):
    csv_files += [os.path.join(tables, n) for n in sorted(os.listdir(tables)) if n.endswith(".csv")]
for path in csv_files:
    with open(path, encoding="utf-8", newline="") as f:
        inert_cells(f.read(), os.path.relpath(path, out))
with open(os.path.join(out, "report.csv"), encoding="utf-8", newline="") as f:
    rows = [{k: read_cell(v) for k, v in row.items()} for row in csv.DictReader(f)]
with open(os.path.join(out, "report.csv"), encoding="utf-8", newline="") as f:
    raw = {row["id"]: row for row in csv.DictReader(f)}
for c in claims.values():
    if c["statement"] in ("-3", "-2.5e3"):
        check(raw[c["id"]]["statement"] == c["statement"],
              f"report.csv keeps the number {c['statement']} a number")
    if c["statement"] in ("=1+1", "-1+1", "'=1+1", "-"):
        check(raw[c["id"]]["statement"] == "'" + c["statement"],
              f"report.csv prefixes {c['statement']!r} with a quote")
# `verify values --format csv`: SOS boards are written with '-' for an empty square.
boards = os.path.join(WORK, "boards.txt")
with open(boards, "w", encoding="utf-8") as f:
    f.write("-----\nS----\n")
r = run(["values", "sos:5", "@" + boards, "--format", "csv"])
check(r.returncode == 0, f"values of SOS boards as CSV: {r.stderr[-300:]!r}")
values_rows = inert_cells(r.stdout, "verify values sos:5 --format csv")
check([read_cell(row[0]) for row in values_rows[1:]] == ["-----", "S----"],
      f"the boards read back: {values_rows}")
r = run(["values", "nim", "0..2", "--format", "csv"])
check(inert_cells(r.stdout, "verify values nim --format csv") ==
      [["position", "value"], ["0", "0"], ["1", "1"], ["2", "2"]], f"values as CSV: {r.stdout!r}")
check(len(rows) == len(claims), f"report.csv has a row per claim: {len(rows)}")
for row in rows:
    c = claims.get(row["id"])
    check(c is not None and row["locator"] == c["source"]["locator"] and
          row["summary"] == c["summary"], f"report.csv row {row['id']} reads back")
    if c is None:
        continue
    check(row["statement"] == c["statement"], f"report.csv has the statement of {row['id']}")
    ce = c["counterexample"]
    check((json.loads(row["counterexample"]) if row["counterexample"] else None) == ce,
          f"report.csv has the counterexample of {row['id']}")
    want = c["verdict"].upper() if c["verdict"] in ("refuted", "inconclusive", "error") else ""
    check(row["attention"] == want, f"report.csv marks {row['id']} for attention: {row['attention']!r}")

finish("e2e_report_safety")
