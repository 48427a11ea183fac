"""octal:0.177 with an off-by-one in the split rule: a heap is never split into two equal
halves (range(1, (n - k) // 2) instead of range(1, (n - k) // 2 + 1)) on the heaps it computes
from the rules (below 2048); the right period beyond."""
from octal_common import digits_of, serve, values_to

BUGGY = values_to(digits_of("0.177"), 2048, split_offset=-1)
serve("0.177", lambda n, right: BUGGY[n] if n < len(BUGGY) else right(n))
