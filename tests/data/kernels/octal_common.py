"""A Python kernel of an octal game, as an author outside the harness would write one.

The values come from the rules (mex over every option) up to the point where the Guy–Smith
periodicity theorem proves a period; beyond it, G(n) = G(e + (n - e) mod p). The kernels in this
folder are `serve(...)` with a deliberate bug (tests/e2e/e2e_kernel_regression.py requires the
default `verify cross-check` to catch each one); right.py is the kernel without one.

Protocol (verify/CROSS_CHECK.md): positions one per line on stdin ("35" one heap, "3+5" a sum),
one value per line on stdout, in order.
"""
import sys


def digits_of(code):
    return [int(c) for c in code.split(".", 1)[1]]


def options(digits, n, split_offset=0):
    """The option heap lists of a heap n (one tuple per option)."""
    for k, d in enumerate(digits, start=1):
        if d & 1 and n == k:
            yield ()
        if d & 2 and n > k:
            yield (n - k,)
        if d & 4 and n >= k + 2:
            for a in range(1, (n - k) // 2 + 1 + split_offset):
                yield (a, n - k - a)


def values_to(digits, limit, g=None, split_offset=0):
    g = g or []
    for n in range(len(g), limit):
        seen = set()
        for opt in options(digits, n, split_offset):
            v = 0
            for h in opt:
                v ^= g[h] if h < n else 0
            seen.add(v)
        m = 0
        while m in seen:
            m += 1
        g.append(m)
    return g


def proved_period(g, t):
    """(e, p) when G(n + p) = G(n) for every n with e <= n < 2e + p + t within the table."""
    size = len(g)
    for p in range(1, size // 2):
        e = size - p
        while e > 0 and g[e - 1] == g[e - 1 + p]:
            e -= 1
        if 2 * e + 2 * p + t <= size:
            return e, p
    return None


def table(code, split_offset=0):
    """The values up to a proved period, and (preperiod, period)."""
    digits = digits_of(code)
    g = []
    limit = 256
    while True:
        g = values_to(digits, limit, g, split_offset)
        found = proved_period(g, len(digits))
        if found:
            return g, found
        limit *= 2
        if limit > 1 << 16:
            raise SystemExit("no period found")


def serve(code, value=None, sums=True, combine=None):
    """Answers positions until the end of the input. `value(n, right)` may change one heap's value
    (a deliberate bug; a str is written as it is, in place of the value line); `right(n)` is the
    right one. `combine(values)` replaces the nim-sum of a sum's heap values."""
    g, (e, p) = table(code)

    def right(n):
        return g[n] if n < len(g) else g[e + (n - e) % p]

    heap = (lambda n: value(n, right)) if value else right
    out = sys.stdout
    for line in sys.stdin:
        heaps = [int(x) for x in line.strip().split("+")]
        if len(heaps) > 1 and not sums:
            raise SystemExit("this kernel takes one heap, got " + line.strip())
        if combine and len(heaps) > 1:
            out.write(f"{combine([heap(h) for h in heaps])}\n")
            continue
        v = 0
        for h in heaps:
            x = heap(h)
            if isinstance(x, str):  # a kernel defect: the line (or lines) written as they are
                out.write(x)
                break
            v ^= x
        else:
            out.write(f"{v}\n")
