#!/usr/bin/env python3
"""End-to-end test of the limits of `verify period` (--time-limit, --memory-limit).

A search that reaches its limit answers `inconclusive` and exits 3 (2 stays for usage and input
errors): with --format json one object {"game", "verdict": "inconclusive", "reason", "reached"},
where "reached" says how far it got (octal: heaps computed and the largest period and preperiod
a search of that length could certify; Frolov rows: the rows proved and the columns computed).
A memory limit the answer cannot fit is answered at once. A proved period is unchanged: exit 0,
and the certificate passes both checkers.
Usage (from ctest): e2e_period_limits.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os
import subprocess
import sys
import time

from verify_e2e import check, finish, run, setup

SRC, WORK = setup()


def timed(args):
    start = time.monotonic()
    r = run(args)
    return r, time.monotonic() - start


def inconclusive(args, limit, most_seconds):
    """Runs `verify period ARGS --format json`; requires exit 3 within most_seconds and the JSON
    verdict inconclusive reached by `limit`. Returns the parsed object (or {})."""
    r, seconds = timed(["period"] + args + ["--format", "json"])
    what = "verify period " + " ".join(args)
    print(f"{what}: exit {r.returncode} in {seconds:.2f} s")
    check(r.returncode == 3, f"{what}: exit 3 expected, got {r.returncode}: {r.stderr!r}")
    # The bound says "answered at once, not after an unbounded search"; a sanitized build
    # (IGV_SANITIZED, tests/tests.cmake) runs several times slower, so it gets ten times longer.
    bound = most_seconds * (10 if os.environ.get("IGV_SANITIZED") else 1)
    check(seconds < bound, f"{what}: took {seconds:.1f} s (at most {bound} expected)")
    try:
        j = json.loads(r.stdout)
    except ValueError:
        check(False, f"{what}: output is not JSON: {r.stdout!r}")
        return {}
    check(set(j) == {"game", "verdict", "reason", "reached"}, f"{what}: fields {sorted(j)}")
    check(j.get("verdict") == "inconclusive", f"{what}: verdict {j.get('verdict')!r}")
    check(isinstance(j.get("reason"), str) and j["reason"], f"{what}: no reason")
    reached = j.get("reached", {})
    check(reached.get("limit") == limit, f"{what}: limit {reached.get('limit')!r}, expected {limit!r}")
    check(r.stderr == "", f"{what}: inconclusive is an answer, not an error: {r.stderr!r}")
    return j


def main():
    # Octal .777: no period within a time limit of 2 s.
    j = inconclusive(["octal:0.777", "--time-limit", "2"], "time", 10)
    if j:
        reached = j["reached"]
        check(j["game"] == "octal:0.777", f"octal game {j['game']!r}")
        heaps = reached.get("heaps_computed", 0)
        check(heaps > 1000, f"octal .777: heaps computed {heaps}")
        # Every shift up to heaps/2 is compared: the Guy-Smith window 2*max(e,1)+2p+k (k = 3)
        # alone bounds what the search could certify.
        check(reached.get("largest_certifiable_period") == (heaps - 2 - 3) // 2,
              f"octal .777: largest certifiable period {reached.get('largest_certifiable_period')} of {heaps} heaps")
        check(reached.get("largest_certifiable_preperiod") == (heaps - 2 - 3) // 2,
              f"octal .777: largest certifiable preperiod {reached.get('largest_certifiable_preperiod')} of {heaps} heaps")
        check("candidate" in reached, "octal .777: candidate recorded (null when none)")

    # Frolov's row 14 (period expected far beyond 10^8): the columns computed so far.
    for game in ("rook-misere:14", "digital-deletion:14"):
        j = inconclusive([game, "--time-limit", "2"], "time", 10)
        if j:
            reached = j["reached"]
            rows = reached.get("rows_found", [])
            check(len(rows) >= 10, f"{game}: rows proved {len(rows)}")
            row = reached.get("row", {})
            # The limit may fall just as a row starts (0 columns of it computed): the count is
            # checked for what it is, not for a progress that depends on the machine's speed.
            done = row.get("columns_computed")
            check(isinstance(done, int) and 0 <= done < row.get("columns_needed_next", 0),
                  f"{game}: columns computed {row}")
            check(reached.get("cells_computed", 0) >= row.get("columns_computed", 0),
                  f"{game}: cells computed {reached.get('cells_computed')}")

    # A memory limit the answer cannot fit: at once.
    j = inconclusive(["octal:0.777", "--memory-limit", "1K"], "memory", 2)
    if j:
        check(j["reached"].get("heaps_computed", 10**9) <= 1024, f"octal 1K: heaps {j['reached']}")
    j = inconclusive(["rook-misere:14", "--memory-limit", "64M"], "memory", 30)
    if j:
        # A byte a column for the producer, and the checker's byte and bit a column after it.
        row = j["reached"].get("row", {})
        check(row.get("columns_needed_next", 0) * 9 // 8 > 64 << 20 > row.get("columns_computed", 0),
              f"rook-misere:14 64M: {j['reached']}")

    # The inconclusive answer is not a certificate: both checkers reject it as malformed (exit 2).
    r = run(["period", "octal:0.777", "--time-limit", "0.5", "--format", "json"])
    path = os.path.join(WORK, "inconclusive.json")
    with open(path, "w") as f:
        f.write(r.stdout)
    c = run(["check-certificate", path])
    check(c.returncode == 2, f"inconclusive answer given to check-certificate: {c.returncode} {c.stdout!r}")
    p = subprocess.run([sys.executable, os.path.join(SRC, "verify", "check_certificate.py"), path],
                       capture_output=True, text=True, timeout=600)
    check(p.returncode == 2, f"inconclusive answer given to check_certificate.py: {p.returncode} {p.stdout!r}")

    # Subtraction: the search's windows of s_k values, known before computing: at once.
    j = inconclusive(["subtraction:1,100000000000", "--memory-limit", "1G"], "memory", 2)
    if j:
        check(j["reached"].get("window_length") == 100000000000, f"subtraction: {j['reached']}")

    # --budget reaches the search bound of every family that declares one: subtraction (the
    # cycle search's steps) and hexadecimal codes (the values computed), as it does octal games.
    r = run(["period", "subtraction:37,61,100", "--format", "json"])
    check(r.returncode == 0 and json.loads(r.stdout).get("period") == 137,
          f"subtraction:37,61,100 at budget 1: proved, period 137: {r.returncode} {r.stdout[:200]!r}")
    j = inconclusive(["subtraction:37,61,100", "--budget", "0.0000001"], "budget", 10)
    if j:
        check("1000 window steps" in j["reason"], f"subtraction budget: {j['reason']!r}")
    j = inconclusive(["subtraction-misere:37,61,100", "--budget", "0.0000001"], "budget", 10)
    r = run(["period", "hex:0.07", "--format", "json"])
    check(r.returncode == 0, f"hex:0.07 at budget 1: proved: {r.returncode} {r.stderr!r}")
    j = inconclusive(["hex:0.07", "--budget", "0.03"], "budget", 10)
    if j:
        check(j["reached"].get("heaps_computed") == 64 and "budget allows" in j["reason"],
              f"hex budget: {j}")
    # A game.period claim run with `verify run --budget` gets the same bound.
    claims = os.path.join(WORK, "budget_claims.toml")
    with open(claims, "w") as f:
        f.write('[document]\nid = "budget"\ntitle = "budget"\n\n[[claim]]\nid = "budget.sub"\n'
                'document = "budget"\nlocator = "here"\nstatement = "a period"\nkind = "period"\n'
                'checker = "game.period"\nexpected_verdict = "proved"\n'
                'params = { game = "subtraction:37,61,100" }\n'
                'asserted = { period = 137, preperiod = 1268 }\n')
    verdicts = {}
    for budget in ("1", "0.0000001"):
        out = os.path.join(WORK, "budget_run_" + budget)
        run(["run", "--claims", claims, "--budget", budget, "--out", out])
        try:
            with open(os.path.join(out, "report.json"), encoding="utf-8") as f:
                claim = json.load(f)["claims"][0]
            verdicts[budget] = (claim["verdict"], claim["summary"])
        except (OSError, ValueError, KeyError, IndexError) as e:
            verdicts[budget] = ("no report", str(e))
    check(verdicts["1"][0] == "proved", f"game.period at --budget 1: {verdicts['1']}")
    check(verdicts["0.0000001"][0] == "inconclusive" and "window steps" in verdicts["0.0000001"][1],
          f"game.period at --budget 1e-7: the budget reached the search: {verdicts['0.0000001']}")

    # Text: the same answer, exit 3.
    r = run(["period", "octal:0.777", "--time-limit", "1"])
    check(r.returncode == 3 and "verdict:    inconclusive" in r.stdout, f"text answer: {r.returncode} {r.stdout!r}")

    # Usage errors stay exit 2.
    for args in (["--time-limit", "-1"], ["--time-limit", "x"], ["--memory-limit", "1P"],
                 ["--memory-limit", "nonsense"]):
        r = run(["period", "octal:0.07"] + args)
        check(r.returncode == 2 and r.stderr.startswith("verify: error: "),
              f"verify period octal:0.07 {' '.join(args)}: exit {r.returncode} {r.stderr!r}")

    # Proved: exit 0, unchanged certificate, both checkers accept it.
    for game, args in (("octal:0.07", ["--time-limit", "60"]), ("rook-misere:9", []),
                       ("subtraction:1,3,4", ["--memory-limit", "1G"])):
        path = os.path.join(WORK, game.replace(":", "_").replace(",", "-") + ".json")
        r, seconds = timed(["period", game, "--format", "json", "--certificate-out", path] + args)
        print(f"verify period {game}: exit {r.returncode} in {seconds:.2f} s")
        check(r.returncode == 0, f"{game}: exit {r.returncode}: {r.stderr!r}")
        if r.returncode != 0:
            continue
        check(json.loads(r.stdout)["verdict"] == "proved", f"{game}: the answer has its verdict")
        with open(path) as f:
            doc = json.load(f)
        check("verdict" not in doc, f"{game}: the certificate's fields are unchanged")
        c = run(["check-certificate", path])
        check(c.returncode == 0 and c.stdout.startswith("s VERIFIED"), f"{game}: C++ checker {c.stdout!r} {c.stderr!r}")
        p = subprocess.run([sys.executable, os.path.join(SRC, "verify", "check_certificate.py"), path],
                           capture_output=True, text=True, timeout=600)
        check(p.returncode == 0 and p.stdout.startswith("s VERIFIED"),
              f"{game}: python checker {p.returncode} {p.stdout!r} {p.stderr!r}")


main()
finish("e2e_period_limits")
