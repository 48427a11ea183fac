#!/usr/bin/env python3
"""End-to-end test: every command that can run long is bounded (issue 27, "every command bounded").

`verify values`, `value`, `plot` and `cross-check` (--kernels, --values) compute in a child process
under --time-limit (default 600 s) and --memory-limit (default two thirds of the machine): a limit
reached is one line on stderr, exit 3, nothing on stdout and no file written. Sizes and ranges are
refused before anything is allocated (exit 2, one line); a need known up front (a subtraction
window of s_k values, an empty-and-divide table or move list, a kernel's table) above the memory
limit is one line naming both, exit 3, at once; a range at the end of the 64-bit integers is
counted without overflow. Each reproduction of the issue is run here with a small
limit, so the whole test takes well under a minute.
Usage (from ctest): e2e_bounds.py --verify PATH --source-dir DIR --work-dir DIR
"""
import json
import os
import stat
import time

from verify_e2e import check, finish, run, setup

SRC, WORK = setup()
SLOW = 10 if os.environ.get("IGV_SANITIZED") else 1


def timed(args):
    start = time.monotonic()
    r = run(args)
    return r, time.monotonic() - start


def one_line(r, what):
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    check(len(lines) == 1, f"{what}: one line on stderr expected, got {r.stderr!r}")
    return lines[0] if lines else ""


def limited(args, limit, most_seconds):
    """`verify ARGS` must stop at `limit` ("time" or "memory"): exit 3 within most_seconds, one
    line naming the limit, nothing on stdout."""
    r, seconds = timed(args)
    what = ("verify " + " ".join(args))[:160]
    print(f"{what}: exit {r.returncode} in {seconds:.2f} s")
    check(r.returncode == 3, f"{what}: exit 3 expected, got {r.returncode}: {r.stderr[-300:]!r}")
    check(seconds < most_seconds * SLOW, f"{what}: took {seconds:.1f} s")
    line = one_line(r, what)
    check(f"{limit} limit" in line, f"{what}: the {limit} limit named: {line!r}")
    check(r.stdout == "", f"{what}: nothing on stdout: {r.stdout[:200]!r}")


def refused(args, naming):
    """`verify ARGS` must be refused at once: exit 2, one line containing `naming`."""
    r, seconds = timed(args)
    what = ("verify " + " ".join(args))[:160]
    print(f"{what}: exit {r.returncode} in {seconds:.2f} s")
    check(r.returncode == 2, f"{what}: exit 2 expected, got {r.returncode}: {r.stderr[-300:]!r}")
    check(seconds < 10 * SLOW, f"{what}: took {seconds:.1f} s")
    line = one_line(r, what)
    check(naming in line, f"{what}: {naming!r} expected in {line!r}")
    check("bad_alloc" not in line, f"{what}: no bad_alloc: {line!r}")


# --- Time limits: the commands of the issue that ran without bound ---------------------------
plot_out = os.path.join(WORK, "rook.svg")
# (G2) read literally (O(m + n) a cell: minutes here), not the default linear sweep.
limited(["plot", "rook-misere:13", "0..199999", "--kernel", "g2-formula", "--time-limit", "2",
         "--out", plot_out], "time", 8)
check(not os.path.exists(plot_out), "plot stopped at its limit writes no file")
check([f for f in os.listdir(WORK) if f.startswith(".")] == [], "no temporary left beside --out")
limited(["values", "rook-misere:13", "0..1000000", "--kernel", "g2-formula", "--time-limit", "1"],
        "time", 6)
limited(["values", "octal:0.07", "0..1000000", "--kernel", "naive", "--time-limit", "1"], "time",
        6)
limited(["value", "welter", "0..999999", "--time-limit", "1"], "time", 6)
limited(["values", "octal:0.1234567012345670123456701234567012", "0..100000", "--time-limit", "1"],
        "time", 6)
limited(["value", "subtraction:" + ",".join(str(i) for i in range(1, 1001)), "100000",
         "--time-limit", "1"], "time", 6)
