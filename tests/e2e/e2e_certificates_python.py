#!/usr/bin/env python3
"""The two certificate checkers agree: `verify check-certificate` (C++) and
verify/check_certificate.py (Python, written from core/CERTIFICATES.md alone).

1. Every certificate `verify period` writes for the games below, every certificate file in
   tests/data/certificates and every certificate embedded in reports/published/report.json is
   accepted by both.
2. Corruption across families: programmatic edits of real certificates (each number changed by
   +1 and -1, each field dropped, fields swapped, every array shortened, the period doubled and
   halved, the preperiod moved, descriptive text changed, the file reformatted). An edit that
   makes the certificate assert something false must be rejected by both (exit 1 or 2); an edit
   that keeps it true (descriptive text, reformatting, another octal mask) must be accepted by
   both. A table of the edits tried per family and how each was answered is printed.
3. What a certificate file must be (issue 27): byte-level edits of a certificate of every family
   (tests/e2e/certificate_edits.py): a key given twice (false value first or last, or equal
   values, at the top level, in the certificate object, in a chain row), a byte order mark,
   invalid UTF-8, lone surrogates, deep nesting, numbers with a fraction or an exponent or beyond
   64 bits, NaN, non-canonical game names (`rook-misere:05`, Arabic-Indic or full-width digits),
   truncation, trailing text. Every one is refused by both checkers, those of the reader with
   exit 2 and one `verify: error:` line each; valid JSON text that keeps the certificate true
   (escaped non-ASCII text, CRLF) is accepted by both.
Usage (from ctest): e2e_certificates_python.py --verify PATH --source-dir DIR --work-dir DIR
"""
import contextlib
import copy
import glob
import io
import json
import os
import sys
from collections import Counter, defaultdict

import certificate_edits
from verify_e2e import check, finish, period_certificate, run, setup

SRC, WORK = setup()
sys.path.insert(0, os.path.join(SRC, "verify"))
import check_certificate  # noqa: E402  (the Python checker, run in this process to save time)

GAMES = ["octal:0.07", "octal:0.137", "octal:4.7", "subtraction:1,3,4", "subtraction:2,5,7",
         "subtraction-misere:1,3,4", "subtraction:powers-of-2", "rook-misere:5",
         "digital-deletion:5"]
EDITED = ["octal:0.07", "subtraction:1,3,4", "subtraction:2,5,7", "subtraction-misere:1,3,4",
          "subtraction:powers-of-2", "rook-misere:5", "digital-deletion:5"]
DESCRIPTIVE = {"theorem", "checked", "checker", "convention", "producer"}


def write(name, doc, indent=2):
    path = os.path.join(WORK, name)
    with open(path, "w") as f:
        json.dump(doc, f, indent=indent, ensure_ascii=False)
    return path


def both(path):
    """(C++ exit code, Python exit code) on one file."""
    cpp = run(["check-certificate", path]).returncode
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        py = check_certificate.main(["check_certificate.py", path])
    if py == 1:
        check(out.getvalue().startswith("s NOT VERIFIED: "), f"python exit 1 without a reason: {out.getvalue()!r}")
    if py == 2:
        check(err.getvalue().startswith("verify: error: ") and err.getvalue().count("\n") == 1,
              f"python exit 2: {err.getvalue()!r}")
    return cpp, py


def family(game):
    name = game.split(":")[0]
    return {"subtraction-misere": "subtraction", "digital-deletion": "frolov",
            "rook-misere": "frolov"}.get(name, name)


def leaves(doc, at=()):
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from leaves(v, at + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from leaves(v, at + (i,))
    else:
        yield at


def containers(doc, at=()):
    if isinstance(doc, (dict, list)):
        yield at, doc
        for k, v in (doc.items() if isinstance(doc, dict) else enumerate(doc)):
            yield from containers(v, at + (k,))


def get(doc, at):
    for k in at:
        doc = doc[k]
    return doc


def put(doc, at, value):
    get(doc, at[:-1])[at[-1]] = value


def keeps_true(doc, at):
    """Edits that leave the certificate true: descriptive text, and the octal masks' values (the
    rare/common argument holds for every mask, core/CERTIFICATES.md)."""
    if at and at[-1] in DESCRIPTIVE and isinstance(get(doc, at), str):
        return True
    return doc["game"].startswith("octal:") and len(at) == 4 and at[:2] == ("certificate", "masks") and at[3] == 1


def well_formed_schedule(masks):
    """An octal mask schedule both checkers take: pairs of 32-bit integers, the first from heap 0,
    strictly increasing in heap. Which mask applies where only decides the checker's speed."""
    return (isinstance(masks, list) and masks and
            all(isinstance(m, list) and len(m) == 2 and
                all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 0xFFFFFFFF for x in m)
                for m in masks) and
            masks[0][0] == 0 and all(a[0] < b[0] for a, b in zip(masks, masks[1:])))


