#!/usr/bin/env python3
"""End-to-end tests of Welter's game (002_ae6d722b5ea2de0c) through the `verify` command.

`verify value welter …` prints the value and every winning move (also for a million coins given
as a range or @FILE); bad positions give exit 2 and one error line; `verify run 'welter.*'`
gives every claim its expected verdict, and the report lists the refuted ones with their
counterexamples. The Welter pictures are checked as well-formed XML in the C++ tests.
Usage (from ctest): e2e_welter.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os
import shutil

from verify_e2e import check, finish, run, setup


def value(position):
    r = run(["value", "welter", position, "--format", "json"])
    check(r.returncode == 0, f"value {position[:40]}: exit 0 expected, got {r.returncode}: {r.stderr!r}")
    return json.loads(r.stdout) if r.returncode == 0 else {}


def main():
    # The document's examples.
    v = value("1,3,6,10")
    check(v.get("value") == 10, f"[1|3|6|10] = 10 expected, got {v.get('value')}")
    check(v.get("winning_moves") == ["1,3,4,6"], f"only winning move 1,3,4,6 expected, got {v.get('winning_moves')}")
    v = value("4,5,6")
    check(sorted(v.get("winning_moves", [])) == ["0,5,6", "1,4,6", "2,4,5"], f"three winning moves from 4,5,6, got {v}")
    v = value("8..14")
    check(v.get("value") == 8, f"welter(Range[8,14]) = 8 expected, got {v.get('value')}")

    # A million coins: as a range, and from a file.
    v = value("1..1000000")
    check(v.get("coins") == 1000000 and v.get("value") == 1000000, f"1..1000000: {str(v)[:200]}")
    path = os.path.join(WORK, "million.txt")
    with open(path, "w") as f:
        f.write("\n".join(str(i) for i in range(1, 1000001)))
    w = value("@" + path)
    check(w.get("value") == v.get("value"), "the @FILE position must give the same value as the range")

    # Bad positions: exit 2, one line.
    for bad, what in [("1,3,3", "repeated coin"), ("1,-4", "negative coin"), ("1,,3", "empty item"),
                      ("0..4,2", "repeat through a range"), ("a", "not an integer")]:
        r = run(["value", "welter", bad, "--format", "json"])
        lines = [l for l in r.stderr.splitlines() if l.strip()]
        check(r.returncode == 2, f"{what}: exit 2 expected, got {r.returncode}")
        check(len(lines) == 1 and lines[0].startswith("verify: error: "), f"{what}: one error line, got {r.stderr!r}")

    # Every claim of the document, with its expected verdict.
    out = os.path.join(WORK, "claims")
    shutil.rmtree(out, ignore_errors=True)
    r = run(["run", "welter.*", "--out", out])
    check(r.returncode == 0, f"verify run 'welter.*': exit 0 expected, got {r.returncode}: {r.stderr[-500:]!r}")
    with open(os.path.join(out, "report.json")) as f:
        report = json.load(f)
    claims = {c["id"]: c for c in report["claims"]}
    check(len(claims) >= 20, f"at least 20 welter claims expected, got {len(claims)}")
    for cid, c in claims.items():
        check(c["verdict"] == c["expected_verdict"], f"{cid}: {c['verdict']} != expected {c['expected_verdict']}")
        if c["verdict"] == "refuted":
            check(c.get("counterexample") is not None, f"{cid}: refuted without a counterexample")
    smallest = claims.get("welter.start.recursion_as_printed", {}).get("counterexample", {}) or {}
    check(smallest.get("n") == 3, f"printed recursion: smallest counterexample n = 3 expected, got {smallest}")

    finish("e2e_welter")


if __name__ == "__main__":
    _, WORK = setup(fresh=False)
    main()
