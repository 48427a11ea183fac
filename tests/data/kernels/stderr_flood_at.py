"""octal:0.177 that writes 2 MiB on stderr at heap 800."""
import sys

from octal_common import serve


def value(n, right):
    if n == 800:
        sys.stderr.write("x" * (2 << 20))
    return right(n)


serve("0.177", value)
