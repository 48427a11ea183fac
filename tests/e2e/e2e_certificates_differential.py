#!/usr/bin/env python3
"""A property test of the two certificate checkers (issue 27): random edits of real certificates
of every family must be accepted by both or refused by both.

`verify check-certificate` (C++) and verify/check_certificate.py (Python, written from
core/CERTIFICATES.md alone) run on each edited file; they must agree on accept (exit 0) or refuse
(exit 1 or 2: which of the two may differ, one may see a malformed file where the other sees a
false claim), and each answer must have the documented form (`s VERIFIED`, `s NOT VERIFIED…`, or
one `verify: error:` line). An edit is one to three of: a key deleted, duplicated (equal or other
value), renamed or added; a number changed (by one, doubled, halved, negated, zero, huge, 2^k);
a value's kind changed (string, float, bool, null, array, object); an array shortened, extended,
reversed or two of its entries swapped; a value wrapped in arrays; the text truncated or given
trailing bytes. The edits are drawn from a fixed seed; the first disagreement is printed with the
file that reproduces it (kept in the work folder).

IGV_DIFFERENTIAL_EDITS (default 600) sets the number of edits, IGV_DIFFERENTIAL_SEED the seed.
Usage (from ctest): e2e_certificates_differential.py --verify PATH --source-dir DIR --work-dir DIR
"""
import copy
import json
import os
import random
import shutil
from collections import Counter

import certificate_edits
import verify_e2e
from verify_e2e import check, finish, period_certificate, run, setup

SRC, WORK = setup()
checkers = certificate_edits.Checkers(verify_e2e._verify, SRC)
EDITS = int(os.environ.get("IGV_DIFFERENTIAL_EDITS", "600"))
SEED = int(os.environ.get("IGV_DIFFERENTIAL_SEED", "27"))
GAMES = ["octal:0.07", "octal:4.7", "hex:0.33F", "subtraction:1,3,4", "subtraction:2,5,7",
         "subtraction-misere:1,3,4", "subtraction:powers-of-2", "rook-misere:4", "digital-deletion:4"]


