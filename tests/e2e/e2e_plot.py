#!/usr/bin/env python3
"""`verify plot GAME [RANGE] --out FILE.svg` and the figures of `verify run --format svg`: standalone
SVG pictures of any game's values, print-grade (reports/base/plots.h).

- Every picture, of every kind (sequence, binned sequence, outcome strip, grid, SOS boards,
  Chomp, Frolov's grids and log plot, Welter's point plot and grid): well-formed XML, 3.5 in wide
  (viewBox in points), every text at least 7 pt at that size, a legend, axes with ticks and
  labels, no title or caption drawn (the <title> names the game, the <desc> the kernel, as
  metadata), values on viridis with a colour bar.
- Its data elements (class "v") are one per position shown, and their values are those of
  `verify values` (sequences, grids, SOS boards) or the P-positions `verify values` finds (Chomp);
  a long sequence's bins hold the min, max and P-position count of the values they cover; Welter's
  [a|b] cells are (a xor b) - 1.
- The proved period of octal:0.07 and subtraction:1,3,4 is drawn as the bands of
  `verify period GAME --format json`; grundy (no period) has no band. Without a RANGE a game with
  a proved period shows its preperiod and two periods: `verify plot octal:0.16` shows n up to
  105351 + 2 * 149459 - 1.
- Bad input (unknown game, reversed range, too large a picture, an --out that cannot be written)
  exits 2 with exactly one `verify: error:` line and writes nothing.
Usage (from ctest): e2e_plot.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os
import re
import xml.etree.ElementTree as ET

from verify_e2e import check, finish, run, setup

SRC, WORK = setup()
NS = "{http://www.w3.org/2000/svg}"


def plot(args, name):
    """Runs `verify plot ARGS --out WORK/name.svg`; the parsed root, or None."""
    path = os.path.join(WORK, name + ".svg")
    r = run(["plot"] + args + ["--out", path])
    check(r.returncode == 0, f"plot {args}: exit 0 expected, got {r.returncode}: {r.stderr[-400:]!r}")
    if r.returncode != 0:
        return None
    check(os.path.isfile(path), f"plot {args}: {path} written")
    check(not [f for f in os.listdir(WORK) if ".tmp" in f], f"plot {args}: no temporary left")
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        check(False, f"plot {args}: well-formed XML: {e}")
        return None
    check(root.tag == NS + "svg", f"plot {args}: an <svg> root, got {root.tag}")
    game = args[0]
    title = root.find(NS + "title")
    # The game by its name in words (its family's PlotHints::name: "Dawson's Kayles (octal 0.07)",
    # "the subtraction game S = {1, 3, 4}"), or its spec when the family declares none.
    words = (title.text or "") if title is not None else ""
    family, _, params = game.partition(":")
    check(title is not None and (game in words or (params and params.split(",")[0] in words) or
                                 any(part.rstrip("s") in words.lower() for part in family.split("-"))),
          f"plot {args}: the title names {game}: {words!r}")
    desc = root.find(NS + "desc")
    text = (desc.text or "") if desc is not None else ""
    check(desc is not None and "values computed" in text and "kernel '" not in text,
          f"plot {args}: the description says how the values were computed, no kernel name: {text!r}")
    print_grade(root, f"plot {args}")
    return root


def print_grade(root, what):
    """3.5 in wide, text at least 7 pt there, a legend and axes, nothing but data drawn as words."""
    width, height = root.get("width", ""), root.get("height", "")
    check(width == "3.5in" and height.endswith("pt"), f"{what}: 3.5 in wide, got {width!r} x {height!r}")
    vb = [float(x) for x in root.get("viewBox", "0 0 0 0").split()]
    if width == "3.5in" and height.endswith("pt") and vb[2] > 0:
        scale = 3.5 * 72 / vb[2]  # points per unit at 3.5 in
        check(abs(float(height[:-2]) / vb[3] - scale) < 1e-3, f"{what}: the aspect ratio is kept")
        sizes = []
        for t in root.iter():
            if t.tag in (NS + "text", NS + "tspan"):
                size = t.get("font-size")
                check(size is not None or t.tag == NS + "tspan", f"{what}: every text has its size")
                if size is not None:
                    sizes.append(float(size) * scale)
        check(sizes and min(sizes) >= 7 - 1e-9, f"{what}: text at least 7 pt at 3.5 in, smallest {min(sizes or [0]):.2f}")
    words = [(t.text or "").strip() for t in root.iter(NS + "text")]
    title = (root.findtext(NS + "title") or "").strip()
    desc = (root.findtext(NS + "desc") or "").strip()
    check(title not in words and desc not in words and
          not [t for t in root.iter(NS + "text") if t.get("class") in ("title", "caption")],
          f"{what}: no title or caption drawn")
    check(root.find(f".//{NS}g[@class='legend']") is not None, f"{what}: a legend")
    check(len([l for l in root.iter(NS + "line")]) >= 4 and len(words) >= 4, f"{what}: axes with ticks and labels")


def data(root, tag=None):
    """The data elements: class "v"."""
    return [e for e in root.iter() if "v" in (e.get("class") or "").split()
            and (tag is None or e.tag == NS + tag)]


def values_json(game, items):
    r = run(["values", game] + items + ["--format", "json"])
    check(r.returncode == 0, f"values {game}: {r.stderr[-300:]!r}")
    return json.loads(r.stdout) if r.returncode == 0 else {"positions": [], "values": []}


def period_of(game):
    r = run(["period", game, "--format", "json"])
    check(r.returncode == 0, f"period {game}: {r.stderr[-300:]!r}")
    j = json.loads(r.stdout)
    return j["preperiod"], j["period"]


def bands(root):
    return {e.get("class"): (int(e.get("data-from")), int(e.get("data-to")))
            for e in root.iter(NS + "rect")
            if e.get("class") in ("preperiod-band", "period-band", "period-band-2")}


def all_text(root):
    return " ".join((t.text or "") for t in root.iter(NS + "text"))


def check_sequence(game, lo, hi, name, period=True):
    root = plot([game, f"{lo}..{hi}"], name)
    if root is None:
        return None
    rects = data(root, "rect")
    expected = values_json(game, [f"{lo}..{hi}"])
    check(len(rects) == hi - lo + 1, f"{game}: {hi - lo + 1} bars, got {len(rects)}")
    got = {int(e.get("data-n")): int(e.get("data-value")) for e in rects}
    want = {int(p): v for p, v in zip(expected["positions"], expected["values"])}
    check(got == want, f"{game}: the bars' values are those of `verify values`")
    if period:
        e, p = period_of(game)
        b = bands(root)
        if e > 0:
            check(b.get("preperiod-band") == (max(lo, 0), min(e - 1, hi)),
                  f"{game}: preperiod band 0..{e - 1}, got {b.get('preperiod-band')}")
        else:
            check("preperiod-band" not in b, f"{game}: no preperiod band (e = 0)")
        check(b.get("period-band") == (e, min(e + p - 1, hi)),
              f"{game}: period band {e}..{e + p - 1}, got {b.get('period-band')}")
        if e + p <= hi:
            check(b.get("period-band-2") == (e + p, min(e + 2 * p - 1, hi)),
                  f"{game}: second period band {e + p}..{e + 2 * p - 1}, got {b.get('period-band-2')}")
        legend = f"preperiod e = {e}, period p = {p} (proved)"
        check(legend in all_text(root), f"{game}: the legend says {legend!r}")
    return root


# --- one coordinate: bars, the proved period ---------------------------------------------------
root = check_sequence("octal:0.07", 0, 200, "kayles")
e, p = period_of("octal:0.07")
check((e, p) == (53, 34), f"octal:0.07: verify period says e = 53, p = 34, got {(e, p)}")
check_sequence("subtraction:1,3,4", 0, 100, "sub134")
root = check_sequence("grundy", 0, 150, "grundy", period=False)
if root is not None:
    check(not bands(root), "grundy: no period band (the family proves no period)")
    check("(proved)" not in all_text(root), "grundy: no period legend")

# Default range 0..200; fibonacci-nim takes no position 0.
root = plot(["fibonacci-nim"], "fibnim")
if root is not None:
    check(len(data(root)) == 200, f"fibonacci-nim: 200 bars (n = 1..200), got {len(data(root))}")
    check(min(int(e.get("data-n")) for e in data(root)) == 1, "fibonacci-nim: the first bar is n = 1")

# --- a long sequence in bins; the default window of a proved period ------------------------------
def check_bins(root, game, lo, hi):
    """Every bin holds the min, max and P-count of the values it covers; the bins tile lo..hi."""
    bins = sorted(data(root, "rect"), key=lambda e: int(e.get("data-from")))
    check(bins and all("bin" in e.get("class").split() for e in bins), f"{game}: drawn in bins")
    check(len(bins) <= 420, f"{game}: at most 420 bars, got {len(bins)}")
    want = values_json(game, [f"{lo}..{hi}"])
    values = dict(zip((int(p) for p in want["positions"]), want["values"]))
    at = lo
    for e in bins:
        a, b = int(e.get("data-from")), int(e.get("data-to"))
        check(a == at, f"{game}: bins tile the range: a bin starts at {a}, expected {at}")
        at = b + 1
        vs = [values[n] for n in range(a, b + 1)]
        got = (int(e.get("data-min")), int(e.get("data-max")), int(e.get("data-zeros")))
        if got != (min(vs), max(vs), vs.count(0)):
            check(False, f"{game}: bin {a}..{b} holds {got}, the values give {(min(vs), max(vs), vs.count(0))}")
            break
    check(at == hi + 1, f"{game}: the bins end at {hi}, got {at - 1}")


root = plot(["octal:0.07", "0..5000"], "kayles_bins")
if root is not None:
    check_bins(root, "octal:0.07", 0, 5000)
    check(len(data(root)) <= 420, "octal:0.07 0..5000: at most 420 bars")

# `verify plot octal:0.16` shows its proved period: preperiod 105351 and two periods of 149459.
root = plot(["octal:0.16"], "octal_016")
if root is not None:
    e, p = period_of("octal:0.16")
    check((e, p) == (105351, 149459), f"octal:0.16: e = 105351, p = 149459, got {(e, p)}")
    b = bands(root)
    check(b.get("preperiod-band") == (0, e - 1) and b.get("period-band") == (e, e + p - 1)
          and b.get("period-band-2") == (e + p, e + 2 * p - 1),
          f"octal:0.16: the preperiod and two periods are drawn, got {b}")
    ends = [int(x.get("data-to")) for x in data(root, "rect")]
    check(ends and max(ends) == e + 2 * p - 1, f"octal:0.16: the window ends at {e + 2 * p - 1}, got {max(ends or [0])}")
    check(f"preperiod e = {e}, period p = {p} (proved)" in all_text(root), "octal:0.16: the legend names the period")
    # The long range is also a period-aligned raster: one row per period, rows from e - p on
    # (the first partly before n = 0), a line where the preperiod ends; rows after it repeat.
    raster = root.find(f".//{NS}g[@class='raster']")
    check(raster is not None, "octal:0.16: a period-aligned raster under the bands")
    if raster is not None:
        check((raster.get("data-period"), raster.get("data-rows"), raster.get("data-row0")) ==
              (str(p), "3", str(e - p)),
              f"octal:0.16: raster of 3 rows of {p} from {e - p}, got {raster.attrib}")
        cells = [c for c in raster.iter(NS + "rect") if c.get("class") == "raster-cell"]
        rows = {}
        for c in cells:
            rows.setdefault(c.get("y"), []).append((round(float(c.get("x")), 1), c.get("fill")))
        ys = sorted(rows, key=float)
        check(len(ys) == 3 and rows[ys[1]] == rows[ys[2]] and rows[ys[0]] != rows[ys[1]],
              "octal:0.16: the two rows after the preperiod are equal, the one before differs")
        check(root.find(f".//{NS}line[@class='preperiod-end']") is not None,
              "octal:0.16: a line marks where the preperiod ends")
    # Both ends of the n axis are ticked: 0 and the last n drawn.
    labels = [(t.text or "").strip() for t in root.iter(NS + "text")]
    check("0" in labels and str(e + 2 * p - 1) in labels,
          f"octal:0.16: the n axis is ticked at both ends (0, {e + 2 * p - 1})")

# --- outcomes, one coordinate: misère Nim, P exactly at n = 1 ---------------------------------
root = plot(["misere-nim", "0..40"], "misere_nim")
if root is not None:
    cells = data(root)
    check(len(cells) == 41, f"misere-nim: 41 cells, got {len(cells)}")
    check({int(c.get("data-n")) for c in cells if c.get("data-outcome") == "P"} == {1},
          "misere-nim: the only P heap is 1")

# --- two coordinates: grids, P outlined -------------------------------------------------------
root = plot(["rook"], "rook")
if root is not None:
    cells = data(root)
    check(len(cells) == 32 * 32, f"rook: 1024 cells, got {len(cells)}")
    check(all(int(c.get("data-value")) == int(c.get("data-x")) ^ int(c.get("data-y"))
              for c in cells), "rook: G(x, y) = x xor y")
    ps = [c for c in cells if "p" in c.get("class").split()]
    check(len(ps) == 32 and all(c.get("stroke") == "black" for c in ps),
          "rook: the 32 P-positions x = y outlined")

root = plot(["wythoff", "0..40"], "wythoff")
if root is not None:
    cells = data(root)
    check(len(cells) == 41 * 41, f"wythoff: 1681 cells, got {len(cells)}")
    phi = (1 + 5 ** 0.5) / 2
    pairs = set()
    for k in range(0, 41):
        a, b = int(k * phi), int(k * phi * phi)
        for x, y in ((a, b), (b, a)):
            if x <= 40 and y <= 40:
                pairs.add((x, y))
    got = {(int(c.get("data-x")), int(c.get("data-y"))) for c in cells
           if "p" in c.get("class").split()}
    check(got == pairs, f"wythoff: the P cells are the Wythoff pairs: {sorted(got ^ pairs)[:5]}")
    sample = values_json("wythoff", ["3,5", "7,2", "10,10"])
    by = {(int(c.get("data-x")), int(c.get("data-y"))): int(c.get("data-value")) for c in cells}
    check([by[(3, 5)], by[(7, 2)], by[(10, 10)]] == sample["values"],
          "wythoff: cells agree with `verify values`")

root = plot(["empty-and-divide", "0..12"], "empty_divide")
if root is not None:
    check(len(data(root)) == 12 * 12, f"empty-and-divide: 144 cells (m, n >= 1), got {len(data(root))}")
    none = [e for e in root.iter(NS + "rect") if e.get("class") == "none"]
    check(len(none) == 13 * 13 - 144, "empty-and-divide: 25 cells marked 'not a position'")

# --- SOS: every board of the strip, coloured by outcome ---------------------------------------
root = plot(["sos:6"], "sos6")
if root is not None:
    boards = []
    for i in range(3 ** 6):
        s, k = "", i
        for _ in range(6):
            s, k = s + "-SO"[k % 3], k // 3
        if "SOS" not in s:
            boards.append(s)
    cells = data(root)
    check(len(cells) == len(boards), f"sos:6: {len(boards)} boards without SOS, got {len(cells)}")
    listing = os.path.join(WORK, "sos6.txt")
    with open(listing, "w", encoding="utf-8") as f:
        f.write("\n".join(boards) + "\n")
    want = values_json("sos:6", ["@" + listing])
    word = {"P": "P", "N": "N", "draw": "D"}  # `verify values` writes P, N, draw
    want_map = {b: word[o] for b, o in zip(want.get("positions", []), want.get("outcomes", []))}
    got = {c.find(NS + "title").text.split(":")[0]: c.get("data-outcome") for c in cells}
    check(got == want_map, "sos:6: each board's colour is its outcome by `verify values`")

# --- Chomp: the P-positions of boards with at most three rows --------------------------------
R = 20
root = plot(["chomp", f"0..{R}"], "chomp")
if root is not None:
    listing = os.path.join(WORK, "chomp.txt")
    boards = []
    for c in range(R + 1):
        for b in range(c, R + 1):
            for a in range(max(b, 1), R + 1):
                boards.append((a, b, c))
    with open(listing, "w", encoding="utf-8") as f:
        for a, b, c in boards:
            f.write(",".join(str(x) for x in (a, b, c) if x > 0) + "\n")
    want = values_json("chomp", ["@" + listing])
    want_p = {t for t, v in zip(boards, want.get("values", [])) if v == 0}
    got = {(int(e.get("data-a")), int(e.get("data-b")), int(e.get("data-c")))
           for e in data(root, "circle")}
    check(len(data(root, "circle")) == len(want_p) and got == want_p,
          f"chomp: the points are the {len(want_p)} P-positions, got {len(got)}")
    check((2, 1, 0) in got and (1, 0, 0) in got, "chomp: (1) and (2,1) are P")
    check(len({(b, c) for _, b, c in got}) == len(got), "chomp: at most one a for each (b, c)")

# --- every family draws ----------------------------------------------------------------------
# One spec of each family `verify games` lists (the list must cover them all), drawn with its
# default range: a picture with values in it, and not all of one value where the family has more.
EVERY_FAMILY = ["chomp", "dawson-strip", "digital-deletion", "digital-deletion:5", "digits",
                "dynamic-subtraction", "empty-and-divide", "fibonacci-nim", "grundy", "hex:0.F",
                "misere-nim", "nim", "octal:0.07", "octal-misere:0.07", "rook", "rook-misere",
                "rook-misere:4", "sos:5", "subtraction:1,3,4", "subtraction:squares",
                "subtraction:fibonacci", "subtraction:primes", "subtraction-misere:1,2,3",
                "thirteen", "welter", "wythoff"]
r = run(["games"])
families = {line.split()[0] for line in r.stdout.splitlines() if line and not line[0].isspace()}
covered = {spec.split(":")[0] for spec in EVERY_FAMILY}
check(families and families <= covered, f"every family is drawn: missing {sorted(families - covered)}")
for spec in EVERY_FAMILY:
    root = plot([spec], "family_" + spec.replace(":", "_").replace(",", "_").replace(".", "_"))
    if root is None:
        continue
    shown = data(root)
    check(len(shown) >= 5, f"{spec}: {len(shown)} data elements drawn")
    # The title names the range drawn: its last n (or x, y) is the last one with a value.
    title = root.findtext(NS + "title") or ""
    m = re.search(r"\b(n|x, y) = (\d+)\.\.(\d+)", title)
    if m and shown and shown[0].get("data-n") is not None:
        check(max(int(e.get("data-n")) for e in shown) == int(m.group(3)),
              f"{spec}: the title's range {m.group(0)!r} ends at the last value drawn")
    elif m and shown and shown[0].get("data-x") is not None:
        check(max(max(int(e.get("data-x")), int(e.get("data-y"))) for e in shown) == int(m.group(3)),
              f"{spec}: the title's range {m.group(0)!r} ends at the last position drawn")
    kinds = {e.get("data-value") or e.get("data-outcome") or "p" for e in shown}
    check(len(kinds) >= 2 or spec == "chomp", f"{spec}: every drawn value is the same ({kinds})")
# Dawson's strip is drawn as strips of n free squares: the values of Dawson's Kayles (.07).
root = plot(["dawson-strip", "0..30"], "strip_0_30")
if root is not None:
    want = values_json("octal:0.07", ["0..30"])
    got = [int(e.get("data-value")) for e in sorted(data(root), key=lambda e: int(e.get("data-n")))]
    check(got == want.get("values"), f"dawson-strip: the strips' values are those of .07: {got}")

# --- the report's own figures: Frolov's grids and log plot, Welter's point plot and grid --------
figs = os.path.join(WORK, "figures-run")
r = run(["run", "frolov2012.table1.right", "frolov2012.table2.g.m3", "welter.start.nonzero",
         "welter.relation.zero_coin", "octal-records.dawson-kayles.07", "--out", figs, "--format", "json,svg", "-q"])
check(r.returncode == 0, f"run of the figures' claims: exit 0, got {r.returncode}: {r.stderr[-300:]!r}")
names = sorted(os.listdir(os.path.join(figs, "figures"))) if r.returncode == 0 else []
for want in ["frolov_f_frolov2012.table1.right.svg", "frolov_table2_growth.svg", "welter_pair_values.svg",
             "welter_w_fractal.svg", "octal_0.07.svg"]:
    check(want in names, f"the run draws {want}, got {names}")
for name in names:
    try:
        fig = ET.parse(os.path.join(figs, "figures", name)).getroot()
    except ET.ParseError as err:
        check(False, f"figures/{name}: well-formed XML: {err}")
        continue
    print_grade(fig, f"figures/{name}")
    check(data(fig), f"figures/{name}: data elements drawn")
    if name == "welter_pair_values.svg":
        cells = data(fig, "rect")
        check(len(cells) == 64 * 64 - 64, f"welter [a|b]: 4032 cells, got {len(cells)}")
        check(all(int(c.get("data-value")) == (int(c.get("data-x")) ^ int(c.get("data-y"))) - 1 for c in cells),
              "welter [a|b]: each cell is (a xor b) - 1")
        check(fig.find(f".//{NS}g[@class='colorbar']") is not None, "welter [a|b]: a colour bar")
    if name == "welter_w_fractal.svg":
        pts = data(fig, "circle")
        check(sorted(int(c.get("data-x")) for c in pts) == list(range(1, 2048)), "welter w(n): one point per n = 1..2047")
        check(all(int(c.get("data-group")) == int(c.get("data-x")).bit_length() for c in pts),
              "welter w(n): each point's group is the binary length of n")
    if name == "octal_0.07.svg":
        b = bands(fig)
        check(b.get("preperiod-band") == (0, 52) and b.get("period-band") == (53, 86)
              and b.get("period-band-2") == (87, 120), f"figures/octal_0.07: preperiod and two periods, got {b}")
        got = {int(e.get("data-n")): int(e.get("data-value")) for e in data(fig, "rect")}
        want = values_json("octal:0.07", ["0..120"])
        check(got == {int(p): v for p, v in zip(want["positions"], want["values"])},
              "figures/octal_0.07: the bars are the values 0..120")
    if name.startswith("frolov_f_"):
        report = json.load(open(os.path.join(figs, "report.json"), encoding="utf-8"))
        claim = next(c for c in report["claims"] if c["id"] == "frolov2012.table1.right")
        grid = claim["evidence"]["computed"]  # grid[m][n], m the row (y), n the column (x)
        cells = data(fig, "rect")
        check(len(cells) == sum(len(row) for row in grid)
              and all(int(c.get("data-value")) == grid[int(c.get("data-y"))][int(c.get("data-x"))] for c in cells),
              f"figures/{name}: every cell is the value the checker computed")

# --- bad input: one line, exit 2, nothing written --------------------------------------------
def refused(args, what, naming=None):
    before = set(os.listdir(WORK))
    r = run(["plot"] + args)
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    check(r.returncode == 2, f"{what}: exit 2 expected, got {r.returncode}: {r.stderr[-300:]!r}")
    check(len(lines) == 1 and lines[0].startswith("verify: error: "),
          f"{what}: one 'verify: error:' line expected, got {r.stderr[-300:]!r}")
    if naming:
        check(naming in r.stderr, f"{what}: the error names {naming!r}: {r.stderr!r}")
    check(set(os.listdir(WORK)) == before, f"{what}: nothing written")


bad = os.path.join(WORK, "bad.svg")
refused(["no-such-game", "--out", bad], "unknown game", "no-such-game")
refused(["octal:0.07", "10..5", "--out", bad], "reversed range", "10..5")
refused(["octal:0.07", "0..3000000", "--out", bad], "too long a sequence", "at most 2000000")
refused(["rook", "0..1000", "--out", bad], "too large a grid", "at most 200000")
refused(["chomp", "0..500", "--out", bad], "too many chomp boards", "at most 200000")
refused(["sos:12", "--out", bad], "too many SOS boards", "at most 200000")
refused(["octal:0.07"], "no --out", "--out")
refused(["octal:0.07", "--out", os.path.join(WORK, "no", "such", "dir", "x.svg")],
        "--out in a missing folder", "does not exist")
refused(["subtraction:1,2", "0..10", "--out", "/proc/verify_plot_test.svg"],
        "an --out that cannot be written", "/proc")

r = run(["help"])
check("plot GAME" in r.stdout, "`verify help` lists plot")
finish("e2e_plot")