limited(["cross-check", "nim", "--kernels", "naive,xor", "--cases", "10000000", "--time-limit",
         "1"], "time", 6)

# --- Memory limits -----------------------------------------------------------------------------
# (JSON holds its values, 8 bytes each: 160 MB here, beside the kernel's table of one byte a heap;
# it held a Position per value too before the range was streamed from the kernel, and 200M was
# enough to stop it.)
limited(["values", "octal:0.07", "0..19999999", "--format", "json", "--memory-limit", "100M"],
        "memory", 30)

# --- Sizes and ranges refused before anything is allocated ------------------------------------
# JSON holds its values; the other formats stream every kernel with a streamed route (nim's
# closed form included), so only the time limit bounds them.
refused(["values", "nim", "0..9223372036854775807", "--format", "json"],
        "9223372036854775808 positions")
r = run(["values", "nim", "9223372036854775000..9223372036854775807"])
lines = r.stdout.splitlines()
check(r.returncode == 0 and len(lines) == 808 and lines[0] == "9223372036854775000 9223372036854775000"
      and lines[-1] == "9223372036854775807 9223372036854775807",
      f"a streamed range ending at 2^63 - 1: {r.returncode} {lines[:1]} {lines[-1:]} {r.stderr[-300:]!r}")
limited(["values", "nim", "0..9223372036854775807", "--time-limit", "1"], "time", 6)
# A sequence kernel asked for heap 2^63 - 1 would need 2^63 values (heaps + 1 overflowed: the
# octal, hex and subtraction kernels aborted on a failed assertion): out of reach, exit 3, one line.
for game in ("octal:0.07", "octal:0.16", "hex:0.37", "subtraction:squares", "subtraction:1,3"):
    for kernel in ([], ["--kernel", "naive"]):
        args = ["values", game, "9223372036854775806..9223372036854775807"] + kernel
        r, seconds = timed(args)
        # (subtraction:1,3's window kernel answers by its proved period: exit 0)
        answered = r.returncode == 0 and len(r.stdout.splitlines()) == 2
        out_of_reach = r.returncode == 3 and "2^63" in r.stderr and r.stdout == ""
        check((answered or out_of_reach) and seconds < 10 * SLOW,
              f"verify {' '.join(args)}: exit {r.returncode}: {r.stderr[-300:]!r}")
# Frolov's squares are below 2^62 (m + 1, n + 1 exact); a far column of a proved row answers at
# once (its zeros lie below preperiod + 2 periods: the row is not walked to n).
refused(["values", "rook-misere:3", "9223372036854775806..9223372036854775807"], "below 2^62")
refused(["value", "digital-deletion", "4611686018427387904,3"], "below 2^62")
r, seconds = timed(["value", "rook-misere", "5,4611686018427387903", "--format", "json"])
check(r.returncode == 0 and json.loads(r.stdout or "{}").get("value") == 4611686018427387900
      and seconds < 10 * SLOW, f"a far column of row 5: {r.returncode} {seconds:.1f} s {r.stdout[:300]}")
refused(["cross-check", "nim", "--range", "99999999999"], "--range")
refused(["plot", "chomp", "0..1000000000", "--out", os.path.join(WORK, "c.svg")], "chomp")
refused(["plot", "sos:40", "--out", os.path.join(WORK, "s.svg")], "every board of sos:40")
check(not os.path.exists(os.path.join(WORK, "s.svg")), "a refused plot writes nothing")
# A window of 10^11 values does not fit 200M: the memory limit, at once.
limited(["values", "subtraction:1,100000000000", "0..3", "--memory-limit", "200M"], "memory", 10)

