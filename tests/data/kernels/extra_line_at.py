"""octal:0.177 that writes two lines for heap 600."""
from octal_common import serve

serve("0.177", lambda n, right: f"{right(n)}\n{right(n)}\n" if n == 600 else right(n))
