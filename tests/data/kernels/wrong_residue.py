"""octal:0.177, wrong on one residue class: heaps n >= 3000 with n mod 7 == 3."""
from octal_common import serve

serve("0.177", lambda n, right: right(n) + 2 if n >= 3000 and n % 7 == 3 else right(n))