# --- Needs known up front, compared with the memory limit before allocating --------------------
# A subtraction set with a huge s_k, a huge empty-and-divide position or table: one line naming
# the need and the limit, exit 3 (a limit, as everywhere), at once, where these once allocated
# gigabytes first (8 GB and a minute for empty-and-divide 10^12,5), aborted, or said "kernel
# disagreement" (exit 1) when the table's size overflowed.
def needs_too_much(args, most_seconds=5):
    r, seconds = timed(args)
    what = ("verify " + " ".join(args))[:160]
    print(f"{what}: exit {r.returncode} in {seconds:.2f} s")
    check(r.returncode == 3, f"{what}: exit 3 expected, got {r.returncode}: {r.stderr[-300:]!r}")
    check(seconds < most_seconds * SLOW, f"{what}: took {seconds:.1f} s")
    line = one_line(r, what)
    check(" needs " in line and "above the memory limit" in line,
          f"{what}: the need and the limit named: {line!r}")
    check(r.stdout == "", f"{what}: nothing on stdout: {r.stdout[:200]!r}")


HUGE = "1000000000000"  # s_k = 10^12: a window of 4 TB
for args in (["value", "subtraction:1," + HUGE, "5"],
             ["value", "subtraction-misere:1," + HUGE, "5"],
             ["values", "subtraction:1," + HUGE, "0..3"],
             ["values", "subtraction:1," + HUGE, "0..3", "--kernel", "window"],
             ["value", "subtraction:1,9223372036854775807", "5"],
             ["value", "subtraction:1,4611686018427387904", "5"],
             ["plot", "subtraction:1," + HUGE, "--out", os.path.join(WORK, "sub.svg")],
             ["values", "subtraction:1,4000000000", "0..3", "--memory-limit", "200M"],
             ["values", "subtraction:1,3", "100000000..100000001", "--kernel", "members",
              "--memory-limit", "200M"],
             ["values", "subtraction:1,3", "15000000..15000001", "--kernel", "bitset",
              "--memory-limit", "100M"],
             ["values", "subtraction:1,3", "10000000..10000001", "--kernel", "naive",
              "--memory-limit", "50M"],
             ["value", "empty-and-divide", HUGE + ",5"],
             ["values", "empty-and-divide", "100000,5", "--kernel", "table"],
             ["values", "empty-and-divide", "3000000000,5", "--kernel", "table"],
             ["values", "wythoff", "10000,10000", "--kernel", "table", "--memory-limit", "100M"]):
    needs_too_much(args)
check(not os.path.exists(os.path.join(WORK, "sub.svg")), "a refused plot writes nothing")
# An infinite S: a range beyond every kernel is refused before the members are listed (the
# primes' sieve up to 10^9 took half a minute).
r, seconds = timed(["values", "subtraction:primes", "1000000000..1000000001"])
check(r.returncode == 3 and seconds < 5 * SLOW and "member kernel" in one_line(r, "primes 10^9"),
      f"subtraction:primes at 10^9: {r.returncode} {r.stderr!r} ({seconds:.1f} s)")
# `verify period`: the search's four windows against the memory limit, inconclusive at once (an
# s_k near 2^63 once wrapped the need round to a small number).
for big in ("4000000000", "4611686018427387904", "9223372036854775807"):
    r, seconds = timed(["period", "subtraction:1," + big, "--format", "json"])
    j = json.loads(r.stdout or "{}")
    check(r.returncode == 3 and j.get("verdict") == "inconclusive"
          and j.get("reached", {}).get("limit") == "memory" and seconds < 5 * SLOW,
          f"period subtraction:1,{big}: {r.returncode} {r.stdout[:300]} {r.stderr[-300:]}")
# A claim with such a set: inconclusive, naming the need, at once.
claims = os.path.join(WORK, "huge-set.toml")
with open(claims, "w", encoding="utf-8") as f:
    f.write('[document]\nid = "t"\n\n[[claim]]\nid = "t.huge"\nlocator = "test"\n'
            'statement = "a value of a set with a huge largest element"\nkind = "example"\n'
            'checker = "game.value"\n'
            f'params = {{ game = "subtraction:1,{HUGE}", position = "5" }}\n'
            'asserted = { value = 1 }\n')
