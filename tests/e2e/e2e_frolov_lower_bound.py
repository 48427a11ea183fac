#!/usr/bin/env python3
"""End-to-end test: `verify check-certificate` re-checks a Frolov lower-bound file
(core/CERTIFICATES.md, "Lower bounds of a row"): the two files of
tests/data/certificates/frolov-lower-bound/ (g and f row 8, no period j*720 for j <= 13, made by
tests/frolov/test_frolov_lower_bound.cpp) are VERIFIED; a value, the bound Q or the unit edited is
rejected (exit 1); another certificate_version, a missing field or a witness out of order is
malformed (exit 2); a budget below the stream is exit 2, one line, as for a period file; the Python checker refuses the format
(exit 2: it reads only period certificates).
Usage (from ctest): e2e_frolov_lower_bound.py --verify PATH --source-dir DIR --work-dir DIR
"""
import copy
import json
import os
import subprocess
import sys

from verify_e2e import check, finish, run, setup

SRC, WORK = setup()
DATA = os.path.join(SRC, "tests", "data", "certificates", "frolov-lower-bound")


def verdict(doc, name, extra=()):
    path = os.path.join(WORK, name)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f)
    return run(["check-certificate", path, *extra])


for game in ("rook-misere-8", "digital-deletion-8"):
    with open(os.path.join(DATA, game + ".json"), encoding="utf-8") as f:
        doc = json.load(f)
    r = verdict(doc, game + ".json")
    check(r.returncode == 0 and "VERIFIED" in r.stdout, f"{game}: expected VERIFIED, got "
          f"{r.returncode} {r.stdout!r} {r.stderr!r}")
    check("no period j * 720" in r.stdout, f"{game}: the statement is printed: {r.stdout!r}")
    edits = {
        "h_shifted": lambda d: d["certificate"]["witnesses"][3].__setitem__(
            "h_shifted", d["certificate"]["witnesses"][3]["h_shifted"] + 1),
        "preperiod_at_most": lambda d: d["lower_bound"].__setitem__(
            "preperiod_at_most", d["lower_bound"]["preperiod_at_most"] + 1),
        "unit": lambda d: d["lower_bound"].__setitem__("unit", 1440),
        "shifts": lambda d: d["lower_bound"].__setitem__("shifts", 14),
        "chain period": lambda d: d["certificate"]["chain"][6].__setitem__("period", 1440),
    }
    for what, edit in edits.items():
        d = copy.deepcopy(doc)
        edit(d)
        r = verdict(d, game + "-edited.json")
        check(r.returncode == 1, f"{game}, {what} edited: expected exit 1, got {r.returncode} "
              f"{r.stdout!r} {r.stderr!r}")
    malformed = {
        "version": lambda d: d["certificate"].__setitem__("certificate_version", 2),
        "missing": lambda d: d["lower_bound"].pop("unit"),
        "order": lambda d: d["certificate"]["witnesses"].reverse(),
        "extra": lambda d: d["certificate"].__setitem__("block", [1, 2]),
    }
    for what, edit in malformed.items():
        d = copy.deepcopy(doc)
        edit(d)
        r = verdict(d, game + "-malformed.json")
        check(r.returncode in (1, 2) and r.returncode != 0,
              f"{game}, {what}: expected a refusal, got {r.returncode} {r.stderr!r}")
        if what in ("version", "missing", "extra"):
            check(r.returncode == 2, f"{game}, {what}: expected exit 2, got {r.returncode}")
    r = verdict(doc, game + ".json", ["--max-columns", "1000"])
    check(r.returncode == 2 and "limit of 1000" in r.stderr,
          f"{game}: --max-columns 1000 expected exit 2 naming the limit, got {r.returncode} "
          f"{r.stderr!r}")
    py = subprocess.run([sys.executable, os.path.join(SRC, "verify", "check_certificate.py"),
                         os.path.join(DATA, game + ".json")], capture_output=True, text=True)
    check(py.returncode == 2, f"{game}: the Python checker should refuse the format (exit 2), "
          f"got {py.returncode} {py.stdout!r} {py.stderr!r}")

finish("e2e_frolov_lower_bound")
