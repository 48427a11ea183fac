"""octal:0.177, wrong at one large heap (54321) only: caught by the exhaustive heaps."""
from octal_common import serve

serve("0.177", lambda n, right: right(n) + 1 if n == 54321 else right(n))
