#!/usr/bin/env python3
"""Fault test (issue #13, item 5): a run is killed at random moments with SIGINT, SIGTERM and
SIGKILL (IGV_FAULT_TRIALS each, 20 by default) while its --out holds the complete set of an
older run. After every kill --out must hold either the complete old set, byte for byte, or the
complete new set: never a mixture, never a half-written file. A killed run may leave only a
hidden temporary sibling, which the next run removes.
Usage (from ctest): e2e_faults.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os
import random
import shutil
import signal
import subprocess
import time

import verify_e2e
from verify_e2e import check, finish, setup

SRC, WORK = setup()
CLAIMS = os.path.join(SRC, "tests", "data", "false_claims.toml")
CLAIM_COUNT = open(CLAIMS, encoding="utf-8").read().count("[[claim]]")
OLD_FORMATS = "json,md,tex,csv"
NEW_FORMATS = "json,md"


def args(out, seed, formats):
    # Enough random cases that a run lasts long enough to be interrupted at different stages.
    return [verify_e2e._verify, "run", "--claims", CLAIMS, "--out", out, "--seed", str(seed),
            "--format", formats, "--random-cases", "20000", "--jobs", "1", "--quiet"]


def snapshot(folder):
    files = {}
    for root, _, names in os.walk(folder):
        for n in names:
            p = os.path.join(root, n)
            with open(p, "rb") as f:
                files[os.path.relpath(p, folder)] = f.read()
    return files


def is_complete_new(files):
    if sorted(files) != ["report.json", "report.md"]:
        return False
    try:
        j = json.loads(files["report.json"])
    except ValueError:
        return False
    md = files["report.md"].decode()
    return (j["context"]["seed"] == 2 and len(j["claims"]) == CLAIM_COUNT
            and all(c["id"] in md for c in j["claims"]) and md.strip() != "")


def main():
    pristine = os.path.join(WORK, "pristine")
    r = subprocess.run(args(pristine, 1, OLD_FORMATS), capture_output=True, text=True, timeout=600)
    check(r.returncode == 0, f"the old run: {r.stderr}")
    old = snapshot(pristine)
    t0 = time.monotonic()
    reference = os.path.join(WORK, "reference")
    r = subprocess.run(args(reference, 2, NEW_FORMATS), capture_output=True, text=True, timeout=600)
    duration = time.monotonic() - t0
    check(r.returncode == 0 and is_complete_new(snapshot(reference)),
          f"the new run, uninterrupted, writes a complete set: {r.stderr}")
    print(f"an uninterrupted run takes {duration:.2f} s")

    trials = int(os.environ.get("IGV_FAULT_TRIALS", "20"))
    rng = random.Random(13)
    counts = {}
    out = os.path.join(WORK, "out")
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGKILL):
        for trial in range(trials):
            shutil.rmtree(out, ignore_errors=True)
            shutil.copytree(pristine, out)
            delay = rng.uniform(0, duration * 1.2)
            p = subprocess.Popen(args(out, 2, NEW_FORMATS), stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
            time.sleep(delay)
            p.send_signal(sig)
            p.wait(timeout=600)
            now = snapshot(out)
            state = "old" if now == old else "new" if is_complete_new(now) else "mixed"
            counts[(sig.name, state)] = counts.get((sig.name, state), 0) + 1
            check(state != "mixed",
                  f"{sig.name} after {delay:.2f} s left a mixed set in --out: {sorted(now)}")
    print("outcomes:", {f"{k[0]} {k[1]}": v for k, v in sorted(counts.items())})

    # A later run removes what killed runs left beside --out, and leaves nothing of its own.
    r = subprocess.run(args(out, 2, NEW_FORMATS), capture_output=True, text=True, timeout=600)
    check(r.returncode == 0 and is_complete_new(snapshot(out)), f"a run after the kills: {r.stderr}")
    left = [n for n in os.listdir(WORK) if ".verify-" in n]
    check(not left, f"temporary folders left beside --out: {left}")
    finish("e2e_faults")


main()
