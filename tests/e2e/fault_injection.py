"""Fault injection: no wrong verdict when a fast kernel is wrong (core/README.md, "The proof
boundary"; core/base/fault.h).

Needs a `verify` built with -DIGV_FAULT_INJECTION=ON (ctest registers this test, label `fault`,
only in such a build). First the claims run with no fault armed: the baseline. Then, for each
fault of the matrix (a fast kernel, a position), the claims that kernel's family feeds run again
with IGV_FAULT="KERNEL@POSITION" set: each claim must keep its baseline verdict or become
`error` (a disagreement found), never another verdict. Each fault must fire at least once (a
fault that never fires tests nothing). The matrix (kernels × claims touched × outcome) is printed
and written to WORK/matrix.md.

The default matrix is the CI subset (every producer kernel, three positions each: inside its
certificate's window, just past it, and one further in the checked domain). IGV_FAULT_MATRIX=full
adds every registered fast kernel of the generic claims' families.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import verify_e2e as e2e  # noqa: E402

src, work = e2e.setup()
claims_dir = os.path.join(src, "properties", "claims")
generic = os.path.join(src, "tests", "data", "generic_claims.toml")


def doc(name):
    return os.path.join(claims_dir, name + ".toml")


# (kernel, positions, claims files, selection): the positions are heaps (one-heap games) or the
# family's position text. Windows: SUB(S) certificates cover l + p + s_k heaps (a few to a few
# hundred), Dawson's Kayles 2e + p + k = 142, the Frolov rows k + tau + T (row 9: about 10^4).
SUBSET = [
    ("subtraction/window", ["5", "40", "777"],
     [doc("001_bc98b3364103fd4a"), doc("004_2d19be0a5059ae39"), generic],
     ["zhang.*", "ferguson.*", "generic.*"]),
    ("octal/sparse", ["10", "145", "1234"],
     [doc("003_44ff00b94ceef14c"), doc("published_octal_records"), generic],
     ["dawson.*", "octal-records.*", "generic.*"]),
    ("rook-misere/rows", ["3,10", "6,300", "9,5000"],
     [doc("000_a85f04da58584fa6")],
     ["frolov2012.*"]),
]
FULL = [
    ("grundy/sparse", ["7", "40"], [generic], ["generic.*"]),
    ("hex/sets", ["4", "30"], [generic], ["generic.*"]),
    ("wythoff/table", ["3,5", "10,20"], [generic], ["generic.*"]),
    ("misere-nim/bouton", ["1,1", "2,3"], [generic], ["generic.*"]),
    ("welter/conway", ["1,3", "2,5"], [doc("002_ae6d722b5ea2de0c"), generic],
     ["welter.*", "generic.*"]),
    ("nim/xor", ["3,5", "1,2,3"], [generic], ["generic.*"]),
]
matrix = SUBSET + (FULL if os.environ.get("IGV_FAULT_MATRIX") == "full" else [])


def run_claims(files, selection, out, fault=None):
    env = dict(os.environ)
    env.pop("IGV_FAULT", None)
    if fault:
        env["IGV_FAULT"] = fault
    args = [e2e._verify, "run", *selection, "--out", out, "--format", "json", "--quiet",
            "--time-limit", "120"]
    for f in files:
        args += ["--claims", f]
    p = subprocess.run(args, capture_output=True, text=True, env=env, timeout=1800)
    report = os.path.join(out, "report.json")
    if not os.path.exists(report):
        e2e.check(False, f"{fault or 'baseline'}: no report ({p.returncode}): {p.stderr[-400:]}")
        return None, p.stderr
    with open(report, encoding="utf-8") as fh:
        verdicts = {c["id"]: (c["verdict"], c.get("summary", "")) for c in json.load(fh)["claims"]}
    return verdicts, p.stderr


rows = []
baselines = {}
for kernel, positions, files, selection in matrix:
    key = (tuple(files), tuple(selection))
    if key not in baselines:
        base, _ = run_claims(files, selection, os.path.join(work, f"base{len(baselines)}"))
        baselines[key] = base
    base = baselines[key]
    if base is None:
        continue
    for pos in positions:
        fault = f"{kernel}@{pos}"
        out = os.path.join(work, fault.replace("/", "_").replace("@", "_").replace(",", "_"))
        got, stderr = run_claims(files, selection, out, fault)
        if got is None:
            continue
        fired = stderr.count("igv-fault: fired")
        e2e.check(fired > 0, f"{fault}: the fault never fired (it tests nothing)")
        touched = same = errors = wrong = 0
        for cid, (verdict, summary) in base.items():
            v, s = got.get(cid, ("missing", ""))
            if (v, s) == (verdict, summary):
                continue
            touched += 1
            if v == verdict:
                same += 1
            elif v == "error":
                errors += 1
            else:
                wrong += 1
                e2e.check(False, f"{fault}: {cid} went from {verdict} to {v}: {s}")
        rows.append((kernel, pos, len(base), fired, touched, same, errors, wrong))

table = ["| kernel | position | claims run | fault fired | claims touched | same verdict "
         "| error | wrong verdict |", "|---|---|---|---|---|---|---|---|"]
for r in rows:
    table.append("| " + " | ".join(str(x) for x in r) + " |")
text = "\n".join(table) + "\n"
with open(os.path.join(work, "matrix.md"), "w", encoding="utf-8") as fh:
    fh.write(text)
print(text)
e2e.check(len(rows) == sum(len(m[1]) for m in matrix), "every fault of the matrix ran")
e2e.finish("fault_injection")