def paths(doc, at=()):
    """Every path (tuple of keys and indices) in the document, containers included."""
    yield at
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from paths(v, at + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from paths(v, at + (i,))


def get(doc, at):
    for k in at:
        doc = doc[k]
    return doc


def new_number(rng, v):
    return rng.choice([v + 1, v - 1, 2 * v, v // 2, -v, 0, 1, v + rng.randint(2, 50), 1 << rng.randint(8, 70),
                       rng.randint(0, 1 << 40), (1 << 63) - 1, -(1 << 63)])


def new_kind(rng, v):
    return rng.choice([str(v), [v], {"v": v}, None, True, False, 1.5, float(v) if isinstance(v, int) else 0.5, "", []])


def edit_tree(rng, doc):
    """One structural edit of the document (a deep copy); its name."""
    doc = copy.deepcopy(doc)
    every = list(paths(doc))[1:]
    members = [at for at in every if isinstance(at[-1], str)]  # object members, not only array entries
    at = rng.choice(members if members and rng.random() < 0.6 else every)
    parent, key, value = get(doc, at[:-1]), at[-1], get(doc, at)
    where = "/".join(map(str, at))
    what = rng.randrange(8)
    if what == 0:
        del parent[key]
        return doc, f"{where} deleted"
    if what == 1 and isinstance(value, int) and not isinstance(value, bool):
        parent[key] = new_number(rng, value)
        return doc, f"{where} = {parent[key]}"
    if what == 2:
        parent[key] = new_kind(rng, value)
        return doc, f"{where} -> {json.dumps(parent[key])}"
    if what == 3 and isinstance(value, list) and value:
        how = rng.randrange(4)
        if how == 0:
            value.pop(rng.randrange(len(value)))
        elif how == 1:
            value.insert(rng.randrange(len(value) + 1), copy.deepcopy(rng.choice(value)))
        elif how == 2:
            value.reverse()
        else:
            i, j = rng.randrange(len(value)), rng.randrange(len(value))
            value[i], value[j] = value[j], value[i]
        return doc, f"{where} array edit {how}"
    if what == 4:
        depth = rng.choice([1, 2, 5, 127, 130])
        for _ in range(depth):
            value = [value]
        parent[key] = value
        return doc, f"{where} wrapped {depth} deep"
    if what == 5 and isinstance(parent, dict):
        parent[key + rng.choice(["_", "s", "X"])] = parent.pop(key)
        return doc, f"{where} renamed"
    if what == 6 and isinstance(parent, dict):
        parent[rng.choice(["extra", "verdict", "values", "block", "period", "note"]) + str(rng.randrange(3))] = 0
        return doc, f"{where}: a key added beside"
    if isinstance(value, str):
        chars = list(value)
        i = rng.randrange(len(chars) + 1)
        chars.insert(i, rng.choice(["0", "1", " ", ",", ".", "\u0661", "-", "x"]))
        parent[key] = "".join(chars)
        return doc, f"{where} text edit"
    if isinstance(value, int) and not isinstance(value, bool):
        parent[key] = value + rng.choice([-1, 1])
        return doc, f"{where} +-1"
    del parent[key]
    return doc, f"{where} deleted"


def edit_text(rng, doc):
    """A byte-level edit: a key written twice, truncation, trailing bytes."""
    what = rng.randrange(3)
    if what == 0:
        objects = [at for at in paths(doc) if isinstance(get(doc, at), dict) and get(doc, at)]
        at = rng.choice(objects)
        key = rng.choice(list(get(doc, at)))
        value = get(doc, at)[key]
        other = new_number(rng, value) if isinstance(value, int) and not isinstance(value, bool) else value
        first, second = rng.choice([(value, value), (other, value), (value, other)])
        return certificate_edits.with_duplicate(doc, at, key, first, second).encode(), f"{'/'.join(map(str, at + (key,)))} twice"
    text = certificate_edits.dump(doc).encode()
    if what == 1:
        cut = rng.randrange(len(text))
        return text[:cut], f"truncated at {cut}"
    return text + rng.choice([b" ", b"\n\n", b"}", b"x", b"\x00", b"\xff", b"\xef\xbb\xbf"]), "trailing bytes"


def main():
    rng = random.Random(SEED)
    bases = {}
    for game in GAMES:
        r, text = period_certificate([game], os.path.join(WORK, "printed.json"))
        check(r.returncode == 0, f"verify period {game}: exit {r.returncode} {r.stderr}")
        bases[game] = json.loads(text)
    folder = os.path.join(WORK, "binary")
    os.makedirs(folder)
    r = run(["period", "octal:0.07", "--certificate-out", os.path.join(folder, "c.json"), "--binary-values"])
    check(r.returncode == 0, f"verify period octal:0.07 --binary-values: exit {r.returncode} {r.stderr}")
    with open(os.path.join(folder, "c.json")) as f:
        bases["octal:0.07 (values file)"] = json.load(f)
    answers = Counter()
    disagreements = 0
    for n in range(EDITS):
        game = rng.choice(sorted(bases))
        doc, names, data = bases[game], [], None
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            if rng.random() < 0.2:
                data, name = edit_text(rng, doc)
                names.append(name)
                break
            doc, name = edit_tree(rng, doc)
            names.append(name)
            if not isinstance(doc, dict) or not doc:
                break
        if data is None:
            data = certificate_edits.dump(doc, indent=rng.choice([None, 1, 2])).encode()
        path = os.path.join(folder if "values file" in game else WORK, "edited.json")
        with open(path, "wb") as f:
            f.write(data)
        cpp, py, problems = checkers.both(path)
        answers[(cpp, py)] += 1
        what = f"edit {n} of {game} ({'; '.join(names)})"
        for p in problems:
            check(False, f"{what}: {p}")
        if (cpp == 0) != (py == 0):
            disagreements += 1
            keep = os.path.join(WORK, f"disagreement_{disagreements}.json")
            shutil.copy(path, keep)
            check(False, f"{what}: C++ exit {cpp}, Python exit {py} (the file: {keep})")
    print(f"{EDITS} random edits (seed {SEED}), answers (C++ exit, Python exit): "
          + ", ".join(f"{k}: {v}" for k, v in sorted(answers.items())))
    finish("e2e_certificates_differential")


main()
