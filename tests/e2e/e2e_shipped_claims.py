#!/usr/bin/env python3
"""The main job as a test: every shipped claim, default budget, both cores.

Every verdict must equal its recorded expected verdict (exit 0), the JSON report must be valid
against reports/report.schema.json, name every claim `verify list` lists, and the Markdown
report must name each of them too. The run writes json,md,svg: the committed JSON, Markdown,
figures and certificates (reports/published/) must equal it. Every proved claim names its
certificate file, and `verify check-report` and `verify/check_certificate.py --report` both
re-check the folder (exit 0, every proved claim accepted).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

import jsonschema


# What differs between two runs of the same claims: when and where they ran, the commit, the
# compiler (the sanitizer pass builds with clang), timings and memory.
VOLATILE = {"seconds", "peak_memory_bytes", "date", "host", "git_commit", "compiler", "hardware_threads", "jobs", "claims_files",
            "rss_bytes"}


def normalise_json(j):
    """The report without the fields that differ between two runs of the same claims."""
    if isinstance(j, dict):
        return {k: normalise_json(v) for k, v in j.items()
                if k not in VOLATILE and "seconds" not in k and "_ms" not in k and "time" not in k
                and "peak_memory" not in k}
    if isinstance(j, list):
        return [normalise_json(x) for x in j]
    return j


def normalise_md(text):
    lines = []
    for line in text.splitlines():
        if line.startswith("Harness "):
            continue  # commit, compiler, build type
        lines.append(re.sub(r"\| [0-9.]+ \|$", "|", line))  # the seconds column
    return "\n".join(lines)


def check_table2_rows_13_14(src, schema, report):
    """Rows 13 and 14 of Table 2 come from `verify run frolov2012.table2.extension --budget 1000`
    (about an hour: core/REACH.md, "Rows 13 and 14 of Table 2"), too long to run here; its report is
    committed in reports/evidence/table2-budget-1000/. It must be a valid report in which the
    claim is proved with rows 0..14, and its rows 0..11 must be this fresh run's."""
    failures = []
    where = "reports/evidence/table2-budget-1000/report.json"
    try:
        with open(os.path.join(src, "reports", "evidence", "table2-budget-1000", "report.json")) as f:
            long_run = json.load(f)
    except FileNotFoundError:
        return [f"{where} missing"]
    try:
        jsonschema.Draft202012Validator(schema).validate(long_run)
    except jsonschema.ValidationError as e:
        return [f"{where} is not a valid report: {e.message}"]
    claim_id = "frolov2012.table2.extension"
    claims = [c for c in long_run["claims"] if c["id"] == claim_id]
    fresh = [c for c in report["claims"] if c["id"] == claim_id]
    if len(claims) != 1 or len(fresh) != 1:
        return [f"{where}: no single {claim_id}"]
    c = claims[0]
    if c["verdict"] != "proved":
        failures.append(f"{where}: {claim_id} is {c['verdict']}: {c['summary']}")
    rows = {row["m"]: row for row in c["evidence"].get("table", [])}
    if sorted(rows) != list(range(15)):
        failures.append(f"{where}: the table has rows {sorted(rows)}, not 0..14")
    for row in fresh[0]["evidence"]["table"]:
        if rows.get(row["m"]) != row:
            failures.append(f"{where}: row {row['m']} differs from the fresh run's")
    return failures


