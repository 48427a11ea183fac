#!/usr/bin/env python3
"""End-to-end checks of the octal module through the `verify` command.

`verify value octal:0.07 35 --format json` (value and winning moves), `verify period
octal:0.07 --format json` (proved preperiod and period, and how), the strip game, one-line
errors on malformed codes and positions, and a run of the Dawson's Kayles claims with the
verdicts their claims file expects, the report valid against the schema.
Usage (from ctest): e2e_octal.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os
import shutil

import jsonschema

from verify_e2e import check, finish, run, setup


def expect_input_error(args, what):
    r = run(args)
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    check(r.returncode == 2, f"{what}: exit 2 expected, got {r.returncode}: {r.stderr!r}")
    check(len(lines) == 1, f"{what}: one error line expected, got {r.stderr!r}")


def main():
    r = run(["value", "octal:0.07", "35", "--format", "json"])
    check(r.returncode == 0, f"value octal:0.07 35: exit {r.returncode}: {r.stderr}")
    j = json.loads(r.stdout)
    check(j["value"] == 0 and j["winning_moves"] == [], f"heap 35 of 0.07 is a P-position: {j}")

    r = run(["value", "octal:.07", "4", "--format", "json"])
    j = json.loads(r.stdout)
    check(j["value"] == 2 and j["winning_moves"] == ["1+1"], f"heap 4 of 0.07: {j}")

    r = run(["value", "octal:0.07", "3+5+20", "--format", "json"])
    j = json.loads(r.stdout)
    for move in j["winning_moves"]:
        m = json.loads(run(["value", "octal:0.07", move, "--format", "json"]).stdout)
        check(m["value"] == 0, f"winning move {move} from 3+5+20 leads to value {m['value']}")

    r = run(["period", "octal:0.07", "--format", "json"])
    check(r.returncode == 0, f"period octal:0.07: exit {r.returncode}: {r.stderr}")
    p = json.loads(r.stdout)
    check(p["period"] == 34 and p["preperiod"] == 53 and p["saltus"] == 0, f"period of 0.07: {p}")
    check(p["verdict"] == "proved" and "Guy" in p["proved_by"]["theorem"], f"answer: {p}")
    check("G(0..175) verified" in p["proved_by"]["checked"], f"the checker's account: {p}")

    r = run(["value", "dawson-strip", "0..9", "--format", "json"])
    j = json.loads(r.stdout)
    check("0..3,6..9" in j["winning_moves"], f"the centre tile wins on the 1x10 strip: {j}")

    expect_input_error(["value", "octal:0.08", "3"], "octal digit 8")
    expect_input_error(["value", "octal:2.7", "3"], "d0 = 2")
    expect_input_error(["value", "octal:0.07", "3+x"], "malformed position")
    expect_input_error(["period", "octal:07"], "code without a dot")

    out = os.path.join(WORK, "dawson")
    r = run(["run", "dawson.rules", "dawson.even.*", "dawson.odd.*", "dawson.p_positions", "dawson.lemma*", "--out", out])
    check(r.returncode == 0, f"run dawson.*: exit {r.returncode}: {r.stderr[-2000:]}")
    report = json.load(open(os.path.join(out, "report.json")))
    jsonschema.Draft202012Validator(SCHEMA).validate(report)
    for c in report["claims"]:
        check(c["verdict"] == c["expected_verdict"], f"{c['id']}: {c['verdict']} != {c['expected_verdict']}")

    finish("e2e_octal")


if __name__ == "__main__":
    SRC, WORK = setup()
    with open(os.path.join(SRC, "reports", "report.schema.json")) as f:
        SCHEMA = json.load(f)
    main()
