"""octal:0.177 that crashes (an uncaught exception) at heap 43210."""
from octal_common import serve


def value(n, right):
    if n == 43210:
        raise IndexError("the table ends here")
    return right(n)


serve("0.177", value)
