// Period and preperiod of SUB(S), S finite, found with O(s_k) memory, and the certificate that
// the independent checker (core/subtraction_certificate_check.h) accepts or rejects.
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

#include "core/primitives.h"
#include "core/subtraction_game.h"

namespace igv {

/// What the producer claims: from ℓ on, G has period p, and p and ℓ are the least such.
struct SubtractionPeriodCertificate {
  SubtractionSet set;
  SubtractionPlay play = SubtractionPlay::normal;
  std::int64_t preperiod = 0;  ///< ℓ
  std::int64_t period = 1;     ///< p
  /// The lemma's window: G(ℓ), ..., G(ℓ + s_k) (s_k + 1 values), which must recur at ℓ + p.
  std::vector<Value> window;
};

/// Statistics of one detection run (for benchmarks and evidence).
struct SubtractionPeriodSearchStats {
  std::uint64_t steps = 0;            ///< window advances, both phases
  std::uint64_t hash_matches = 0;     ///< hash equalities examined value by value
  std::uint64_t hash_collisions = 0;  ///< hash equalities whose windows differed
};

/// Finds the minimal period and preperiod by Brent's cycle detection on window states.
/// Throws BudgetExceeded after `max_steps` window advances. S must be finite.
SubtractionPeriodCertificate find_subtraction_period(const SubtractionSet& set,
                                                     SubtractionPlay play,
                                                     std::uint64_t max_steps = 4'000'000'000ULL,
                                                     SubtractionPeriodSearchStats* stats = nullptr);

/// The certificate as JSON ({"set", "play", "preperiod", "period", "window"}).
std::string subtraction_certificate_json(const SubtractionPeriodCertificate& cert);

}  // namespace igv
