"""octal:0.177 that writes a line that is not a value at heap 500."""
from octal_common import serve

serve("0.177", lambda n, right: "value: unknown\n" if n == 500 else right(n))
