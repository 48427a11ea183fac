#!/usr/bin/env python3
"""Long evidence run (registered only with -DIGV_LONG_TESTS=ON, label "long").

Flammenkamp's .1777 (OEIS A071509: period 60,620,715, last exception at n = 160,949,017) must be
proved at --budget 14 by `verify period` (443,139,470 values: producer and the independent checker
in memory; README, "Octal games") and by its claim at --budget 222. About 2 GiB; on this
machine about 5 minutes of CPU per run (see README for the measured figures).
"""
import argparse
import json
import os
import subprocess
import sys

ap = argparse.ArgumentParser()
ap.add_argument("--verify", required=True)
ap.add_argument("--source-dir", required=True)
ap.add_argument("--work-dir", required=True)
a = ap.parse_args()
bad = []
r = subprocess.run([a.verify, "period", "octal:0.1777", "--budget", "14", "--time-limit", "0",
                    "--format", "json"], capture_output=True, text=True, timeout=7200)
if r.returncode != 0:
    bad.append(f"verify period exited {r.returncode}: {r.stdout[-500:]} {r.stderr[-500:]}")
else:
    j = json.loads(r.stdout)
    if (j["period"], j["preperiod"], j["last_exceptional_value"]) != (60620715, 160949018, 160949017):
        bad.append(f"verify period: {j['period']}, {j['preperiod']}")
    if j["certificate"]["bound"] != 443139470 or "values_not_written" not in j["certificate"]:
        bad.append(f"certificate: {j['certificate'].get('bound')}")
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
