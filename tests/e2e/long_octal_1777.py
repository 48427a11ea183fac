#!/usr/bin/env python3
"""Long evidence run (registered only with -DIGV_LONG_TESTS=ON, label "long").

Flammenkamp's .1777 (OEIS A071509: period 60,620,715, last exception at n = 160,949,017) must be
proved at --budget 14 by `verify period --certificate-out` (443,139,470 values, saved in a binary
values file and re-checked from it; core/REACH.md, "Octal games"), re-checked from the saved files by
`verify check-certificate` (and refused with exit 2, "too large to re-check in Python", by the
Python checker once it has checked the file's header and hash), and proved by its claim at
--budget 222. About 1.5 GiB and 0.9 GB of disk; on this machine about 5 minutes of CPU per run
(see core/REACH.md for the measured figures).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

ap = argparse.ArgumentParser()
ap.add_argument("--verify", required=True)
ap.add_argument("--source-dir", required=True)
ap.add_argument("--work-dir", required=True)
a = ap.parse_args()
bad = []
saved = os.path.join(a.work_dir, "c1777")
os.makedirs(a.work_dir, exist_ok=True)
r = subprocess.run([a.verify, "period", "octal:0.1777", "--budget", "14", "--time-limit", "0",
                    "--format", "json", "--certificate-out", saved], capture_output=True, text=True,
                   timeout=7200)
if r.returncode != 0:
    bad.append(f"verify period exited {r.returncode}: {r.stdout[-500:]} {r.stderr[-500:]}")
else:
    j = json.loads(r.stdout)
    if (j["period"], j["preperiod"], j["last_exceptional_value"]) != (60620715, 160949018, 160949017):
        bad.append(f"verify period: {j['period']}, {j['preperiod']}")
    with open(os.path.join(saved, "octal-0.1777.json")) as f:
        j = json.load(f)  # the certificate (stdout has the answer)
    ref = j["certificate"].get("values_file", {})
    if j["certificate"]["bound"] != 443139470 or ref.get("bytes") != 443139470 + 64:
        bad.append(f"certificate: {j['certificate'].get('bound')}, {ref}")
    c = os.path.join(saved, "octal-0.1777.json")
    r = subprocess.run([a.verify, "check-certificate", c], capture_output=True, text=True, timeout=7200)
    if r.returncode != 0 or not r.stdout.startswith("s VERIFIED"):
        bad.append(f"check-certificate exited {r.returncode}: {r.stdout[-300:]} {r.stderr[-300:]}")
    r = subprocess.run([sys.executable, os.path.join(a.source_dir, "verify", "check_certificate.py"), c],
                       capture_output=True, text=True, timeout=7200)
    if r.returncode != 2 or "too large to re-check in Python" not in r.stderr:
        bad.append(f"python checker: exit {r.returncode}: {r.stderr[-300:]}")
shutil.rmtree(saved, ignore_errors=True)
out = os.path.join(a.work_dir, "out")
# Exit 1 is expected: at this budget the verdict is stronger than the recorded (default) one.
r = subprocess.run([a.verify, "run", "octal-records.1777", "--budget", "222", "--time-limit", "0",
                    "--out", out], capture_output=True, text=True, timeout=7200)
print(r.stdout)
if r.returncode not in (0, 1):
    bad.append(f"verify run exited {r.returncode}: {r.stderr[-500:]}")
else:
    report = json.load(open(os.path.join(out, "report.json")))
    bad += [c["id"] + ": " + c["verdict"] for c in report["claims"] if c["verdict"] != "proved"]
for b in bad:
    print("FAIL:", b)
sys.exit(1 if bad else 0)
