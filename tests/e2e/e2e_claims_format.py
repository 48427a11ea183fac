#!/usr/bin/env python3
"""The next paper's claims as its authors write them (issue 36).

- tests/data/generic_claims_heaps.toml: positions of several heaps (three-heap Nim and misère
  Nim, sorted tuples, Grundy and octal sums), formulas as papers write them (`x == y and x >= 0`,
  chained comparisons, powers, floor(n * phi), isqrt), a range of 2·10^6 heaps with a `where`
  filter through subtraction's outcome sieve: every verdict as expected, each altered claim with
  its least counterexample.
- A domain too large for a claim is one error line with its count; a kernel's known cap is an
  error at load naming the cap.
- Claims files keep working: tests/data/claims_format_1.toml (format 1, no version) loads with
  one warning line per older checker spelling; a format-1 formula that reads differently today
  is refused with both readings; `verify migrate` rewrites it in format 2 with the same meaning;
  a file of a future format is refused.
- `verify run --keep-going`: an unloadable claim is reported `error`, the others run, exit 2.
- An arithmetic period outside Theorem A is inconclusive with what was verified, no budget.
Usage (from ctest): e2e_claims_format.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os

from verify_e2e import check, finish, run, setup

SRC, WORK = setup()
HEAPS = os.path.join(SRC, "tests", "data", "generic_claims_heaps.toml")
FORMAT1 = os.path.join(SRC, "tests", "data", "claims_format_1.toml")


def write(name, text):
    path = os.path.join(WORK, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def one_claim(name, checker, params, asserted=None, doc_extra=""):
    body = ('[document]\nid = "g"\n' + doc_extra + '\n[[claim]]\nid = "g.' + name +
            '"\nlocator = "test"\nstatement = "test"\nkind = "example"\n'
            f'checker = "{checker}"\nparams = {params}\n')
    if asserted is not None:
        body += f"asserted = {asserted}\n"
    return write(name + ".toml", body)


def one_error(r, what, naming):
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    check(r.returncode == 2 and len(lines) == 1 and lines[0].startswith("verify: error: "),
          f"{what}: one error line and exit 2, got {r.returncode}: {r.stderr[-400:]!r}")
    check(naming in r.stderr, f"{what}: the error names {naming!r}: {r.stderr[-400:]!r}")


# --- the claims of several heaps ---------------------------------------------------------------
out = os.path.join(WORK, "heaps")
r = run(["run", "--claims", HEAPS, "--out", out, "--jobs", "2"])
check(r.returncode == 0, f"heaps claims as expected: {r.stdout[-3000:]}{r.stderr[-1000:]}")
report = json.load(open(os.path.join(out, "report.json"), encoding="utf-8"))
by_id = {c["id"]: c for c in report["claims"]}
least = {
    "heaps.nim3.altered": {"position": [0, 1, 1], "computed": 0, "formula": 2},
    "heaps.misere_nim3.altered": {"position": [0, 0, 0], "asserted": "P", "computed": "N"},
    "heaps.wythoff.altered": {"position": [1, 2], "asserted": "N", "computed": "P"},
    "heaps.squares.cold_6.altered": {"position": 11356, "asserted": "N", "computed": "P"},
}
for cid, want in least.items():
    got = by_id.get(cid, {}).get("counterexample") or {}
    check(all(got.get(k) == v for k, v in want.items()),
          f"{cid}: least counterexample {want}, got {got}")
nim3 = by_id.get("heaps.nim3.bouton", {})
check(nim3.get("evidence", {}).get("positions") == 32 ** 3,
      f"three-heap Nim: every one of the 32^3 positions: {nim3.get('evidence')}")
five = by_id.get("heaps.nim5.xor_all", {}).get("evidence", {})
check(five.get("positions") == 6188 and "nondecreasing" in five.get("domain", ""),
      f"five heaps, each multiset once: C(17, 5) = 6188 positions: {five}")
cold = by_id.get("heaps.squares.cold_6", {}).get("evidence", {})
check("sieve" in cold.get("method", "") and cold.get("positions") == 200000,
      f"subtract-a-square below 2·10^6 through the outcome sieve, n % 10 == 6 kept: {cold}")

# --- domains too large, kernel caps ------------------------------------------------------------
r = run(["run", "--claims", one_claim("big", "game.formula",
                                      '{ game = "nim", coordinates = 3, range = [0, 400] }',
                                      '"xor_all"'), "--out", os.path.join(WORK, "big")])
one_error(r, "a 401^3 domain", "64481201 positions")
r = run(["run", "--claims", one_claim("cap", "game.p_positions",
                                      '{ game = "subtraction:squares", kernel = "bitset", '
                                      'range = [0, 20000000] }', "[0]"),
         "--out", os.path.join(WORK, "cap")])
one_error(r, "the bitset kernel's cap", "16777215")
r = run(["run", "--claims", one_claim("heaps_sub", "game.formula",
                                      '{ game = "subtraction:1,3,4", coordinates = 2, '
                                      'range = [0, 3] }', '"x xor y"'),
         "--out", os.path.join(WORK, "heaps_sub")])
one_error(r, "a game of one heap with two coordinates", "coordinates")

# --- format 1 still loads ----------------------------------------------------------------------
r = run(["run", "--claims", FORMAT1, "--out", os.path.join(WORK, "f1")])
check(r.returncode == 0, f"the format-1 file runs as expected: {r.stdout[-1500:]}{r.stderr[-800:]}")
warnings = [l for l in r.stderr.splitlines() if l.startswith("verify: warning: ")]
check(len(warnings) == 3 and all("ferguson." in w and "what" in w for w in warnings),
      f"one warning line per older spelling (3): {r.stderr[-1500:]!r}")
check("ferguson.dynamic.best_move" in r.stderr, "the warning names the new spelling")

bitwise = one_claim("bitwise", "game.formula", '{ game = "nim", coordinates = 2, range = [0, 31] }',
                    '"(x xor y) or (x and y) and 0"')
r = run(["run", "--claims", bitwise, "--out", os.path.join(WORK, "bitwise")])
one_error(r, "a format-1 formula that reads differently now", "reads differently")
check("in format 1 it reads" in r.stderr and "in format 2" in r.stderr,
      f"both readings are given: {r.stderr!r}")
r = run(["migrate", bitwise])
check(r.returncode == 0, f"verify migrate: {r.stderr!r}")
text = open(bitwise, encoding="utf-8").read()
check("format = 2" in text and '"(x xor y) | ((x & y) & 0)"' in text,
      f"the file migrated to format 2, the formula with & and |: {text!r}")
r = run(["run", "--claims", bitwise, "--out", os.path.join(WORK, "bitwise2")])
check(r.returncode == 0 and "verified" in r.stdout,
      f"the migrated formula means what it meant (x xor y): {r.stdout}{r.stderr}")
r = run(["migrate", bitwise])
one_error(r, "migrating a file of the current format", "already of format 2")
m = write("f1copy.toml", open(FORMAT1, encoding="utf-8").read())
r = run(["migrate", m])
migrated = open(m, encoding="utf-8").read()
check(r.returncode == 0 and 'checker = "ferguson.dynamic.best_move"' in migrated and
      "what =" not in migrated and "format = 2" in migrated,
      f"verify migrate renames the older spellings: {r.stderr!r}")
r = run(["run", "--claims", m, "--out", os.path.join(WORK, "f1m")])
check(r.returncode == 0 and "warning" not in r.stderr,
      f"the migrated file runs with no warning: {r.stdout[-800:]}{r.stderr[-800:]}")
future = one_claim("future", "game.formula", '{ game = "nim", range = [0, 3] }', '"n"',
                   doc_extra="format = 3\n")
one_error(run(["run", "--claims", future, "--out", os.path.join(WORK, "future")]),
          "a future format", "newer than this build reads")

# --- --keep-going ------------------------------------------------------------------------------
mixed = write("mixed.toml", open(FORMAT1, encoding="utf-8").read() + '''
[[claim]]
id = "format1.broken"
locator = "test"
statement = "test"
kind = "example"
checker = "game.formula"
params = { game = "nim", range = [0, 3], frist = 1 }
asserted = "n"
''')
r = run(["run", "--claims", mixed, "--out", os.path.join(WORK, "nokeep")])
check(r.returncode == 2 and not os.path.exists(os.path.join(WORK, "nokeep")),
      "without --keep-going an unloadable claim stops the run before anything is written")
r = run(["run", "--claims", mixed, "--keep-going", "--out", os.path.join(WORK, "keep")])
check(r.returncode == 2, f"--keep-going: exit 2 at the end: {r.returncode} {r.stderr[-500:]}")
kept = json.load(open(os.path.join(WORK, "keep", "report.json"), encoding="utf-8"))
verdicts = {c["id"]: c["verdict"] for c in kept["claims"]}
check(verdicts.get("format1.broken") == "error" and
      verdicts.get("format1.sub134") == "verified" and len(verdicts) == 5,
      f"--keep-going: the broken claim is an error, the others ran: {verdicts}")

# --- an arithmetic period outside Theorem A ----------------------------------------------------
hexclaim = one_claim("hex", "game.period", '{ game = "hex:0.3F3" }',
                     "{ period = 10, preperiod = 0, saltus = 5 }")
r = run(["run", "--claims", hexclaim, "--out", os.path.join(WORK, "hex"), "--budget", "10"])
rep = json.load(open(os.path.join(WORK, "hex", "report.json"), encoding="utf-8"))["claims"][0]
check(rep["verdict"] == "inconclusive" and "H0" in rep["summary"] and
      "verified for" in rep["summary"] and "budget" not in rep["summary"].lower(),
      f"hex 0.3F3: inconclusive, the hypothesis named, the finite range stated: {rep['summary']}")

finish("e2e_claims_format")
