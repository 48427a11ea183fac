"""octal:0.177, right on every heap, wrong on sums: adds the heaps' values instead of their
nim-sum. Passes when only one heap is asked; caught with --sums."""
from octal_common import serve

serve("0.177", combine=sum)