out = os.path.join(WORK, "out-huge-set")
r, seconds = timed(["run", "--claims", claims, "--out", out, "--quiet"])
rep = json.load(open(os.path.join(out, "report.json"))) if os.path.exists(
    os.path.join(out, "report.json")) else {"claims": [{}]}
c = rep["claims"][0]
check(c.get("verdict") == "inconclusive" and "above the memory limit" in c.get("summary", "")
      and seconds < 20 * SLOW,
      f"a claim on subtraction:1,{HUGE}: {c.get('verdict')} {c.get('summary')!r} "
      f"({seconds:.1f} s) {r.stderr[-300:]}")

# --- A range at the end of the 64-bit integers ---------------------------------------------------
r = run(["values", "nim", "9223372036854775806..9223372036854775807", "--format", "json"])
j = json.loads(r.stdout or "{}")
check(r.returncode == 0 and j.get("values") == [9223372036854775806, 9223372036854775807]
      and j.get("positions") == ["9223372036854775806", "9223372036854775807"],
      f"values at the end of int64: {r.returncode} {r.stdout[:300]} {r.stderr}")
claims = os.path.join(WORK, "edge.toml")
with open(claims, "w", encoding="utf-8") as f:
    f.write('[document]\nid = "t"\n\n[[claim]]\nid = "t.edge"\nlocator = "test"\nstatement = "G(n) = n near 2^63"\n'
            'kind = "theorem"\nchecker = "game.formula"\nexpected_verdict = "verified"\n'
            'params = { game = "nim", range = [9223372036854775806, 9223372036854775807] }\n'
            'asserted = "n"\n')
r, seconds = timed(["run", "--claims", claims, "--time-limit", "20", "--quiet"])
check(r.returncode == 0 and "1 verified" in r.stdout and seconds < 20 * SLOW,
      f"a generic range ending at 2^63 - 1: {r.returncode} {r.stdout} {r.stderr} ({seconds:.1f} s)")

# --- The JSON of `values`, written as it goes, is the document it was ----------------------------
boards = os.path.join(WORK, "boards.txt")
with open(boards, "w", encoding="utf-8") as f:
    f.write("-----\n")
r = run(["values", "sos:5", "@" + boards, "--format", "json"])
j = json.loads(r.stdout or "{}")
check(r.returncode == 0 and list(j) == ["game", "kernel", "known", "naive_checked", "outcomes", "positions"]
      and len(j["outcomes"]) == 1, f"values of outcomes as JSON: {r.stdout} {r.stderr}")
r = run(["values", "octal:0.07", "0..0", "--format", "json"])
j = json.loads(r.stdout or "{}")
check(r.returncode == 0 and j.get("values") == [0] and j.get("positions") == ["0"],
      f"values of one position as JSON: {r.stdout} {r.stderr}")

# --- plot --out replaces only a regular file -------------------------------------------------------
target = os.path.join(WORK, "target.svg")
with open(target, "w", encoding="utf-8") as f:
    f.write("keep")
link = os.path.join(WORK, "link.svg")
os.symlink(target, link)
refused(["plot", "nim", "0..10", "--out", link], "not a regular file")
check(os.path.islink(link) and open(target, encoding="utf-8").read() == "keep",
      "the symlink and its target are unchanged")
fifo = os.path.join(WORK, "fifo.svg")
os.mkfifo(fifo)
refused(["plot", "nim", "0..10", "--out", fifo], "not a regular file")
check(stat.S_ISFIFO(os.lstat(fifo).st_mode), "the FIFO is unchanged")
refused(["plot", "nim", "0..10", "--out", "/dev/null"], "not a regular file")

# --- Limits are validated like every other option ----------------------------------------------------
refused(["values", "nim", "0..3", "--time-limit", "-1"], "--time-limit")
refused(["value", "nim", "3", "--memory-limit", "1Z"], "--memory-limit")
refused(["cross-check", "nim", "--time-limit", "x"], "--time-limit")

finish("e2e_bounds")
