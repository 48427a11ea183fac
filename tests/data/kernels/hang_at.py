"""octal:0.177 that hangs at heap 7777."""
import time

from octal_common import serve


def value(n, right):
    if n == 7777:
        time.sleep(3600)
    return right(n)


serve("0.177", value)
