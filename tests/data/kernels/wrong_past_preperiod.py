"""octal:0.177, right on the heaps it computed (to 2047), wrong past them: the period is
applied from heap 0 instead of the preperiod, G(n) = G(e + n mod p)."""
from octal_common import serve, table

G, (E, P) = table("0.177")
serve("0.177", lambda n, right: right(n) if n < len(G) else G[E + n % P])