def schedule_edit_keeps_true(doc, edited):
    """An edit of an octal certificate's mask schedule alone that leaves it well formed."""
    if not doc["game"].startswith("octal:"):
        return False
    rest, rest_edited = copy.deepcopy(doc), copy.deepcopy(edited)
    masks = rest_edited.get("certificate", {}).pop("masks", None)
    rest["certificate"].pop("masks")
    return rest == rest_edited and masks != doc["certificate"]["masks"] and well_formed_schedule(masks)


def edits(doc):
    """(name, edited document, kept true?) for every programmatic edit of one certificate."""
    for at in leaves(doc):
        v, where = get(doc, at), "/".join(map(str, at))
        if isinstance(v, bool):
            candidates = [("flip", not v)]
        elif isinstance(v, int):
            candidates = [("+1", v + 1), ("-1", v - 1)]
        elif isinstance(v, str):
            candidates = [("text", v + " (edited)")]
        else:
            candidates = [("null->0", 0)]
        for how, new in candidates:
            e = copy.deepcopy(doc)
            put(e, at, new)
            yield f"{where} {how}", e, keeps_true(doc, at) and not (isinstance(new, int) and new < 0)
    for at, c in containers(doc):
        where = "/".join(map(str, at)) or "top"
        if isinstance(c, dict):
            for k in c:
                e = copy.deepcopy(doc)
                del get(e, at)[k]
                yield f"{where}/{k} dropped", e, False
        elif c:
            e = copy.deepcopy(doc)
            get(e, at).pop()
            yield f"{where} shortened", e, False
            if len(c) > 1 and c[0] != c[-1]:
                e = copy.deepcopy(doc)
                x = get(e, at)
                x[0], x[-1] = x[-1], x[0]
                yield f"{where} first and last swapped", e, False
    p, l = doc["period"], doc["preperiod"]
    for how, period in (("doubled", 2 * p), ("halved", p // 2)):
        e = copy.deepcopy(doc)
        e["period"] = period
        if doc["game"].split(":")[0] in ("rook-misere", "digital-deletion"):
            e["saltus"] = period
        yield f"period {how}", e, False
    for how, pre in (("moved +2", l + 2), ("moved -2", l - 2), ("moved to 0", 0 if l else 1)):
        e = copy.deepcopy(doc)
        e["preperiod"] = pre
        yield f"preperiod {how}", e, False
    if l != p:
        e = copy.deepcopy(doc)
        e["preperiod"], e["period"] = p, l
        yield "preperiod and period swapped", e, False


# 1. Round trips and published certificates.
certificates = {}
for game in GAMES:
    r, text = period_certificate([game], os.path.join(WORK, "printed.json"))
    check(r.returncode == 0, f"verify period {game}: exit {r.returncode} {r.stderr}")
    certificates[game] = json.loads(text)
    check(both(write("period.json", certificates[game])) == (0, 0), f"{game}: not accepted by both")
for path in sorted(glob.glob(os.path.join(SRC, "tests", "data", "certificates", "*.json"))):
    with open(path) as f:
        doc = json.load(f)
    check(both(path) == (0, 0), f"{path}: not accepted by both")
published = []
with open(os.path.join(SRC, "reports", "published", "report.json")) as f:
    report = json.load(f)
for claim in report["claims"]:
    for at, c in containers(claim.get("evidence") or {}):
        if isinstance(c, dict) and isinstance(c.get("certificate"), dict) and "certificate_version" in c["certificate"]:
            published.append((claim["id"], c))
check(published, "reports/published holds no certificate")
for i, (cid, c) in enumerate(published):
    check(both(write(f"published_{i}.json", c)) == (0, 0), f"{cid}: published certificate not accepted by both")
print(f"{len(published)} certificates in reports/published accepted by both checkers")

# 2. Corruption.
table = defaultdict(Counter)
for game, doc in certificates.items():
    if game not in EDITED:
        continue
    fam = family(game)
    check(both(write("original.json", doc)) == (0, 0), f"{game}: not accepted by both")
    check(both(write("compact.json", doc, indent=None)) == (0, 0), f"{game}: reformatted file not accepted")
    table[fam]["kept true: reformatted"] += 1
    for name, edited, kept in edits(doc):
        kept = kept or schedule_edit_keeps_true(doc, edited)
        cpp, py = both(write("edited.json", edited))
        if kept:
            check((cpp, py) == (0, 0), f"{game}: {name} keeps the certificate true but got {cpp}/{py}")
            table[fam]["kept true: accepted by both"] += 1
        else:
            check(cpp != 0 and py != 0, f"{game}: {name} asserts something false but got C++ {cpp}, Python {py}")
            table[fam][f"false: C++ exit {cpp}, Python exit {py}"] += 1

# 3. What a certificate file must be.
import verify_e2e  # noqa: E402
checkers = certificate_edits.Checkers(verify_e2e._verify, SRC)
hostile = dict(certificates)
r, text = period_certificate(["hex:0.33F"], os.path.join(WORK, "printed.json"))
check(r.returncode == 0, f"verify period hex:0.33F: exit {r.returncode} {r.stderr}")
hostile["hex:0.33F"] = json.loads(text)
binary = os.path.join(WORK, "binary")
os.makedirs(binary, exist_ok=True)
r = run(["period", "octal:0.07", "--certificate-out", os.path.join(binary, "c.json"), "--binary-values"])
check(r.returncode == 0, f"verify period octal:0.07 --binary-values: exit {r.returncode} {r.stderr}")
with open(os.path.join(binary, "c.json")) as f:
    hostile["octal:0.07 (values file)"] = json.load(f)
for game, doc in hostile.items():
    fam = family(game) + (" (values file)" if "values file" in game else "")
    folder = binary if "values file" in game else WORK
    for name, data, expected in certificate_edits.hostile_edits(doc):
        path = os.path.join(folder, "hostile.json")
        with open(path, "wb") as f:
            f.write(data)
        cpp, py, problems = checkers.both(path)
        for p in problems:
            check(False, f"{game}: {name}: {p}")
        if expected == "accepted":
            check((cpp, py) == (0, 0), f"{game}: {name} keeps the certificate true but got C++ {cpp}, Python {py}")
        elif expected == "malformed":
            check(cpp == py == 2, f"{game}: {name} is not a readable file but got C++ {cpp}, Python {py}")
        else:
            check(cpp != 0 and py != 0, f"{game}: {name} asserts something else but got C++ {cpp}, Python {py}")
        table[fam + ", file text"][f"{expected}: C++ exit {cpp}, Python exit {py}"] += 1

# The reproductions of issue 27 kept as files (tests/data/certificates/hostile/: a key given twice
# with the false value first, in a chain row, with equal values; a byte order mark; a second
# document after a NUL byte; version 1.0; a lone surrogate; nesting 10,000 deep; numbers 1e400,
# 30 digits, NaN; rook-misere:04 and rook-misere:٤; a row copy with 0 for false): each once
# accepted by one checker or both, now refused by both.
hostile_files = sorted(glob.glob(os.path.join(SRC, "tests", "data", "certificates", "hostile", "*.json")))
check(len(hostile_files) >= 15, f"tests/data/certificates/hostile holds {len(hostile_files)} files")
for path in hostile_files:
    cpp, py, problems = checkers.both(path)
    for p in problems:
        check(False, f"{os.path.basename(path)}: {p}")
    check(cpp != 0 and py != 0, f"{os.path.basename(path)}: refused by both expected, got C++ {cpp}, Python {py}")
    table["issue 27 reproductions (files)"][f"C++ exit {cpp}, Python exit {py}"] += 1

# 4. The witness hints of a real certificate (.16: 509,622 values, 1,463 hints, the first at heap
# 11,921): both checkers search a witness up to max(4096, hint) and agree; the Python checker
# re-checks it in seconds (it took every split of every heap before issue 27: hours).
r, text = period_certificate(["octal:0.16"], os.path.join(WORK, "printed.json"))
check(r.returncode == 0, f"verify period octal:0.16: exit {r.returncode} {r.stderr}")
c16 = json.loads(text)
hints = c16["certificate"]["witness_hints"]
check(hints and hints[0][1] > 4096, f".16 has witness hints above 4096: {hints[:2]}")
for name, edit, accepted in (
        ("as written", lambda h: None, True),
        ("first hint removed", lambda h: h.pop(0), False),
        ("first hint lowered to 4096", lambda h: h[0].__setitem__(1, 4096), False),
        ("first hint raised by 1000", lambda h: h[0].__setitem__(1, h[0][1] + 1000), True)):
    doc = copy.deepcopy(c16)
    edit(doc["certificate"]["witness_hints"])
    cpp, py = both(write("c16.json", doc))
    check((cpp, py) == ((0, 0) if accepted else (1, 1)), f".16, witness hints {name}: C++ {cpp}, Python {py}")
    table["octal .16, witness hints"][f"{'kept true' if accepted else 'false'}: C++ exit {cpp}, Python exit {py}"] += 1

print("\nedits per family (C++ `verify check-certificate` / verify/check_certificate.py):")
for fam, counts in sorted(table.items()):
    print(f"  {fam}: {sum(counts.values())} edits")
    for answer, n in sorted(counts.items()):
        print(f"    {n:5d}  {answer}")
finish("e2e_certificates_python")
