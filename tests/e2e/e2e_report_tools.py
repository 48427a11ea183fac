#!/usr/bin/env python3
"""The report tools read every report `verify run` writes (issue 24): a property test.

Random selections of claims (seeded), each claim with a random expected verdict — none, the
literal "undecided", or the verdict it gets — are run whole and in two shards; `verify show
--report`, `verify diff` and `verify merge` must read every report written (never exit 2), and
the merged report must hold the same verdicts as the whole run.
Usage (from ctest): e2e_report_tools.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os
import random

from verify_e2e import check, finish, run, setup

SRC, WORK = setup()

# Quick claims of several checkers and verdicts: (checker, params, asserted, verdict).
POOL = [
    ("game.values", '{ game = "nim" }', "[0, 1, 2]", "verified"),
    ("game.values", '{ game = "octal:0.77" }', "[0, 1, 2, 3, 1]", "verified"),
    ("game.values", '{ game = "octal:0.77" }', "[0, 1, 2, 3, 2]", "refuted"),
    ("game.value", '{ game = "nim", position = "3,5" }', "{ value = 6 }", "verified"),
    ("game.p_positions", '{ game = "subtraction:1,3,4", range = [0, 200] }',
     "{ modulus = 7, residues = [0, 2] }", "verified"),
    ("game.formula", '{ game = "subtraction:1,2,3", range = [0, 300] }', '"n % 4"', "verified"),
    ("game.formula", '{ game = "subtraction:1,2,3", range = [0, 300] }', '"n % 3"', "refuted"),
    ("game.period", '{ game = "octal:0.77" }', "{ period = 12, last_exceptional_value = 70 }",
     "proved"),
    ("game.period", '{ game = "nim" }', "{ period = 1 }", "inconclusive"),
    ("game.period", '{ game = "hex:0.8" }', "{ period = 3, preperiod = 1, saltus = 2 }", "refuted"),
]

rng = random.Random(24)
for round_ in range(6):
    chosen = [rng.randrange(len(POOL)) for _ in range(rng.randint(2, 7))]
    body = f'[document]\nid = "rt{round_}"\n'
    for i, k in enumerate(chosen):
        checker, params, asserted, verdict = POOL[k]
        expected = rng.choice([None, "undecided", verdict])
        body += (f'\n[[claim]]\nid = "rt{round_}.c{i}"\nlocator = "test"\nstatement = "test"\n'
                 f'kind = "example"\nchecker = "{checker}"\nparams = {params}\n'
                 f'asserted = {asserted}\n')
        if expected is not None:
            body += f'expected_verdict = "{expected}"\n'
    path = os.path.join(WORK, f"round{round_}.toml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(body)
    whole = os.path.join(WORK, f"whole{round_}")
    r = run(["run", "--claims", path, "--out", whole, "-q", "--jobs", "2"])
    check(r.returncode == 0, f"round {round_}: run exit 0: {r.stdout[-500:]}{r.stderr[-500:]}")
    report = os.path.join(whole, "report.json")
    claims = json.load(open(report, encoding="utf-8"))["claims"]
    for c in claims:
        r = run(["show", c["id"], "--report", report])
        check(r.returncode == 0, f"round {round_}: show {c['id']}: exit {r.returncode} {r.stderr}")
    r = run(["diff", report, report])
    check(r.returncode != 2, f"round {round_}: diff exit {r.returncode}: {r.stderr}")
    shards = []
    for k in (1, 2):
        out = os.path.join(WORK, f"shard{round_}_{k}")
        r = run(["run", "--claims", path, "--out", out, "-q", "--shard", f"{k}/2"])
        check(r.returncode == 0, f"round {round_}: shard {k}: exit {r.returncode} {r.stderr}")
        shards.append(os.path.join(out, "report.json"))
    merged = os.path.join(WORK, f"merged{round_}")
    r = run(["merge"] + shards + ["--out", merged, "--format", "json"])
    check(r.returncode == 0, f"round {round_}: merge exit {r.returncode}: {r.stderr}")
    merged_report = os.path.join(merged, "report.json")
    if os.path.exists(merged_report):
        got = {c["id"]: (c["verdict"], c["expected_verdict"])
               for c in json.load(open(merged_report, encoding="utf-8"))["claims"]}
        want = {c["id"]: (c["verdict"], c["expected_verdict"]) for c in claims}
        check(got == want, f"round {round_}: merged verdicts {got} != whole run {want}")
        r = run(["diff", report, merged_report])
        check(r.returncode != 2, f"round {round_}: diff whole/merged exit {r.returncode}: {r.stderr}")
        for c in claims:
            r = run(["show", c["id"], "--report", merged_report])
            check(r.returncode == 0, f"round {round_}: show merged {c['id']}: {r.stderr}")

finish("e2e_report_tools")
