"""End-to-end: a kernel of one row of Frolov's tables is checked against the row's proved period.

A row M <= 12 of g (rook-misere:M) or f (digital-deletion:M) is a heap game: its positions are the
columns n, and its proved period (Frolov 2012, §4: h(M, n + t) = h(M, n) from the preperiod, the
certificate accepted by the checker library) gives the value of every column below 2^62 in one
lookup. `verify cross-check rook-misere:7 --external CMD` must take its reference values from
that proof, cover the columns to 2^62 - 1, pass a right kernel and catch each wrong one at its
least wrong column. The expected values are computed here from (G2) alone, apart from the harness:
g(m, n) is the mex of the row so far and the column above, g(0, 0) = -1.

Usage (from ctest): e2e_kernel_frolov.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os
import sys
import time

from verify_e2e import check, finish, run, setup

SRC, WORK = setup()
M = 7


def g_rows(top, columns):
    """h(m, n) = g(m, n) - n for m = 0..top and n < columns, from (G2)."""
    rows = []
    for m in range(top + 1):
        seen, lowest, row = set(), 0, []
        for n in range(columns):
            if m == 0 and n == 0:
                v = -1
            else:
                above = {rows[i][n] + n for i in range(m)}
                v = lowest
                while v in seen or v in above:
                    v += 1
            row.append(v - n)
            if v >= 0:
                seen.add(v)
                while lowest in seen:
                    lowest += 1
        rows.append(row)
    return rows


def period_of(game):
    r = run(["period", game, "--format", "json"])
    check(r.returncode == 0, f"verify period {game}: {r.stderr}")
    j = json.loads(r.stdout or "{}")
    return j.get("preperiod", 0), j.get("period", 1)


e, p = period_of(f"rook-misere:{M}")
ef, pf = period_of(f"digital-deletion:{M}")
columns = max(e + p, ef + pf) + 64
h = g_rows(M, columns)[M]
# The row's period as (G2) shows it over one more period: a sanity check of this model.
check(all(h[n + p] == h[n] for n in range(e, columns - p)), "the model row repeats with period t")
# f(M, x) = the column n with g(M, n) = x (g takes each value once), stored as f - x.
hf = [None] * (ef + pf)
for n in range(columns):
    x = n + h[n]
    if 0 <= x < len(hf):
        hf[x] = n - x
check(None not in hf, "the model's f row is defined on one period")


def truth(n, table=h, pre=e, per=p):
    i = n if n < pre + per else pre + (n - pre) % per
    return n + table[i]


KERNEL = os.path.join(WORK, "row_kernel.py")
with open(KERNEL, "w") as f:
    f.write(f"""import sys
H = {h[:e + p]!r}
HF = {hf!r}
E, P, EF, PF = {e}, {p}, {ef}, {pf}
mode = sys.argv[1]
table, pre, per = (HF, EF, PF) if mode == "f" else (H, E, P)
for line in sys.stdin:
    n = int(line)
    if mode == "preperiod" and n >= pre + per:
        i = n % per                          # forgets that the period starts at the preperiod
    else:
        i = n if n < pre + per else pre + (n - pre) % per
    v = n + table[i]
    if mode == "int32":
        v = (v + 2**31) % 2**32 - 2**31     # the value held in a C int
    if mode == "exception" and n == 13:
        v += 1                               # one exception of the preperiod lost
    print(v, flush=False)
sys.stdout.flush()
""")


def cross(game, mode):
    t = time.monotonic()
    r = run(["cross-check", game, "--external", f"{sys.executable} {KERNEL} {mode}",
             "--format", "json"])
    try:
        j = json.loads(r.stdout)
    except ValueError:
        j = {}
    print(f"{game} {mode}: exit {r.returncode}, {j.get('positions')} positions, "
          f"{time.monotonic() - t:.1f} s")
    return r, j


LARGEST = (1 << 62) - 1

# --- the right kernels pass, against the proved period, to 2^62 - 1 -------------------------
for game, mode in ((f"rook-misere:{M}", "g"), (f"digital-deletion:{M}", "f")):
    r, j = cross(game, mode)
    check(r.returncode == 0 and j.get("agree") is True,
          f"the right kernel of {game} passes: {r.stdout[-600:]}{r.stderr[-600:]}")
    check(j.get("proved") is True and "Frolov" in j.get("how_known", "")
          and "check_frolov_certificates" in j.get("how_known", ""),
          f"{game}: the reference is the proved period: {j.get('how_known')}")
    check(j.get("max_position") == LARGEST, f"{game}: columns to 2^62 - 1: {j.get('max_position')}")
    phases = {c["phase"]: c for c in j.get("coverage", [])}
    check("residues" in phases and "2^62 - 1" in phases["residues"]["what"]
          and phases["residues"]["positions"] > 0,
          f"{game}: every residue at several levels to 2^62 - 1: {phases.get('residues')}")
    check("exhaustive" in phases and phases["exhaustive"]["positions"] >= 100_000,
          f"{game}: every column to at least 10^5: {phases.get('exhaustive')}")

# --- wrong kernels: each caught at its least wrong column -----------------------------------
game = f"rook-misere:{M}"
wrong_value = {
    "int32": lambda n: (truth(n) + 2**31) % 2**32 - 2**31,
    "preperiod": lambda n: n + h[n % p] if n >= e + p else truth(n),
    "exception": lambda n: truth(n) + (1 if n == 13 else 0),
}
expected = {
    # The values pass 2^31 - 1 at a column just below 2^31: the window of every residue below
    # 2^31 holds it.
    "int32": min(n for n in range(2**31 - 64, 2**31 + 64)
                 if wrong_value["int32"](n) != truth(n)),
    "preperiod": min(n for n in range(e + p, e + 3 * p) if wrong_value["preperiod"](n) != truth(n)),
    "exception": 13,
}
for mode, least in expected.items():
    r, j = cross(game, mode)
    d = j.get("disagreement") or {}
    check(r.returncode == 1 and j.get("verdict") == "wrong" and d.get("position") == str(least),
          f"{game} {mode}: caught at the least wrong column {least}: exit {r.returncode}, "
          f"{d} {r.stderr[-400:]}")
    check(d.get("harness") == truth(least) and d.get("kernel") == wrong_value[mode](least),
          f"{game} {mode}: both values named: {d}")

# --- verify value: a far column from the proof, and a row beyond reach says why --------------
far = 10**15 + 12345
r = run(["value", game, str(far), "--format", "json"])
j = json.loads(r.stdout or "{}")
check(r.returncode == 0 and j.get("value") == truth(far) and j.get("proved") is True
      and "Frolov" in j.get("known", ""), f"verify value {game} {far}: {r.stdout[-500:]}{r.stderr}")
t = time.monotonic()
r = run(["value", "rook-misere:13", "5", "--format", "json"])
j = json.loads(r.stdout or "{}")
check(r.returncode == 0 and j.get("proved") is False and "above 12" in j.get("known", "")
      and time.monotonic() - t < 60,
      f"verify value rook-misere:13 5 says why no proof is used: {r.stdout[-500:]}{r.stderr}")
r = run(["values", game, f"{LARGEST - 1}..{LARGEST + 1}"])
check(r.returncode == 2 and "below 2^62" in r.stderr, f"columns stop below 2^62: {r.stderr}")

finish("e2e_kernel_frolov")
