"""End-to-end: `verify cross-check GAME --external 'CMD'` on deliberately wrong kernels.

Every kernel of tests/data/kernels/ (octal:0.177 with one bug each) must be caught by the default
invocation with the least failing position (exit 1 for a wrong value, exit 2 and one line for a
kernel that fails as a program), the right one must pass (in under 10 s), and no kernel process
may be left behind: after a time-out, after an error, or after SIGTERM to `verify`. Also the JUnit
and Markdown outputs, option errors, and a TMPDIR with a quote in it.
Usage (from ctest): e2e_kernel_regression.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

from verify_e2e import check, finish, run, setup

SRC, WORK = setup()
KERNELS = os.path.join(SRC, "tests", "data", "kernels")
sys.path.insert(0, KERNELS)
import octal_common  # noqa: E402  (the kernels' own module: the expected least failing heaps)

GAME = "octal:0.177"


def cross(kernel, *extra, env=None):
    return run(["cross-check", GAME, "--external", f"{sys.executable} {kernel}.py",
                "--format", "json", *extra], cwd=KERNELS, env=env)


def result(r):
    try:
        return json.loads(r.stdout)
    except ValueError:
        return {}


def no_process_left(marker):
    out = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    return not any(marker in line and "ps -eo" not in line for line in out.splitlines())


# --- the right kernel passes, in under 10 s -------------------------------------------------
r = cross("right")
j = result(r)
check(r.returncode == 0 and j.get("agree") is True, f"right.py passes: {r.stdout[-800:]}{r.stderr}")
check(j.get("positions", 0) >= 100_000 and j.get("max_position") == (1 << 63) - 1 and
      j.get("proved") is True and "proved period 20 from heap 497" in j.get("how_known", ""),
      f"the default coverage, to 2^63 - 1 from the proved period: {j.get('coverage')}")
# A sanity bound, not a speed target (each position is asked twice; about 5 s on an idle machine).
check(0 < j.get("total_seconds", 99) < 60, f"right.py in under 60 s: {j.get('total_seconds')}")
print(f"right.py: {j.get('positions')} positions in {j.get('total_seconds', 0):.2f} s "
      f"(kernel {j.get('kernel_seconds', 0):.2f} s)")
r = cross("right", "--sums")
check(r.returncode == 0 and result(r).get("agree") is True, f"right.py --sums passes: {r.stderr}")

# --- wrong values: exit 1 and the least failing position ------------------------------------
G, (E, P) = octal_common.table("0.177")


def right(n):
    return G[n] if n < len(G) else G[E + (n - E) % P]


buggy = octal_common.values_to(octal_common.digits_of("0.177"), 2048, split_offset=-1)
expected = {
    "wrong_large_heap": 54321,
    "wrong_past_preperiod": next(n for n in range(len(G), 10**6) if G[E + n % P] != right(n)),
    "wrong_large_residue": next(n for n in range(1 << 18, 10**6) if (n - 497) % 20 == 3),
    "wrong_residue": next(n for n in range(3000, 10**6) if n % 7 == 3),
    "wrong_split": next(n for n in range(2048) if buggy[n] != G[n]),
}
for kernel, least in expected.items():
    t = time.time()
    r = cross(kernel)
    d = result(r).get("disagreement") or {}
    check(r.returncode == 1 and d.get("position") == str(least),
          f"{kernel}: exit 1 at the least failing heap {least}: {r.returncode} {d} {r.stderr}")
    check(d.get("kernel") != d.get("harness") and d.get("harness") == right(least),
          f"{kernel}: both values, the harness's right: {d}")
    print(f"{kernel}: caught at {d.get('position')} by {d.get('found_by')} ({time.time() - t:.1f} s)")

r = cross("wrong_sums")
check(r.returncode == 0, f"wrong_sums.py passes when only heaps are asked: {r.stderr}")
r = cross("wrong_sums", "--sums")
d = result(r).get("disagreement") or {}
check(r.returncode == 1 and d.get("position") == "1+1" and d.get("kernel") == 2,
      f"wrong_sums.py --sums: caught at 1+1: {d} {r.stderr}")

# --- defects: exit 2, one line, the least position it fails on -------------------------------
defects = {"crash_at": (43210, "exit status 1"), "garbage_at": (500, "not a value"),
           "extra_line_at": (600, "wrote 2 values for 1 position"),
           "missing_line_at": (700, "wrote 0 values for 1 position"),
           "hang_at": (7777, "wrote nothing for 10 s")}
for kernel, (where, what) in defects.items():
    t = time.time()
    r = cross(kernel)
    lines = r.stderr.strip().splitlines()
    check(r.returncode == 2 and len(lines) == 1 and f"fails at position {where} " in r.stderr
          and what in r.stderr, f"{kernel}: exit 2, one line naming {where}: {r.returncode} {r.stderr}")
    check((result(r).get("defect") or {}).get("position") == str(where),
          f"{kernel}: the JSON names the position: {r.stdout[-400:]}")
    check(no_process_left(f"{kernel}.py"), f"{kernel}: no kernel process left")
    print(f"{kernel}: caught at {where} ({time.time() - t:.1f} s)")

# --- stderr is kept, counted and truncated, never a defect ----------------------------------
r = cross("stderr_flood_at")
j = result(r)
check(r.returncode == 0 and j.get("stderr_bytes", 0) >= 2 << 20,
      f"2 MiB on stderr is not a defect: {r.returncode} {j.get('stderr_bytes')} {r.stderr}")

# --- a kernel that never answers; SIGTERM to verify kills the kernel's group ----------------
t = time.time()
r = run(["cross-check", "nim", "--external", "sleep 1000", "--timeout", "2",
         "--startup-timeout", "2"])
check(r.returncode == 2 and "wrote nothing for 2 s" in r.stderr and time.time() - t < 30,
      f"`sleep 1000` is stopped: {r.returncode} {r.stderr}")
check(no_process_left("sleep 1000"), "no `sleep 1000` left")
marker = os.path.join(WORK, "hang_marker.py")
shutil.copy(os.path.join(KERNELS, "hang_at.py"), marker)
shutil.copy(os.path.join(KERNELS, "octal_common.py"), os.path.join(WORK, "octal_common.py"))
p = subprocess.Popen([sys.argv[sys.argv.index("--verify") + 1], "cross-check", GAME, "--external",
                      f"{sys.executable} {marker}"], stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL)
time.sleep(4)
check(not no_process_left("hang_marker.py"), "the hanging kernel runs")
p.send_signal(signal.SIGTERM)
p.wait(timeout=30)
time.sleep(0.5)
check(no_process_left("hang_marker.py"), "SIGTERM to verify kills the kernel")

# --- JUnit and Markdown ---------------------------------------------------------------------
junit, summary = os.path.join(WORK, "k.xml"), os.path.join(WORK, "k.md")
r = cross("wrong_residue", "--junit", junit, "--summary", summary)
root = ET.parse(junit).getroot()
fails = root.findall(".//failure")
check(root.get("failures") == str(len(fails)) and root.get("errors") == "0" and
      any("wrong at 3006" in f.get("message") for f in fails),
      f"JUnit: the failures, the least failing heap named: {open(junit).read()[:600]}")
md = open(summary, encoding="utf-8").read()
check("wrong at 3006" in md and "| exhaustive |" in md, f"Markdown summary: {md}")
r = cross("crash_at", "--junit", junit)
root = ET.parse(junit).getroot()
check(root.get("errors") == "1" and "43210" in open(junit).read(), "JUnit: a defect is an error")

# --- option errors and a TMPDIR with a quote ------------------------------------------------
for bad in (["--cases", "1e8"], ["--cases", "99999999999"], ["--max-position", "0"],
            ["--max-position", "99999999999999999999"], ["--exhaustive", "-1"], ["--timeout", "0"]):
    r = cross("right", *bad)
    check(r.returncode == 2 and r.stderr.startswith("verify: error:") and
          len(r.stderr.strip().splitlines()) == 1, f"{bad}: one error line, exit 2: {r.stderr}")
r = run(["cross-check", "subtraction:1,3,4", "--external", "cat", "--sums"])
check(r.returncode == 2 and "--sums" in r.stderr, f"--sums of a one-heap game: {r.stderr}")
r = run(["cross-check", GAME, "--range", "99999999999"])
check(r.returncode == 2 and "--range" in r.stderr, f"--range too large: {r.stderr}")
odd = os.path.join(WORK, "tmp'$(touch pwned)")
os.makedirs(odd, exist_ok=True)
r = cross("right", env=dict(os.environ, TMPDIR=odd))
check(r.returncode == 0 and not os.path.exists(os.path.join(KERNELS, "pwned"))
      and not os.path.exists("pwned"), f"TMPDIR with a quote: {r.stderr}")

# --- far heaps from the proof: `verify values` and a hexadecimal game's arithmetic period ----
# Values computed here from the rules (mex over the options), apart from the harness: Dawson's
# Kayles (octal 0.07: take two, leaving 0, 1 or 2 heaps) and hex 0.8 (take one, leaving exactly
# three heaps). Far heaps are their periodic extensions, checked first on what was computed.
def mex(s):
    m = 0
    while m in s:
        m += 1
    return m


def dawson(top):
    g = [0] * (top + 1)
    for n in range(2, top + 1):
        g[n] = mex({g[a] ^ g[n - 2 - a] for a in range(n - 1)})
    return g


def hex08(top):
    g = [0] * (top + 1)
    for n in range(4, top + 1):
        rest = n - 1
        g[n] = mex({g[a] ^ g[b] ^ g[rest - a - b]
                    for a in range(1, rest) for b in range(a, rest - a) if rest - a - b >= b})
    return g


d = dawson(400)
check(all(d[n + 34] == d[n] for n in range(53, 400 - 34)), "Dawson's Kayles: period 34 from 53")
first = 10**11
r = run(["values", "octal:0.07", f"{first}..{first + 40}", "--format", "json"])
j = result(r)
want = [d[53 + (n - 53) % 34] for n in range(first, first + 41)]
check(r.returncode == 0 and j.get("values") == want
      and j.get("known", "").startswith("from the proved period 34 from heap 53"),
      f"verify values octal:0.07 past 10^11 from the proof: {r.stdout[-400:]}{r.stderr}")
h = hex08(60)
check(all(h[n + 3] == h[n] + 1 for n in range(1, 57)), "hex 0.8: G(n + 3) = G(n) + 1 from 1")


def hex08_far(n):
    return h[n] if n <= 60 else h[1 + (n - 1) % 3] + (n - 1) // 3


far = (1 << 63) - 8
r = run(["values", "hex:0.8", f"{far}..{(1 << 63) - 1}", "--format", "json"])
j = result(r)
check(r.returncode == 0 and j.get("values") == [hex08_far(n) for n in range(far, 1 << 63)]
      and "saltus 1 of hex:0.8" in j.get("known", ""),
      f"verify values hex:0.8 to 2^63 - 1 from its arithmetic period: {r.stdout[-400:]}{r.stderr}")
for far in (123456789012, (1 << 63) - 1):
    r = run(["value", "hex:0.8", str(far), "--max-moves", "0", "--format", "json"])
    j = result(r)
    check(r.returncode == 0 and j.get("value") == hex08_far(far) and j.get("proved") is True
          and "saltus 1 of hex:0.8" in j.get("known", ""),
          f"verify value hex:0.8 {far} from its arithmetic period: {r.stdout[-400:]}{r.stderr}")
with open(os.path.join(WORK, "hex08.py"), "w") as f:
    f.write("import sys\n"
            "for line in sys.stdin:\n"
            "    v = 0\n"
            "    for t in line.split('+'):\n"
            "        n = int(t) & MASK\n"
            "        v ^= (n - 1) // 3 if n >= 1 else 0\n"
            "    print(v, flush=True)\n")
for mask, least in ((1 << 64) - 1, None), ((1 << 32) - 1, 1 << 32):
    with open(os.path.join(WORK, f"hex08_{mask:x}.py"), "w") as f:
        f.write(f"MASK = {mask}\n" + open(os.path.join(WORK, "hex08.py")).read())
    r = run(["cross-check", "hex:0.8", "--external", f"{sys.executable} hex08_{mask:x}.py",
             "--sums", "--format", "json"], cwd=WORK)
    j = result(r)
    check(j.get("proved") is True and j.get("max_position") == (1 << 63) - 1
          and "saltus 1 of hex:0.8" in j.get("how_known", ""),
          f"cross-check hex:0.8: the arithmetic period proved, to 2^63 - 1: {r.stdout[-600:]}{r.stderr}")
    if least is None:
        check(r.returncode == 0 and j.get("agree") is True, f"a right hex:0.8 kernel passes: {r.stderr}")
    else:
        d = j.get("disagreement") or {}
        check(r.returncode == 1 and d.get("position") == str(least) and d.get("kernel") == 0
              and d.get("harness") == hex08_far(least),
              f"a hex:0.8 kernel wrong past 2^32 is caught at 2^32: {d} {r.stderr}")

finish("e2e_kernel_regression")
