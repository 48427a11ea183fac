#!/usr/bin/env python3
"""Local claim-mutation check (issue 12), for a module's claims: every number of an asserted value
changed by +1 and -1, every enumerated (choice) parameter swapped for each other choice; each
mutant is run and must not come back proved, verified or passed. Prints the mutants that do.

Not a ctest test (the lead's test_all_mutants is); run by hand:
  python3 tests/e2e/mutants_local.py --verify build/verify --prefix ferguson. --prefix welter. ...
"""
import argparse
import copy
import json
import os
import re
import subprocess
import sys
import tempfile
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(HERE))


def toml_value(v):
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(x)}" for k, x in v.items()) + " }"
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return '"-"'
    return json.dumps(v, ensure_ascii=False)


STRING_NUMBERS = False  # --string-numbers: also the integers written inside formula strings


def number_mutants(value, path=()):
    """(path, mutated value) for every integer inside `value`, +1 and -1."""
    if isinstance(value, bool):
        return
    if isinstance(value, str) and STRING_NUMBERS:
        for m in re.finditer(r"\d+", value):
            for d in (1, -1):
                new = int(m.group(0)) + d
                if new >= 0:
                    yield path, value[: m.start()] + str(new) + value[m.end():]
        return
    if isinstance(value, int):
        for d in (1, -1):
            yield path, value + d
    elif isinstance(value, list):
        for i, x in enumerate(value):
            yield from number_mutants(x, path + (i,))
    elif isinstance(value, dict):
        for k, x in value.items():
            yield from number_mutants(x, path + (k,))


def set_at(value, path, new):
    value = copy.deepcopy(value)
    if not path:
        return new
    target = value
    for p in path[:-1]:
        target = target[p]
    target[path[-1]] = new
    return value


def claim_toml(c):
    lines = ["[[claim]]"]
    for key in ("id", "locator", "statement", "kind", "checker", "expected_verdict"):
        lines.append(f"{key} = {toml_value(c[key])}")
    if c.get("params"):
        lines.append(f"params = {toml_value(c['params'])}")
    if "asserted" in c:
        lines.append(f"asserted = {toml_value(c['asserted'])}")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--verify", required=True)
    ap.add_argument("--prefix", action="append", required=True, help="checker name prefix")
    ap.add_argument("--budget", default="1")
    ap.add_argument("--string-numbers", action="store_true",
                    help="also mutate the integers written inside strings (formulas, patterns)")
    args = ap.parse_args()
    global STRING_NUMBERS
    STRING_NUMBERS = args.string_numbers
    claims_dir = os.path.join(SRC, "properties", "claims")
    files = [os.path.join(claims_dir, f) for f in sorted(os.listdir(claims_dir)) if f.endswith(".toml")]
    files.append(os.path.join(SRC, "tests", "data", "false_claims.toml"))
    schemas = {}
    mutants = []
    for f in files:
        with open(f, "rb") as fh:
            doc = tomllib.load(fh)
        for c in doc.get("claim", []):
            name = c["checker"]
            if not any(name.startswith(p) for p in args.prefix):
                continue
            if name not in schemas:
                out = subprocess.run([args.verify, "checkers", name, "--format", "json"],
                                     capture_output=True, text=True, check=True).stdout
                schemas[name] = json.loads(out)
            schema = schemas[name]
            schema = schema.get("schema", schema)
            base = {k: c[k] for k in ("id", "locator", "statement", "kind", "checker") if k in c}
            base["expected_verdict"] = "undecided"
            base["params"] = c.get("params", {})
            if "asserted" in c:
                base["asserted"] = c["asserted"]
                for path, new in number_mutants(c["asserted"]):
                    m = copy.deepcopy(base)
                    m["asserted"] = set_at(c["asserted"], path, new)
                    shown = new if not isinstance(new, str) else f"'{new}'"
                    m["id"] = f"{c['id']}~asserted{list(path)}={shown}#{len(mutants)}"
                    mutants.append(m)
            for p in schema.get("params", []):
                if "choices" in p and p["name"] in base["params"]:
                    for choice in p["choices"]:
                        if choice == base["params"][p["name"]]:
                            continue
                        m = copy.deepcopy(base)
                        m["params"][p["name"]] = choice
                        m["id"] = f"{c['id']}~{p['name']}={choice}"
                        mutants.append(m)
            asserted_field = schema.get("asserted")
            if isinstance(c.get("asserted"), list):
                # Lists of enumerated labels (a P/N table): swap each label for the others.
                for i, x in enumerate(c["asserted"]):
                    if isinstance(x, str) and x in ("P", "N"):
                        m = copy.deepcopy(base)
                        m["asserted"][i] = "N" if x == "P" else "P"
                        m["id"] = f"{c['id']}~asserted[{i}]={m['asserted'][i]}"
                        mutants.append(m)
            if asserted_field and "choices" in asserted_field and isinstance(c.get("asserted"), str):
                for choice in asserted_field["choices"]:
                    if choice != c["asserted"]:
                        m = copy.deepcopy(base)
                        m["asserted"] = choice
                        m["id"] = f"{c['id']}~asserted={choice}"
                        mutants.append(m)
    still_true = []
    with tempfile.TemporaryDirectory() as tmp:
        loadable = list(mutants)
        path = os.path.join(tmp, "mutants.toml")
        while True:  # drop the mutants that do not load (a load error is not a true verdict)
            with open(path, "w") as fh:
                fh.write('[document]\nid = "mutants"\n\n' + "\n".join(claim_toml(m) for m in loadable))
            r = subprocess.run([args.verify, "list", "--claims", path, "*~*"], capture_output=True, text=True)
            if r.returncode != 2:
                break
            bad = [m for m in loadable if f"claim '{m['id']}'" in r.stderr]
            if not bad:
                print(r.stderr)
                return 2
            print(f"does not load   {bad[0]['id']}: {r.stderr.strip()[:200]}")
            loadable.remove(bad[0])
        out = os.path.join(tmp, "out")
        r = subprocess.run([args.verify, "run", "--claims", path, "--out", out, "--budget", args.budget,
                            "--quiet", "*~*"], capture_output=True, text=True)
        if r.returncode == 2:
            print(r.stderr)
            return 2
        with open(os.path.join(out, "report.json")) as fh:
            report = json.load(fh)
        for c in report["claims"]:
            print(f"{c['verdict']:<14}  {c['id']}")
            if c["verdict"] in ("proved", "verified", "passed"):
                still_true.append(c["id"])
    print(f"\n{len(mutants)} mutants, {len(still_true)} still proved/verified/passed:")
    for i in still_true:
        print("  " + i)
    return 0


if __name__ == "__main__":
    sys.exit(main())
