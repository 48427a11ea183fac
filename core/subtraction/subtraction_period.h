// Period and preperiod of SUB(S), S finite, found with O(s_k) memory, and the certificate
// (core/subtraction/subtraction_certificate.h) that the independent checker
// (core/subtraction/subtraction_certificate_check.h) accepts or rejects.
//
// The window lemma (001_bc98b3364103fd4a, "周期和预周期 (续)"): the least p and ℓ with
// G(n) = G(n + p) for ℓ <= n <= ℓ + s_k are the period and the preperiod. The states
// W_n = (G(n), ..., G(n + s_k - 1)), n >= 0, follow W_{n+1} = F(W_n) for one fixed map F (every
// move from n + s_k is legal and lands inside W_n), so the minimal period of G is the cycle
// length λ of the state sequence and the preperiod is the index μ of the first state on the
// cycle. Brent's cycle detection finds λ and then μ keeping two windows, comparing their rolling
// hashes each step and confirming every hash match value by value.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/trusted/limits.h"
#include "core/base/trusted/primitives.h"
#include "core/subtraction/trusted/subtraction_certificate.h"
#include "core/subtraction/subtraction_fast_window.h"
#include "core/subtraction/trusted/subtraction_rules.h"

namespace igv {

/// Statistics of one detection run (for benchmarks and evidence).
struct SubtractionPeriodSearchStats {
  std::uint64_t steps = 0;            ///< window advances, both phases
  std::uint64_t hash_matches = 0;     ///< hash equalities examined value by value
  std::uint64_t hash_collisions = 0;  ///< hash equalities whose windows differed
};

/// Finds the minimal period and preperiod by Brent's cycle detection on window states.
/// Throws BudgetExceeded after `max_steps` window advances. S must be finite. Throws
/// LimitReached at once when the four windows of s_k values (subtraction_search_bytes) do not fit
/// in `limits`, and when its deadline passes (checked every 2^16 steps), with reached
/// {"steps", "window_length", "phase", "candidate_period"}.
SubtractionPeriodCertificate find_subtraction_period(const SubtractionSet& set,
                                                     SubtractionPlay play,
                                                     std::uint64_t max_steps = 4'000'000'000ULL,
                                                     SubtractionPeriodSearchStats* stats = nullptr,
                                                     const ComputeLimits& limits = {});

/// Bytes the search holds: four windows (subtraction_window_bytes; saturated, so that an s_k
/// near 2^63 does not wrap round to a small need).
inline std::uint64_t subtraction_search_bytes(const SubtractionSet& set) {
  const std::uint64_t four = saturated_product(4, subtraction_window_bytes(set));
  return four > std::numeric_limits<std::uint64_t>::max() - 4096 ? four : four + 4096;
}

}  // namespace igv
