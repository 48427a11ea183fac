// The word-parallel kernel of SUB(S) for the infinite rule-defined sets (squares, fibonacci,
// primes), where no finite window exists and the member kernel's work (one option per member
// below each heap) grows as n · |S ∩ [1, n]| — 3.7 · 10^10 options for the primes below 10^6.
//
// One bitset per value v: R_v holds the heaps m that have an option of value v. Once G(n) = v
// is known, the bitset of S, shifted by n, is OR-ed into R_v (the heaps n + s, s in S, get an
// option of value v): (count − n)/64 word operations. G(n) is the least v with bit n of R_v
// clear (misère: 1 for a heap with no move). About count²/128 word operations in all, whatever
// the density of S. Shares nothing with the naive kernel but the rules (the member list).
#pragma once

#include <cstdint>
#include <vector>

#include "core/base/trusted/primitives.h"
#include "core/subtraction/trusted/subtraction_rules.h"

namespace igv {

/// The word operations subtraction_values_bitset does for `count` values with members starting
/// at `least_member`: about (count − least_member)² / 128.
std::uint64_t subtraction_bitset_work(std::int64_t least_member, std::int64_t count);

/// G(0) .. G(count − 1) of SUB(S) by word-parallel bitsets. Throws BudgetExceeded (before
/// computing) when count exceeds 2^24 (the work grows as count²).
std::vector<Value> subtraction_values_bitset(const SubtractionSet& set, SubtractionPlay play,
                                             std::int64_t count);

}  // namespace igv
