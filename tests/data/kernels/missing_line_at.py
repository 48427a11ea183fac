"""octal:0.177 that writes nothing for heap 700."""
from octal_common import serve

serve("0.177", lambda n, right: "" if n == 700 else right(n))
