"""Dawson's Kayles (octal:0.07), right, or with one bug chosen on the command line (issue 34's
classes for the line protocol; tests/e2e/e2e_kernel_hidden.py):

  --build-seconds S  silent S seconds before its first answer (building a table): right
  --cursor           keeps the last heap and answers a smaller one with the last value (order)
  --random           one answer in a thousand off by one bit, at random (nondeterminism)
  --buffer N         reads its input N - 1 bytes at a time, as fgets(buf, N, stdin) does: a
                     longer line is read as two positions
"""
import os
import random
import sys
import time

from octal_common import table

args = sys.argv[1:]
G, (E, P) = table("0.07")


def right(n):
    return G[n] if n < len(G) else G[E + (n - E) % P]


build = float(args[args.index("--build-seconds") + 1]) if "--build-seconds" in args else 0
buffer = int(args[args.index("--buffer") + 1]) if "--buffer" in args else 0
cursor = "--cursor" in args
chance = random.Random(os.getpid() ^ time.time_ns()) if "--random" in args else None
if build:
    time.sleep(build)


def lines():
    for line in sys.stdin:
        if not buffer:
            yield line
            continue
        while line:
            yield line[:buffer - 1]
            line = line[buffer - 1:]
            if line == "\n":
                break


last = (-1, 0)
out = sys.stdout
for line in lines():
    line = line.strip()
    if not line:
        continue
    heaps = [int(x) for x in line.split("+") if x]
    v = 0
    for h in heaps:
        if cursor and len(heaps) == 1 and h < last[0]:
            x = last[1]
        else:
            x = right(h)
        if cursor and len(heaps) == 1:
            last = (h, x)
        v ^= x
    if chance is not None and chance.randrange(1000) == 0:
        v ^= 1
    out.write(f"{v}\n")
