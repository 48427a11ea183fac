// Proved periods of subtraction games: the producer's certificate, accepted by the independent
// checker, or the mod-3 residue lemma for the powers of 2. Every period the module reports
// (`verify period`, the claims' evidence) comes through prove_subtraction_period.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "core/subtraction_certificate_check.h"
#include "core/subtraction_period.h"

namespace igv {

struct ProvedSubtractionPeriod {
  std::int64_t preperiod = 0;
  std::int64_t period = 1;
  std::string theorem;     ///< the theorem that turns the finite check into a proof
  std::int64_t bound = 0;  ///< values recomputed by the checker
  std::string checked;     ///< what the checker confirmed
  SubtractionPeriodCertificate certificate;  ///< finite sets only
  SubtractionPeriodSearchStats stats;        ///< finite sets only
};

/// The theorem names written into certificates.
inline constexpr const char* kWindowLemmaTheorem =
    "window lemma (001_bc98b3364103fd4a, 周期和预周期 (续)): G(n) = G(n+p) for "
    "l <= n <= l + s_k implies period p from l";
inline constexpr const char* kResidueLemmaTheorem =
    "mod-3 residue lemma: 1, 2 in S and 3 divides no element of S imply G_S(n) = n mod 3";

/// Finds the period with the window kernel and has the certificate checked. Throws
/// BudgetExceeded past the limits, std::logic_error when the checker rejects the producer's
/// certificate (a bug of the harness, never a verdict about the game).
ProvedSubtractionPeriod prove_subtraction_period(const SubtractionSet& set, SubtractionPlay play,
                                                 std::uint64_t max_steps = 4'000'000'000ULL,
                                                 std::int64_t max_check_values = 400'000'000);

/// G(n) for any n >= 0, using the proved period to reduce n (the options of n and of its
/// reduced representative have equal values). O(s_k) memory.
Value subtraction_value_by_period(const ProvedSubtractionPeriod& proved, std::int64_t n);

/// {"theorem", "bound", "checked", ...} of a proved period.
nlohmann::json subtraction_certificate_summary(const ProvedSubtractionPeriod& proved);

}  // namespace igv
