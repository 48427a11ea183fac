// The member kernel of SUB(S): incremental mex over the members of S up to n, for every S the
// rules describe (finite, the powers of 2, and the infinite rule-defined sets squares,
// fibonacci, primes, where no finite window exists: G(n) depends on G(n - s) for every member
// s <= n).
//
// The members up to the largest heap are listed once (subtraction_members_up_to, the rules;
// one sieve for the primes), the values kept as 32-bit words, and each mex found with a stamp
// array (stamp[v] = n + 1 when some option of n has value v): O(#members <= n) per heap. The
// mex of m option values is at most m, so the stamp array needs |{s in S : s < count}| + 2
// entries. Shares nothing with the naive kernel but the rules.
#pragma once

#include <cstdint>
#include <vector>

#include "core/base/trusted/primitives.h"
#include "core/subtraction/trusted/subtraction_rules.h"

namespace igv {

/// Options examined by subtraction_values_members(set, play, count): sum over heaps n < count
/// of |{s in S : s <= n}|, computed from the member list (exact).
std::uint64_t subtraction_members_work(const std::vector<std::int64_t>& members,
                                       std::int64_t count);

/// The most values subtraction_values_members keeps (32-bit words: 1 GiB).
inline constexpr std::int64_t kMostMemberKernelValues = std::int64_t{1} << 28;

/// The most options subtraction_values_members examines before it refuses (BudgetExceeded):
/// about ten seconds of work.
inline constexpr std::uint64_t kMostMemberKernelOptions = std::uint64_t{1} << 32;

/// G(0) .. G(count - 1) of SUB(S) by incremental mex over the members <= n. Throws
/// BudgetExceeded (before computing) when count exceeds 2^28 or the options to examine exceed
/// `max_options`.
std::vector<Value> subtraction_values_members(const SubtractionSet& set, SubtractionPlay play,
                                              std::int64_t count,
                                              std::uint64_t max_options = kMostMemberKernelOptions);

}  // namespace igv
