#!/usr/bin/env python3
"""Side-by-side timing of `verify period octal:CODE` against a peer octal analyser.

Not a test (ctest does not run it): a benchmark, like tests/*/test_*_bench.cpp. The peer is any
program that takes the code as its one argument and stops when it has found the period, e.g.
the `old/` analyser of github:tczajka/octal-games built with its Makefile (`make bin/analyze`).
Runs are interleaved (ours, peer, ours, peer, ... with the order swapped every round) so that a
machine shared with other work slows both sides alike; the answer is the median of the per-round
wall-time ratios ours/peer, and each side's peak resident memory (/usr/bin/time).

    python3 tests/octal/bench_peer.py --verify build/verify --peer /tmp/peer/old/bin/analyze \
        --rounds 3 0.07 0.16 0.56 0.127 0.354 0.376

`verify period` produces the Guy–Smith certificate and has the independent checker re-check it;
the time includes both. Prints one Markdown table row per code: the median wall times, the
medians of the per-round ratios of wall time and of CPU time (user + system: on a machine shared
with other work, the steadier of the two; `verify period` runs its checker on a second thread,
so its CPU time is the sum of both threads'), the median peak resident memory of each side
(/usr/bin/time's maximum resident set: the pages of the program's own file it touched count, so
a statically linked libstdc++ weighs on a small run) and their ratio, and the load average
before and after.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time


def timed(cmd):
    """(wall seconds, peak resident KiB, stdout, exit code, CPU seconds) of one run.

    The peak is /usr/bin/time's (the program's own; a child forked from this Python process would
    count this process's memory before its exec). The CPU time is the rusage os.wait4 gives for
    /usr/bin/time, which includes the program's, to the microsecond (/usr/bin/time prints it
    to the hundredth of a second only: no ratio for a program that takes a millisecond)."""
    with tempfile.TemporaryFile() as out, tempfile.NamedTemporaryFile("r") as peak:
        t0 = time.perf_counter()
        p = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", peak.name, *cmd], stdout=out,
                             stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(p.pid, 0)
        seconds = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
        rss = re.search(r"(\d+)\s*$", peak.read())
    if rss is None:
        sys.exit(f"bench_peer: could not time {cmd}")
    cpu = usage.ru_utime + usage.ru_stime
    return seconds, int(rss.group(1)), text, p.returncode, cpu


def span(seconds):
    """A duration as printed: milliseconds below a tenth of a second."""
    return f"{seconds * 1000:.1f} ms" if seconds < 0.1 else f"{seconds:.2f} s"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--verify", required=True, help="the verify binary")
    ap.add_argument("--peer", required=True, help="the peer analyser (takes the code as argument)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--budget", default="1", help="verify period --budget")
    ap.add_argument("codes", nargs="+", help="octal codes, e.g. 0.07 0.16")
    a = ap.parse_args()
    load = os.getloadavg()
    print(f"load average at the start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}", flush=True)
    print("| code | ours: preperiod, period | ours wall | peer wall | wall ratio ours/peer | CPU ratio ours/peer | ours peak | peer peak | peak ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
    for code in a.codes:
        ours_cmd = [a.verify, "period", "octal:" + code, "--budget", a.budget, "--time-limit", "0",
                    "--format", "json"]
        peer_cmd = [a.peer, code]
        ours, peer, ratios, cpu_ratios, result = [], [], [], [], "?"
        for k in range(a.rounds):
            order = [("ours", ours_cmd), ("peer", peer_cmd)]
            if k % 2 == 1:
                order.reverse()
            got = {}
            for who, cmd in order:
                wall, rss, out, rc, cpu = timed(cmd)
                if who == "ours":
                    if rc != 0:
                        sys.exit(f"bench_peer: verify period octal:{code} exited {rc}")
                    m = re.search(r'"period": (\d+)', out)
                    e = re.search(r'"preperiod": (\d+)', out)
                    result = f"{e.group(1)}, {m.group(1)}" if m and e else "?"
                elif "period" not in out:
                    sys.exit(f"bench_peer: the peer found no period for {code}: {out[-300:]}")
                got[who] = (wall, rss, cpu)
            ours.append(got["ours"])
            peer.append(got["peer"])
            ratios.append(got["ours"][0] / max(got["peer"][0], 1e-3))
            cpu_ratios.append(got["ours"][2] / max(got["peer"][2], 1e-4))
        med = lambda xs, i: statistics.median(x[i] for x in xs)
        print(f"| .{code.split('.', 1)[1]} | {result} | {span(med(ours, 0))} | {span(med(peer, 0))} "
              f"| {statistics.median(ratios):.2f} | {statistics.median(cpu_ratios):.2f} "
              f"| {med(ours, 1) / 1024:.1f} MiB | {med(peer, 1) / 1024:.1f} MiB "
              f"| {med(ours, 1) / med(peer, 1):.2f} |", flush=True)
    load = os.getloadavg()
    print(f"load average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}", flush=True)


if __name__ == "__main__":
    main()
