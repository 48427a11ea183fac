"""Plumbing shared by the end-to-end tests (tests/e2e_*.py): their command-line arguments, running
the `verify` binary, recording failed checks and the closing exit code.

Every e2e test is run by ctest as `e2e_X.py --verify PATH --source-dir DIR --work-dir DIR`
(tests/tests.cmake). This file is not itself a test: its name does not match e2e_*.py.
"""
import argparse
import os
import shutil
import subprocess
import sys

failures = []
_verify = None


def check(cond, what):
    """Records a failed check (the test goes on, and exits 1 at the end)."""
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def run(args, **kw):
    """Runs `verify ARGS…` and returns the completed process (stdout and stderr as text)."""
    return subprocess.run([_verify] + args, capture_output=True, text=True, timeout=600, **kw)


def setup(fresh=True):
    """Parses the ctest arguments; returns (source_dir, work_dir) with work_dir created (emptied
    first when `fresh`)."""
    global _verify
    ap = argparse.ArgumentParser()
    ap.add_argument("--verify", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    a = ap.parse_args()
    _verify = a.verify
    if fresh:
        shutil.rmtree(a.work_dir, ignore_errors=True)
    os.makedirs(a.work_dir, exist_ok=True)
    return a.source_dir, a.work_dir


def finish(name):
    """Exits 1 when a check failed, else prints that every check of `name` passed."""
    if failures:
        print(f"{len(failures)} failed")
        sys.exit(1)
    print(f"{name}: all checks passed")


def period_certificate(args, path):
    """Runs `verify period ARGS… --certificate-out PATH` (the certificate goes to the file; stdout
    has the answer); returns (the completed process, the certificate's text or None)."""
    r = run(["period"] + args + ["--certificate-out", path])
    text = None
    if r.returncode == 0 and os.path.exists(path):
        with open(path) as f:
            text = f.read()
    return r, text