def main(verify, src, work):
    shutil.rmtree(work, ignore_errors=True)
    out = os.path.join(work, "out")
    r = subprocess.run([verify, "run", "--out", out, "--jobs", "2", "--quiet", "--format", "json,md,svg"],
                       capture_output=True, text=True, timeout=1800)
    print(r.stdout[-4000:])
    print(r.stderr[-2000:], file=sys.stderr)
    failures = []
    if r.returncode != 0:
        failures.append(f"verify run exited {r.returncode}")
    with open(os.path.join(src, "reports", "report.schema.json")) as f:
        schema = json.load(f)
    with open(os.path.join(out, "report.json")) as f:
        report = json.load(f)
    jsonschema.Draft202012Validator(schema).validate(report)
    listed = json.loads(subprocess.run([verify, "list", "--format", "json"], capture_output=True,
                                       text=True, check=True).stdout)
    ids = [c["id"] for c in report["claims"]]
    if sorted(ids) != sorted(c["id"] for c in listed):
        failures.append("the report does not name exactly the listed claims")
    docs = {c["source"]["document"] for c in report["claims"]}
    for d in ("000_a85f04da58584fa6", "001_bc98b3364103fd4a", "002_ae6d722b5ea2de0c",
              "003_44ff00b94ceef14c", "004_2d19be0a5059ae39"):
        if d not in docs:
            failures.append(f"no claim of document {d} in the report")
    for c in report["claims"]:
        if not c["as_expected"]:
            failures.append(f"{c['id']}: {c['verdict']}, expected {c['expected_verdict']}: {c['summary']}")
        if c["verdict"] == "refuted" and not c["counterexample"]:
            failures.append(f"{c['id']}: refuted without a counterexample")
    with open(os.path.join(out, "report.md")) as f:
        md = f.read()
    for i in ids:
        if f"`{i}`" not in md:
            failures.append(f"{i} missing from report.md")
    # The published reports (reports/published/) must equal this fresh run, volatile fields
    # (date, host, commit, timings) aside. Regenerate them with the command in
    # reports/REPORTS.md, "Published reports".
    published = os.path.join(src, "reports", "published")
    try:
        with open(os.path.join(published, "report.json")) as f:
            committed = json.load(f)
        if normalise_json(committed) != normalise_json(report):
            old = {c["id"]: c for c in normalise_json(committed)["claims"]}
            new = {c["id"]: c for c in normalise_json(report)["claims"]}
            changed = sorted(i for i in set(old) | set(new) if old.get(i) != new.get(i))
            failures.append("reports/published/report.json differs from a fresh run in: " + ", ".join(changed[:20])
                            + (" (and the context/summary)" if not changed else ""))
        with open(os.path.join(published, "report.md")) as f:
            if normalise_md(f.read()) != normalise_md(md):
                failures.append("reports/published/report.md differs from a fresh run")
        # The figures are drawn from computed values only: byte for byte the same.
        # (The SVGs: the PDFs beside them are rsvg-convert's copies for report.tex, which this
        # run does not write; e2e_latex compiles them.)
        fresh_figures = sorted(f for f in os.listdir(os.path.join(out, "figures")) if f.endswith(".svg"))
        committed_figures = sorted(f for f in os.listdir(os.path.join(published, "figures")) if f.endswith(".svg"))
        if fresh_figures != committed_figures:
            failures.append(f"reports/published/figures holds {committed_figures}, a fresh run writes {fresh_figures}")
        for name in set(fresh_figures) & set(committed_figures):
            with open(os.path.join(out, "figures", name), "rb") as a, \
                    open(os.path.join(published, "figures", name), "rb") as b:
                if a.read() != b.read():
                    failures.append(f"reports/published/figures/{name} differs from a fresh run")
    except FileNotFoundError as e:
        failures.append(f"published report missing: {e.filename}")
    failures += check_table2_rows_13_14(src, schema, report)
    # Every proved claim carries its certificate, and both checkers re-check the folder alone
    # (issue 35; tests/e2e/e2e_check_report.py tampers with copies).
    proved = [c for c in report["claims"] if c["verdict"] == "proved"]
    for c in proved:
        ref = c["evidence"].get("certificate_file")
        if not isinstance(ref, dict) or not os.path.isfile(os.path.join(out, ref.get("path", "-"))):
            failures.append(f"{c['id']}: proved without a certificate file in the folder ({ref})")
    recheck = [[verify, "check-report", out],
               [sys.executable, os.path.join(src, "verify", "check_certificate.py"), "--report", out]]
    for command in recheck:
        p = subprocess.run(command, capture_output=True, text=True, timeout=1800)
        if p.returncode != 0 or f"{len(proved)} accepted, 0 not accepted" not in p.stdout:
            failures.append(f"{' '.join(command[-3:])} exits {p.returncode}: {p.stdout[-1500:]} {p.stderr[-300:]}")
    # The committed certificates are this run's, byte for byte.
    fresh_certificates = sorted(os.listdir(os.path.join(out, "certificates"))) \
        if os.path.isdir(os.path.join(out, "certificates")) else []
    committed_dir = os.path.join(published, "certificates")
    committed_certificates = sorted(os.listdir(committed_dir)) if os.path.isdir(committed_dir) else []
    if fresh_certificates != committed_certificates:
        failures.append(f"reports/published/certificates holds {committed_certificates}, a fresh run writes "
                        f"{fresh_certificates}")
    else:
        for name in fresh_certificates:
            with open(os.path.join(out, "certificates", name), "rb") as a, \
                    open(os.path.join(committed_dir, name), "rb") as b:
                if a.read() != b.read():
                    failures.append(f"reports/published/certificates/{name} differs from a fresh run")
    for f in failures:
        print("FAIL:", f)
    if failures:
        sys.exit(1)
    print(f"{len(ids)} claims, all verdicts as expected, report valid")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--verify", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    a = ap.parse_args()
    main(a.verify, a.source_dir, a.work_dir)
