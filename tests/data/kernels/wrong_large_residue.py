"""octal:0.177, wrong on one residue class of large heaps only: heaps n >= 2^18 with
(n - 497) mod 20 == 3 (an overflow-like bug no small heap shows): caught by the random heaps and
shrunk to the least such heap."""
from octal_common import serve

serve("0.177", lambda n, right: right(n) ^ 1 if n >= 1 << 18 and (n - 497) % 20 == 3 else right(n))
