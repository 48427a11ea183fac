"""End-to-end: `verify cross-check GAME --plugin LIB.so` (the C ABI of core/base/igv_kernel.h).

tests/data/kernels/plugin/octal_0177.c is compiled here with the system's C compiler, as an author
would, once right and once per deliberate bug (IGV_BUG 1..9, the bugs of the Python kernels):
the default invocation must catch every wrong one with the least failing position (exit 1, or
exit 2 and one line for a crash, a hang or an error return), and pass the right one, also on a
large coverage (its speed is printed, not asserted: speed lives in the benchmark,
tests/e2e/bench_cross_check.py, since a shared or sanitized machine runs it several times slower).
Libraries that cannot be used are one error line, exit 2. Last, `verify kernel-host
--shared-memory FD` spoken directly: values in the memory, the memory grown between messages, a
message beyond the memory refused (exit 2).
Usage (from ctest): e2e_kernel_plugin.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os
import shutil
import subprocess
import time

import verify_e2e
from verify_e2e import check, finish, run, setup

SRC, WORK = setup()
SOURCE = os.path.join(SRC, "tests", "data", "kernels", "plugin", "octal_0177.c")
CC = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
GAME = "octal:0.177"


def build(bug, source=SOURCE, name=None):
    out = os.path.join(WORK, name or f"octal_0177_bug{bug}.so")
    subprocess.run([CC, "-O2", "-shared", "-fPIC", "-Wall", "-Werror", f"-DIGV_BUG={bug}",
                    "-I", os.path.join(SRC, "core", "base"), "-o", out, source], check=True)
    return out


def cross(lib, *extra):
    r = run(["cross-check", GAME, "--plugin", lib, "--format", "json", *extra])
    try:
        return r, json.loads(r.stdout)
    except ValueError:
        return r, {}


if CC is None:
    print("e2e_kernel_plugin: no C compiler; skipped")
    raise SystemExit(0)

right = build(0)
r, j = cross(right)
check(r.returncode == 0 and j.get("agree") is True and j.get("kernel_takes") == "sums of heaps",
      f"the right plugin passes, sums included (it declares them): {r.stdout[-600:]}{r.stderr}")
r, j = cross(right, "--exhaustive", "2000000", "--cases", "1000000", "--max-position", "100000000")
rate = j.get("kernel_positions_per_second", 0)
check(r.returncode == 0 and j.get("agree") is True,
      f"the right plugin passes on 2*10^6 exhaustive heaps and 10^6 cases: {r.stderr}")
print(f"right plugin: {j.get('positions')} positions, kernel {j.get('kernel_seconds', 0):.2f} s, "
      f"{rate:.0f} positions/s")

wrong = {1: "54321", 2: "2048", 3: "262160", 4: "3006", 5: "4", 6: "1+1"}
for bug, least in wrong.items():
    r, j = cross(build(bug))
    d = j.get("disagreement") or {}
    check(r.returncode == 1 and d.get("position") == least,
          f"bug {bug}: exit 1 at {least}: {r.returncode} {d} {r.stderr}")
# Under the sanitizers (IGV_SANITIZED, .ci/hardening) the plugin runs inside an ASan process,
# whose handler turns the segmentation fault into an abort (signal 6).
crash = "Aborted" if os.environ.get("IGV_SANITIZED") else "Segmentation fault"
defects = {7: ("43210", crash), 8: ("7777", "wrote nothing for 3 s"),
           9: ("500", "its value function returned 7")}
for bug, (least, what) in defects.items():
    t = time.time()
    r, j = cross(build(bug), "--timeout", "3")
    check(r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and
          f"fails at position {least} " in r.stderr and what in r.stderr,
          f"bug {bug}: exit 2, one line naming {least}: {r.returncode} {r.stderr}")
    print(f"bug {bug}: {r.stderr.strip()} ({time.time() - t:.1f} s)")

# Libraries that cannot be used.
r = run(["cross-check", GAME, "--plugin", os.path.join(WORK, "absent.so")])
check(r.returncode == 2 and "cannot load the plugin" in r.stderr, f"absent: {r.stderr}")
plain = os.path.join(WORK, "plain.c")
with open(plain, "w") as f:
    f.write("int nothing_here(void) { return 0; }\n")
r = run(["cross-check", GAME, "--plugin", build(0, plain, "plain.so")])
check(r.returncode == 2 and "igv_kernel_describe" in r.stderr, f"no symbol: {r.stderr}")
r = run(["cross-check", "octal:0.07", "--plugin", right])
check(r.returncode == 2 and "does not compute octal:0.07" in r.stderr, f"another game: {r.stderr}")
for res in (r,):
    check(len(res.stderr.strip().splitlines()) == 1, f"one line: {res.stderr}")


# The same host as an --external program speaking the binary protocol over the pipes (the
# records encoded in bulk into the pipe's chunks, not into shared memory).
r = run(["cross-check", GAME, "--external", f"{verify_e2e._verify} kernel-host {right} {GAME}",
         "--protocol", "binary", "--format", "json"])
check(r.returncode == 0 and '"agree": true' in r.stdout,
      f"kernel-host as --external --protocol binary: {r.returncode} {r.stderr}")

# The shared-memory transport of `verify kernel-host` (verify/CROSS_CHECK.md), spoken directly: a
# memfd handed to the host, 24-byte slot messages on its stdin, status-4 records (the count of
# positions answered) back, the values in the memory; the memory grown between two messages (the
# host maps it again); a message that names memory not there is the host's exit 2.
import struct  # noqa: E402


def host_session(messages, size, writes):
    """Runs kernel-host on a memfd of `size` bytes, `writes` (offset, bytes) put in it first
    (each (None, n) grows it to n bytes after the messages before it): returns (exit code,
    the records it wrote as (status, value), the memfd)."""
    fd = os.memfd_create("igv-test")
    os.ftruncate(fd, size)
    for at, data in writes:
        os.pwrite(fd, data, at)
    p = subprocess.Popen([verify_e2e._verify, "kernel-host", right, GAME, "--shared-memory",
                          str(fd)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, pass_fds=(fd,))
    for m in messages:
        if m[0] is None:
            os.ftruncate(fd, m[1])
            for at, data in m[2]:
                os.pwrite(fd, data, at)
            continue
        p.stdin.write(struct.pack("<QQQ", *m))
        p.stdin.flush()
    out, _ = p.communicate(timeout=60)
    records = [(out[k], struct.unpack("<q", out[k + 1:k + 9])[0]) for k in range(0, len(out) - 8, 9)]
    return p.returncode, records, fd


def heap_records(heaps):
    return b"".join(struct.pack("<Iq", 1, h) for h in heaps)


expected = {}
r = run(["values", GAME, "0..99999", "--format", "bfile"])
for line in r.stdout.splitlines():
    if line and line[0] != "#":
        n, v = line.split()
        expected[int(n)] = int(v)
first = [5, 0, 99999, 17, 4096]
second = [12345, 1, 77777]
code, records, fd = host_session(
    [(0, 12 * len(first), 4096),
     (None, 1 << 20, [(600000, heap_records(second))]),  # grown, then written
     (600000, 12 * len(second), 700000)],
    8192, [(0, heap_records(first))])
values_first = list(struct.unpack(f"<{len(first)}q", os.pread(fd, 8 * len(first), 4096)))
values_second = list(struct.unpack(f"<{len(second)}q", os.pread(fd, 8 * len(second), 700000)))
os.close(fd)
counts = [v for s, v in records if s == 4]
check(code == 0 and counts and counts[-1] == len(first) + len(second) and
      records[-1][0] == 3 and values_first == [expected[h] for h in first] and
      values_second == [expected[h] for h in second],
      f"kernel-host --shared-memory: exit {code}, records {records}, values {values_first} "
      f"{values_second}")
code, records, fd = host_session([(0, 12, 1 << 30)], 8192, [(0, heap_records([3]))])
os.close(fd)
check(code == 2 and not [s for s, _ in records if s == 4],
      f"kernel-host --shared-memory, values beyond the memory: exit {code}, records {records}")

finish("e2e_kernel_plugin")
