#!/usr/bin/env python3
"""The generic claims and the bulk commands (issue #15), as a researcher uses them.

- tests/data/generic_claims.toml: every claim as expected; each altered claim refuted with its
  least counterexample.
- A range's positions have the game's own number of coordinates (wythoff: pairs); a stated
  `coordinates` that is not the game's does not load.
- A claim that does not say exactly one thing does not load: a misspelt or out-of-range key, a
  position the game does not take, a formula that does not parse, a value asserted of a game
  with outcomes — one `verify: error:` line naming the key, exit 2.
- `verify values` (text, csv, json, bfile), `verify value --kernel`, `verify cross-check
  --values B-FILE` (a wrong line exits 1 naming it) and `--external 'CMD'`.
Usage (from ctest): e2e_generic.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os
import sys

from verify_e2e import check, finish, run, setup

SRC, WORK = setup()
GENERIC = os.path.join(SRC, "tests", "data", "generic_claims.toml")


def clean_error(r, what, naming=None):
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    check(r.returncode == 2, f"{what}: exit 2 expected, got {r.returncode}: {r.stderr[-300:]!r}")
    check(len(lines) == 1 and lines[0].startswith("verify: error: "),
          f"{what}: one 'verify: error:' line expected, got {r.stderr[-300:]!r}")
    if naming:
        check(naming in r.stderr, f"{what}: the error names {naming!r}: {r.stderr!r}")


def write(name, text):
    path = os.path.join(WORK, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def one_claim(name, checker, params, asserted=None):
    body = ('[document]\nid = "g"\n\n[[claim]]\nid = "g.' + name + '"\nlocator = "test"\n'
            'statement = "test"\nkind = "example"\n'
            f'checker = "{checker}"\nexpected_verdict = "verified"\nparams = {params}\n')
    if asserted is not None:
        body += f"asserted = {asserted}\n"
    return write(name + ".toml", body)


# --- the test claims file ---------------------------------------------------------------------
out = os.path.join(WORK, "generic")
r = run(["run", "--claims", GENERIC, "--out", out, "--jobs", "2"])
check(r.returncode == 0, f"generic claims: every verdict as expected: {r.stdout[-2000:]}{r.stderr}")
report = json.load(open(os.path.join(out, "report.json"), encoding="utf-8"))
by_id = {c["id"]: c for c in report["claims"]}
check(all(c["as_expected"] for c in report["claims"]), "every generic claim as expected")
check(sum(c["verdict"] == "refuted" for c in report["claims"]) == 14, "the 14 altered claims refuted")
least = {
    "generic.kayles.altered": {"position": 27, "asserted": 9, "computed": 8},
    "generic.fibonacci_nim.lucas_wrong": {"position": 2, "asserted": "N", "computed": "P"},
    "generic.sub123.mod3_wrong": {"n": 3, "computed": 3, "formula": 0},
    "generic.rook.plus_wrong": {"position": [1, 1], "computed": 0, "formula": 2},
    "generic.wythoff.p_positions_wrong": {"position": [4, 6], "asserted": "P", "computed": "N"},
    "generic.grundy.shifted_wrong": {"position": 3, "asserted": 0, "computed": 1},
    # false periods: the least n >= the preperiod where G(n + p) = G(n) + s fails
    "generic.hex.08.saltus_wrong": {"n": 1},
    "generic.hex.8B.naive_window_wrong": {"n": 13, "G(n)": 6, "G(n+p)": 8},
    "generic.nim.arithmetic_wrong": {"n": 0, "G(n)": 0, "G(n+p)": 2},
    # where = "x != y": the diagonal is skipped, the least kept position is [0, 1]
    "generic.welter.two_coins_wrong": {"position": [0, 1], "computed": 0, "formula": 1},
}
for cid, want in least.items():
    got = by_id.get(cid, {}).get("counterexample") or {}
    check(all(got.get(k) == v for k, v in want.items()),
          f"{cid}: least counterexample {want}, got {got}")
check(by_id["generic.kayles.oeis"]["evidence"]["naive_checked"] == 84,
      "the reference kernel recomputes the leading positions")
# The game says its positions are pairs: wythoff with range = [0, 40] and no `coordinates`.
inferred = by_id["generic.wythoff.p_positions_inferred"]
check(inferred["verdict"] == "verified" and inferred["evidence"]["p_positions_found"] == 31
      and inferred["evidence"]["domain"] == "x, y in 0..40",
      f"wythoff's P-pairs up to 40 from the game's own coordinates: {inferred.get('summary')}")

# --- claims that do not say exactly one thing do not load ----------------------------------
bad = [
    ("misspelt", "game.values", '{ game = "octal:0.07", frist = 1 }', "[0, 1]", "frist"),
    ("both_ways", "game.values", '{ game = "nim", first = 1, positions = ["1"] }', "[1]", "first"),
    ("count", "game.values", '{ game = "nim", positions = ["1", "2"] }', "[1]", "positions"),
    ("outcome_values", "game.values", '{ game = "sos:4" }', "[0]", "outcomes"),
    ("bad_position", "game.value", '{ game = "nim", position = "3,x" }', "{ value = 1 }",
     "position"),
    ("value_and_outcome", "game.value", '{ game = "nim", position = "3" }',
     '{ value = 3, outcome = "N" }', "exactly one"),
    ("draw_in_nim", "game.value", '{ game = "nim", position = "3" }', '{ outcome = "draw" }',
     "draw"),
    ("bad_move", "game.value", '{ game = "nim", position = "3" }',
     '{ value = 3, winning_moves = ["-1"] }', "winning_moves"),
    ("reversed", "game.p_positions", '{ game = "nim", range = [5, 1] }', "[]", "range"),
    # a range of one heap through a kernel that streams has no size bound (time and memory
    # limits); a domain held or visited one by one does: 10001^2 > 2·10^7
    ("too_big", "game.p_positions", '{ game = "nim", coordinates = 2, range = [0, 10000] }',
     "[]", "100020001 positions"),
    ("pairs_as_1d", "game.p_positions", '{ game = "rook", range = [0, 3], coordinates = 1 }',
     "[[0, 0]]", "coordinates"),
    # A game that fixes its coordinates refuses another count; nim's positions are sums of any
    # number of heaps, so `coordinates = 2` (two heaps, "x xor y") is a claim, not a fault.
    ("heaps_as_pairs", "game.formula", '{ game = "subtraction:1,3,4", range = [0, 3], '
     'coordinates = 2 }', '"x xor y"', "coordinates"),
    ("heaps_for_pairs", "game.p_positions", '{ game = "wythoff", range = [0, 3] }', "[0]",
     "asserted"),
    ("pairs_in_1d", "game.p_positions", '{ game = "nim", range = [0, 3] }', "[[0, 0]]",
     "asserted"),
    ("residue", "game.p_positions", '{ game = "nim", range = [0, 9] }',
     "{ modulus = 3, residues = [3] }", "residues"),
    # The list is the claim: unsorted or repeated integers, or a pair listed twice, are refused.
    ("unsorted", "game.p_positions", '{ game = "subtraction:1,3,4", range = [0, 10] }',
     "[2, 0, 7, 9]", "increasing order"),
    ("duplicated", "game.p_positions", '{ game = "subtraction:1,3,4", range = [0, 10] }',
     "[0, 2, 2, 7, 9]", "increasing order"),
    ("pair_twice", "game.p_positions", '{ game = "wythoff", range = [0, 3] }',
     "[[0, 0], [1, 2], [2, 1], [1, 2]]", "listed twice"),
    ("unknown_kernel", "game.formula", '{ game = "nim", range = [0, 9], kernel = "fast" }',
     '"n"', "kernel"),
    ("formula_syntax", "game.formula", '{ game = "nim", range = [0, 9] }', '"n / 2"',
     "asserted"),
    ("formula_name", "game.formula", '{ game = "nim", range = [0, 9] }', '"m + 1"', "asserted"),
    ("formula_game", "game.formula", '{ game = "nim", range = [0, 9] }',
     "'G(\"octal:9.9\", n)'", "octal:9.9"),
    ("no_asserted", "game.formula", '{ game = "nim", range = [0, 9] }', None, "asserted"),
]
for name, checker, params, asserted, naming in bad:
    path = one_claim(name, checker, params, asserted)
    clean_error(run(["list", "--claims", path]), f"claim {name} must not load", naming)
    check(not os.path.exists(os.path.join(WORK, "out-" + name)), f"{name}: nothing written")

# Every claim that does not load is reported, one line each (here all of the above at once,
# with a claim that loads between them), then exit 2 and nothing written.
body = '[document]\nid = "g"\n'
for name, checker, params, asserted, naming in bad:
    body += (f'\n[[claim]]\nid = "all.{name}"\nlocator = "test"\nstatement = "test"\n'
             f'kind = "example"\nchecker = "{checker}"\nparams = {params}\n'
             + (f"asserted = {asserted}\n" if asserted is not None else ""))
    body += ('\n[[claim]]\nid = "all.fine_after_' + name + '"\nlocator = "test"\nstatement = "test"\n'
             'kind = "example"\nchecker = "game.values"\nparams = { game = "nim" }\nasserted = [0, 1]\n')
r = run(["run", "--claims", write("all_bad.toml", body), "--out", os.path.join(WORK, "all-bad")])
lines = [l for l in r.stderr.splitlines() if l.strip()]
check(r.returncode == 2, f"all load errors: exit 2, got {r.returncode}")
check(len(lines) == len(bad) and all(l.startswith("verify: error: ") for l in lines),
      f"all load errors: {len(bad)} 'verify: error:' lines, got {r.stderr[-600:]!r}")
for (name, _, _, _, naming), line in zip(bad, lines):
    check(f"'all.{name}'" in line and naming in line, f"all load errors: line for {name}: {line!r}")
check(not os.path.exists(os.path.join(WORK, "all-bad")), "all load errors: nothing written")

# where = "x != y" lets a formula state what holds off the diagonal; without it the range's
# diagonal is not a Welter position and the claim does not load.
path = one_claim("welter_where", "game.formula",
                 '{ game = "welter", coordinates = 2, range = [0, 40], where = "x != y" }',
                 '"(x xor y) - 1"')
r = run(["run", "--claims", path, "--out", os.path.join(WORK, "welter-where")])
check(r.returncode == 0 and "skipped" in r.stdout, f"welter with where: {r.stdout}{r.stderr}")
clean_error(run(["list", "--claims", one_claim("welter_diag", "game.formula",
                                               '{ game = "welter", coordinates = 2, range = [0, 40] }',
                                               '"(x xor y) - 1"')]),
            "welter without where", "range")

# A formula undefined somewhere is an error, not a verdict.
path = one_claim("div_zero", "game.formula", '{ game = "subtraction:1,2,3", range = [0, 9] }',
                 '"n % 4 + 0 * (10 // (n - 5))"')
r = run(["run", "--claims", path, "--out", os.path.join(WORK, "div")])
j = json.load(open(os.path.join(WORK, "div", "report.json"), encoding="utf-8"))
check(j["claims"][0]["verdict"] == "error" and "division by zero" in j["claims"][0]["summary"],
      f"a formula that divides by zero is an error: {j['claims'][0]['summary']}")

# --- verify values --------------------------------------------------------------------------
r = run(["values", "octal:0.07", "0..40", "--format", "bfile"])
lines = [l for l in r.stdout.splitlines() if not l.startswith("#")]
check(r.returncode == 0 and len(lines) == 41 and lines[5] == "5 0" and lines[34] == "34 4",
      f"values as a b-file: {r.stdout[:200]}{r.stderr}")
r = run(["values", "octal:0.07", "1..3", "--format", "bfile", "--offset", "0"])
check([l for l in r.stdout.splitlines() if not l.startswith("#")] == ["0 0", "1 1", "2 1"],
      f"--offset: {r.stdout}")
r = run(["values", "nim", "3,5,6", "1,2", "--format", "json"])
j = json.loads(r.stdout or "{}")
check(j.get("values") == [0, 3] and j.get("positions") == ["3,5,6", "1,2"],
      f"values of listed positions: {r.stdout}{r.stderr}")
positions = write("positions.txt", "# Nim positions\n3,5,6\n\n7\n")
r = run(["values", "nim", "@" + positions, "--format", "csv"])
check(r.stdout.splitlines() == ["position,value", '"3,5,6",0', '"7",7'],
      f"values of a positions file: {r.stdout}{r.stderr}")
r = run(["values", "subtraction:1,3,4", "0..20", "--kernel", "naive", "--format", "json"])
check(json.loads(r.stdout or "{}").get("kernel") == "naive", f"--kernel: {r.stdout}{r.stderr}")
clean_error(run(["values", "nim", "5..1"]), "a reversed range")
# The cap holds for a kernel without a streamed route (nim's naive one) and for JSON; nim's
# closed form streams any other format without one (e2e_bounds).
clean_error(run(["values", "nim", "0..100000000", "--kernel", "naive"]),
            "a range beyond the cap, no streamed route", "streamed route")
clean_error(run(["values", "nim", "0..100000000", "--format", "json"]),
            "a range beyond the cap, as JSON", "as JSON")
clean_error(run(["values", "nim", "0..5", "--kernel", "fast"]), "an unknown kernel", "fast")
clean_error(run(["values", "nim", "@/dev/zero"]), "a device as a positions file")
clean_error(run(["values", "nim", "0..5", "--format", "xml"]), "an unknown format")
r = run(["value", "octal:0.07", "1000", "--kernel", "naive", "--format", "json"])
check(json.loads(r.stdout or "{}").get("value") == 4 and "winning_moves" not in r.stdout,
      f"value --kernel: {r.stdout}{r.stderr}")

# --- cross-check --values and --external ----------------------------------------------------
bfile = write("b.txt", run(["values", "octal:0.07", "0..2000", "--format", "bfile"]).stdout)
r = run(["cross-check", "octal:0.07", "--values", bfile])
check(r.returncode == 0 and "agree:     yes" in r.stdout, f"a right b-file: {r.stdout}{r.stderr}")
text = open(bfile, encoding="utf-8").read().splitlines()
text[101] = text[101].split()[0] + " 7"  # line 102 holds a(100); a(100) is not 7
wrong = write("wrong.txt", "\n".join(text) + "\n")
r = run(["cross-check", "octal:0.07", "--values", wrong])
check(r.returncode == 1 and "line 102" in r.stdout and "a(100)" in r.stdout,
      f"a b-file with one wrong line exits 1 naming it: {r.stdout}{r.stderr}")
clean_error(run(["cross-check", "octal:0.07", "--values", write("junk.txt", "1 2 3\n")]),
            "a malformed b-file", "line 1")
ext = write("sub134.py", "import sys\nS = [1, 3, 4]\ng = [0]\nfor line in sys.stdin:\n"
            "    n = int(line)\n    while len(g) <= n:\n        m = len(g)\n"
            "        s = {g[m - x] for x in S if x <= m}\n        v = 0\n"
            "        while v in s:\n            v += 1\n        g.append(v)\n    print(g[n])\n")
# The program computes every heap from 0 (no period): it states the largest heap it takes (the
# default is 2^63 - 1, since the period of subtraction:1,3,4 is proved).
r = run(["cross-check", "subtraction:1,3,4", "--external", f"{sys.executable} {ext}",
         "--range", "100", "--cases", "20", "--max-position", "5000"])
check(r.returncode == 0 and "agree:     yes" in r.stdout, f"a right program: {r.stdout}{r.stderr}")
r = run(["cross-check", "subtraction:1,3,4", "--external",
         "while read n; do echo 0; done",
         "--range", "60", "--cases", "0", "--format", "json"])
j = json.loads(r.stdout or "{}")
check(r.returncode == 1 and j.get("disagreement", {}).get("position") is not None,
      f"a wrong program exits 1 with the position: {r.stdout}{r.stderr}")
clean_error(run(["cross-check", "nim", "--external", "exit 3"]), "a failing program")

finish("e2e_generic")
