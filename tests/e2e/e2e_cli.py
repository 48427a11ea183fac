#!/usr/bin/env python3
"""End-to-end tests of the `verify` command, run as a user runs it.

Exit codes, one-line errors on bad input with nothing written, `value`/`list`/`show`, the
deliberately false claims refuted with seeds, and every report valid against the JSON Schema.
Usage (from ctest): e2e_cli.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os

import jsonschema

from verify_e2e import check, failures, finish, run, setup


def validate(report_path):
    with open(report_path) as f:
        report = json.load(f)
    jsonschema.Draft202012Validator(SCHEMA).validate(report)
    return report


def expect_input_error(args, what):
    out = os.path.join(WORK, "bad-" + str(len(failures)) + "-" + str(abs(hash(tuple(args))) % 10**8))
    full = args + (["--out", out] if args and args[0] == "run" else [])
    r = run(full)
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    check(r.returncode == 2, f"{what}: exit 2 expected, got {r.returncode}: {r.stderr!r}")
    check(len(lines) == 1 and lines[0].startswith("verify: error: "),
          f"{what}: one 'verify: error:' line expected, got {r.stderr!r}")
    check(not os.path.exists(out), f"{what}: nothing may be written, but {out} exists")


def main():
    # --- help and catalogues ---------------------------------------------------------------
    r = run(["help"])
    check(r.returncode == 0 and "usage: verify" in r.stdout, "verify help")
    for cmd in ("games", "checkers", "kernels"):
        r = run([cmd])
        check(r.returncode == 0 and r.stdout.strip(), f"verify {cmd}")
    r = run(["list", "--format", "json"])
    check(r.returncode == 0, f"verify list: {r.stderr}")
    listed = json.loads(r.stdout) if r.returncode == 0 else []
    check(len(listed) >= 6, "verify list lists the shipped claims")
    check(all(c["source"]["document"] for c in listed), "every listed claim has a source document")

    # --- value ----------------------------------------------------------------------------
    r = run(["value", "nim", "3,5,6", "--format", "json"])
    check(r.returncode == 0, f"value nim: {r.stderr}")
    if r.returncode == 0:
        j = json.loads(r.stdout)
        check(j["value"] == 0 and j["winning_moves"] == [], "nim 3,5,6 is a P-position")
    r = run(["value", "nim", "3,4,5", "--format", "json"])
    if r.returncode == 0:
        j = json.loads(r.stdout)
        check(j["value"] == 2 and j["winning_moves"] == ["1,4,5"], "nim 3,4,5: value 2, move to 1,4,5")
    r = run(["value", "nim", "3,4,5"])
    check(r.returncode == 0 and "winning moves: 1,4,5" in r.stdout, "text output of value")

    # --- bad input: one line, exit 2, nothing written ---------------------------------------
    expect_input_error(["run", "no-such-claim*"], "selection matching nothing")
    expect_input_error(["run", "--no-such-option"], "unknown option")
    expect_input_error(["run", "--budget", "-1"], "negative budget")
    expect_input_error(["run", "--memory-limit", "100T"], "memory limit beyond the machine")
    expect_input_error(["run", "--format", "json,docx"], "unknown report format")
    expect_input_error(["run", "--claims", os.path.join(WORK, "missing.toml")], "missing claims file")
    corrupt = os.path.join(WORK, "corrupt.toml")
    with open(corrupt, "w") as f:
        f.write("[document]\nid = 'x'\n[[claim]]\nid = 'x.1'\nlocator = 'l'\n")
    expect_input_error(["run", "--claims", corrupt], "claims file missing fields")
    with open(corrupt, "w") as f:
        f.write("[[[ not toml")
    expect_input_error(["run", "--claims", corrupt], "claims file that is not TOML")
    expect_input_error(["show", "no.such.claim"], "show of an unknown claim")
    expect_input_error(["value", "nim", "1,x"], "malformed position")
    expect_input_error(["value", "nim:7", "1"], "malformed game spec")
    expect_input_error(["value", "chess", "1"], "unknown game")
    expect_input_error(["value", "nim"], "value without position")
    expect_input_error(["period", "nim"], "period of a game without one")
    expect_input_error(["frobnicate"], "unknown command")

    # --- the deliberately false claims: refuted, exit 0 (as expected), seed reproduces -------
    false_claims = os.path.join(SRC, "tests", "data", "false_claims.toml")
    out = os.path.join(WORK, "false")
    r = run(["run", "--claims", false_claims, "--out", out, "--seed", "7"])
    check(r.returncode == 0, f"false claims run as expected: {r.returncode} {r.stdout} {r.stderr}")
    if r.returncode == 0:
        report = validate(os.path.join(out, "report.json"))
        for c in report["claims"]:
            check(c["verdict"] == "refuted" and c["counterexample"], f"{c['id']} refuted with counterexample")
        again = run(["run", "--claims", false_claims, "--out", out + "2", "--seed", "7"])
        check(again.returncode == 0, "second run")
        report2 = validate(os.path.join(out + "2", "report.json"))
        strip = lambda rep: [(c["id"], c["seed"], json.dumps(c["counterexample"], sort_keys=True)) for c in rep["claims"]]
        check(strip(report) == strip(report2), "the same seed reproduces the same counterexamples")
        check(os.path.exists(os.path.join(out, "report.md")), "Markdown report written")

    # A false claim whose verdict is recorded as 'verified' makes the run exit 1.
    lying = os.path.join(WORK, "lying.toml")
    with open(false_claims) as f:
        text = f.read().replace('expected_verdict = "refuted"', 'expected_verdict = "verified"', 1)
    with open(lying, "w") as f:
        f.write(text)
    r = run(["run", "--claims", lying, "false.nim*"])
    check(r.returncode == 1, f"a verdict not as expected exits 1, got {r.returncode}")

    # --- show ------------------------------------------------------------------------------
    r = run(["show", "frolov2012.table1.left"])
    check(r.returncode == 0 and "verdict:   verified" in r.stdout, f"show: {r.stdout} {r.stderr}")
    r = run(["show", "--report", os.path.join(out, "report.json"), "--claims", false_claims, "false.rook_table_typo"])
    check(r.returncode == 0 and "counterexample" in r.stdout, f"show from a report: {r.stdout} {r.stderr}")

    # --- writers, shards, merge, diff -------------------------------------------------------
    full = os.path.join(WORK, "full")
    r = run(["run", "--claims", false_claims, "--out", full, "--format", "json,md,tex,csv,junit"])
    check(r.returncode == 0, "all formats")
    for name in ("report.json", "report.md", "report.tex", "report.csv", "junit.xml"):
        check(os.path.exists(os.path.join(full, name)), f"{name} written")
    import xml.dom.minidom
    junit = xml.dom.minidom.parse(os.path.join(full, "junit.xml"))
    with open(false_claims) as f:
        false_claim_count = f.read().count("\n[[claim]]\n")
    check(len(junit.getElementsByTagName("testcase")) == false_claim_count, "one JUnit testcase per claim")
    report_tex = open(os.path.join(full, "report.tex")).read()
    check("\\documentclass" in report_tex and "\\input{tables/documents/" in report_tex,
          "report.tex: a complete document that inputs the per-document tables")
    doc_tables = os.path.join(full, "tables", "documents")
    check(os.path.isdir(doc_tables) and os.listdir(doc_tables) and all(
        # a long table is a longtable, a short one a float (issue 38)
        any(env in open(os.path.join(doc_tables, f)).read()
            for env in ("\\begin{longtable}", "\\begin{table*}", "\\begin{table}"))
        for f in os.listdir(doc_tables)),
          "LaTeX table fragments")
    shards = []
    for k in (1, 2, 3):
        d = os.path.join(WORK, f"shard{k}")
        r = run(["run", "--claims", false_claims, "--shard", f"{k}/3", "--out", d])
        check(r.returncode == 0, f"shard {k}/3")
        shards.append(os.path.join(d, "report.json"))
    merged = os.path.join(WORK, "merged")
    r = run(["merge"] + shards + ["--out", merged])
    check(r.returncode == 0, f"merge: {r.stderr}")
    if r.returncode == 0:
        a, b = validate(os.path.join(full, "report.json")), validate(os.path.join(merged, "report.json"))
        norm = lambda rep: [{k: v for k, v in c.items() if k not in ("seconds", "peak_memory_bytes")}
                            for c in rep["claims"]]
        check(norm(a) == norm(b), "the merged shards equal the unsharded run")
        check(a["summary"] == b["summary"], "merged summary")
    expect_input_error(["merge"] + shards[:2] + ["--out", os.path.join(WORK, "m2")], "merge with a shard missing")
    expect_input_error(["run", "--shard", "4/3"], "shard out of range")
    r = run(["diff", os.path.join(full, "report.json"), os.path.join(merged, "report.json")])
    check(r.returncode == 0 and "0 verdicts worse" in r.stdout, f"diff of equal reports: {r.stdout}")
    worse = os.path.join(WORK, "worse.json")
    rep = json.load(open(os.path.join(full, "report.json")))
    rep["claims"][0]["verdict"] = "inconclusive"
    json.dump(rep, open(worse, "w"))
    r = run(["diff", os.path.join(full, "report.json"), worse])
    check(r.returncode == 1 and "WORSE" in r.stdout, f"diff exits 1 when a verdict got worse: {r.stdout}")
    with open(worse, "w") as f:
        f.write("{ not json")
    expect_input_error(["diff", worse, worse], "diff of a corrupt report")

    finish("e2e_cli")


if __name__ == "__main__":
    SRC, WORK = setup()
    with open(os.path.join(SRC, "reports", "report.schema.json")) as f:
        SCHEMA = json.load(f)
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    main()
