"""octal:0.177 without a bug: must pass the default `verify cross-check` (with and without --sums)."""
from octal_common import serve

serve("0.177")
