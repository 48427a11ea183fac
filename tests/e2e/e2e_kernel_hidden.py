"""End-to-end: hidden wrong kernels of games with a proved period, caught by the default invocation.

tests/data/kernels/plugin/octal_period.c is compiled once right and once per class of issue 34 (a
heap far out, past 2^31, long sums, order dependence, nondeterminism, stdout noise, a reciprocal
too short for large heaps, a lost exception before the preperiod, a wrong preperiod, a value of
-2^63), for
octal:0.07 (Dawson's Kayles: preperiod 53, period 34) and octal:0.16 (preperiod 105,351, period
149,459). The default `verify cross-check GAME --plugin LIB` must catch each one at its least wrong
position (exit 1: the value of every heap below it in the exhaustive range, or of every heap of its
residue class above that range, is right), or name the cause (exit 2); the right kernel must pass
with heaps up to 2^63 - 1 in its coverage. The expected values come from the rules (octal_common,
for .07) and from `verify values` (.16), never from the kernel under test.
Also Python kernels by --external: order, nondeterminism, a silent start-up, endless values, a
line too long for the kernel. IGV_HIDDEN_RUNS=N repeats every check N times (default 1).
Usage (from ctest): e2e_kernel_hidden.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os
import shutil
import subprocess
import sys

from verify_e2e import check, finish, run, setup

SRC, WORK = setup()
KERNELS = os.path.join(SRC, "tests", "data", "kernels")
sys.path.insert(0, KERNELS)
import octal_common  # noqa: E402

SOURCE = os.path.join(KERNELS, "plugin", "octal_period.c")
CC = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
RUNS = int(os.environ.get("IGV_HIDDEN_RUNS", "1"))
LARGEST = (1 << 63) - 1


def build(bug, at=0):
    out = os.path.join(WORK, f"octal_period_bug{bug}_{at}.so")
    if not os.path.exists(out):
        subprocess.run([CC, "-O2", "-shared", "-fPIC", "-Wall", "-Werror", f"-DIGV_BUG={bug}",
                        f"-DIGV_AT={at}", "-I", os.path.join(SRC, "core", "base"), "-o", out,
                        SOURCE], check=True)
    return out


def write_table(game, g, e, p):
    path = os.path.join(WORK, game.replace(":", "_") + ".table")
    with open(path, "w") as f:
        f.write(f"{e} {p}\n")
        f.write("\n".join(str(v) for v in g[:e + p]) + "\n")
    return path


def cross(game, table, lib, *extra, external=None):
    env = dict(os.environ, IGV_GAME=game, IGV_TABLE=table)
    args = ["cross-check", game, "--format", "json", *extra]
    args += ["--external", external] if external else ["--plugin", lib]
    r = run(args, env=env, cwd=KERNELS)
    try:
        return r, json.loads(r.stdout)
    except ValueError:
        return r, {}


if CC is None:
    print("e2e_kernel_hidden: no C compiler; skipped")
    raise SystemExit(0)

# --- the right values, from the rules (.07) and from `verify values` (.16) -------------------
G07, (E07, P07) = octal_common.table("0.07")


def right07(n):
    return G07[n] if n < len(G07) else G07[E07 + (n - E07) % P07]


r = run(["period", "octal:0.16", "--format", "json"])
period16 = json.loads(r.stdout)
E16, P16 = period16["preperiod"], period16["period"]
check((E16, P16) == (105351, 149459), f"octal:0.16: preperiod and period {E16}, {P16}")
r = run(["values", "octal:0.16", f"0..{E16 + 2 * P16}", "--format", "bfile"])
G16 = [int(line.split()[1]) for line in r.stdout.splitlines() if line and line[0] != "#"]
check(len(G16) == E16 + 2 * P16 + 1, f"octal:0.16 values: {len(G16)}")


def right16(n):
    return G16[n] if n < len(G16) else G16[E16 + (n - E16) % P16]


T07 = write_table("octal:0.07", [right07(n) for n in range(E07 + P07)], E07, P07)
T16 = write_table("octal:0.16", G16, E16, P16)


def least_in_class(buggy, right, n, p, exhaustive):
    """Whether n is wrong, the heap of its class below it right, and 2,000 heaps of the class
    spread between the exhaustive range and n right (each of the bugs here is wrong on a class
    from some heap on, or on one heap)."""
    if buggy(n) == right(n):
        return False
    steps = (n - exhaustive) // p
    below = {n - p * k for k in range(1, min(steps, 1000) + 1)}
    below |= {n - p * (steps * j // 1000) for j in range(1, 1001)}
    return all(buggy(k) == right(k) for k in below if exhaustive < k < n)


def int32_heap(n):
    h = ((n + (1 << 31)) % (1 << 32)) - (1 << 31)
    return -h if h < 0 else h


def reciprocal07(n):
    if n < E07 + P07:
        return G07[n]
    m = (1 << 40) // P07 + 1
    q = ((n - E07) * m) >> 40
    return G07[E07 + (n - E07) - q * P07]


for attempt in range(RUNS):
    # The right kernels pass, with heaps up to 2^63 - 1 in the coverage.
    for game, table in (("octal:0.07", T07), ("octal:0.16", T16)):
        r, j = cross(game, table, build(0))
        check(r.returncode == 0 and j.get("agree") is True and j.get("proved") is True,
              f"{game}: the right plugin passes: {r.stdout[-600:]} {r.stderr}")
        check(j.get("max_position") == LARGEST, f"{game}: up to 2^63 - 1: {j.get('max_position')}")
        phases = {c["phase"]: c for c in j.get("coverage", [])}
        check("residues" in phases and "2^63 - 1" in phases["residues"]["what"] and
              phases["residues"]["positions"] >= 8 * (P07 if game == "octal:0.07" else 1),
              f"{game}: every residue at several levels to 2^63 - 1: {phases.get('residues')}")
        check(phases.get("exhaustive", {}).get("positions", 0) >= 1_000_001,
              f"{game}: every heap to 10^6 at least: {phases.get('exhaustive')}")
        if game == "octal:0.07" and attempt == 0:
            print(f"right plugin on {game}: {j.get('positions')} positions, kernel "
                  f"{j.get('kernel_own_seconds', 0):.2f} s in its own code, total "
                  f"{j.get('total_seconds', 0):.2f} s")
    r = run(["cross-check", "octal:0.07", "--plugin", build(0)],
            env=dict(os.environ, IGV_GAME="octal:0.07", IGV_TABLE=T07))
    check(r.returncode == 0 and "2^63 - 1" in r.stdout and "every residue modulo 34" in r.stdout
          and "proved period 34 from heap 53" in r.stdout,
          f"the text says what was covered, to 2^63 - 1: {r.stdout} {r.stderr}")

    # Wrong values: exit 1 at the least wrong position, both values, how the right one is known.
    wrong = {
        (1, 0): ("octal:0.07", T07, lambda n: right07(n) ^ (n == 987654), right07),
        (2, 0): ("octal:0.07", T07, lambda n: right07(int32_heap(n)), right07),
        (7, 0): ("octal:0.07", T07, reciprocal07, right07),
        (8, 103757): ("octal:0.16", T16,
                      lambda n: G16[n + P16] if n == 103757 else right16(n), right16),
        (9, 100000): ("octal:0.16", T16,
                      lambda n: G16[100000 + (n - 100000) % P16] if n >= 100000 + P16
                      else right16(n), right16),
    }
    for (bug, at), (game, table, buggy, right) in wrong.items():
        r, j = cross(game, table, build(bug, at))
        d = j.get("disagreement") or {}
        pos = d.get("position", "")
        n = int(pos) if pos.isdigit() else -1
        exhaustive = next((int(c["what"].split("..")[1].split()[0]) for c in j.get("coverage", [])
                           if c["phase"] == "exhaustive"), 0)
        if n <= exhaustive:
            least = n >= 0 and buggy(n) != right(n) and all(
                buggy(k) == right(k) for k in range(max(0, n - 300000), n))
        else:
            least = least_in_class(buggy, right, n, P07 if game == "octal:0.07" else P16,
                                   exhaustive)
        check(r.returncode == 1 and least and d.get("kernel") == buggy(n) and
              d.get("harness") == right(n) and "proved period" in d.get("harness_kernels", "")
              and "accepted by" in d.get("harness_kernels", ""),
              f"{game} bug {bug}: exit 1 at its least wrong heap: {r.returncode} {d} {r.stderr}")
        if attempt == 0:
            print(f"{game} bug {bug}: wrong at {pos} ({d.get('least')})")

    # Long sums: a sum of five heaps or more, its value wrong.
    r, j = cross("octal:0.07", T07, build(3))
    d = j.get("disagreement") or {}
    heaps = [int(h) for h in d.get("position", "").split("+") if h.isdigit()]
    xor = 0
    for h in heaps:
        xor ^= right07(h)
    check(r.returncode == 1 and len(heaps) >= 5 and d.get("harness") == xor and
          d.get("kernel") != xor, f"long sums: {r.returncode} {d} {r.stderr}")

    # Defects named by their cause: exit 2, one line.
    causes = {4: ("order", "depends on the order"), 5: ("nondeterministic", "nondeterministic"),
              6: ("stdout", "standard output"),
              10: ("garbage", "at position 5000 (asked alone, it gave -9223372036854775808")}
    for bug, (kind, text) in causes.items():
        r, j = cross("octal:0.07", T07, build(bug))
        defect = j.get("defect") or {}
        check(r.returncode == 2 and defect.get("kind") == kind and text in r.stderr and
              len(r.stderr.strip().splitlines()) == 1,
              f"bug {bug}: exit 2, the cause ({kind}): {r.returncode} {defect} {r.stderr}")
        if attempt == 0:
            print(f"bug {bug}: {r.stderr.strip()[:300]}")

    # Python kernels through --external (Dawson's Kayles, the line protocol).
    def py(name):
        return f"{sys.executable} {os.path.join(KERNELS, name)}"

    r, j = cross("octal:0.07", T07, None, "--sums", external=py("dawson_right.py"))
    check(r.returncode == 0 and j.get("agree") is True, f"dawson_right.py: {r.stderr}")
    r, j = cross("octal:0.07", T07, None, "--timeout", "2",
                 external=py("dawson_right.py") + " --build-seconds 4")
    check(r.returncode == 0, f"a kernel silent 4 s while it builds (start-up allowance): {r.stderr}")
    r, j = cross("octal:0.07", T07, None, "--timeout", "2", "--startup-timeout", "2",
                 external=py("dawson_right.py") + " --build-seconds 4")
    check(r.returncode == 2 and "start-up" in r.stderr, f"start-up allowance 2 s: {r.stderr}")
    for flag, kind in (("--cursor", "order"), ("--random", "nondeterministic")):
        r, j = cross("octal:0.07", T07, None, external=py("dawson_right.py") + " " + flag)
        check(r.returncode == 2 and (j.get("defect") or {}).get("kind") == kind,
              f"dawson_right.py {flag}: {kind}: {r.returncode} {r.stderr}")
    r, j = cross("octal:0.07", T07, None, "--sums", external=py("dawson_right.py") + " --buffer 24")
    cause = (j.get("disagreement") or {}).get("cause", "") + (j.get("defect") or {}).get(
        "message", "")
    check(r.returncode in (1, 2) and "a line too long for the kernel" in cause,
          f"a 24-byte line buffer: the cause named: {r.returncode} {cause} {r.stderr}")
    r, j = cross("octal:0.07", T07, None, "--timeout", "5", external="yes 0")
    check(r.returncode == 2 and "wrote 2 values for 1 position" in r.stderr and
          len(r.stderr.strip().splitlines()) == 1, f"endless values: {r.returncode} {r.stderr}")

finish("e2e_kernel_hidden")
