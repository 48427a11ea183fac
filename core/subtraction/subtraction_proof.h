// Proved periods of subtraction games: the producer's certificate, accepted by the independent
// checker, or the mod-3 residue lemma for the powers of 2. Every period the module reports
// (`verify period`, the claims' evidence) comes through prove_subtraction_period, and every
// proved number (preperiod, period, values) is the checker's ProvedPeriod, not the producer's.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "core/base/trusted/certificate.h"
#include "core/base/trusted/limits.h"
#include "core/subtraction/subtraction_period.h"
#include "core/subtraction/trusted/subtraction_certificate.h"

namespace igv {

/// A certificate and the checker's verdict on it (accepted).
struct CheckedSubtractionCertificate {
  std::string theorem;  ///< the theorem that turns the finite check into a proof
  SubtractionPeriodCertificate certificate;  ///< finite sets only (the set alone otherwise)
  SubtractionPeriodSearchStats stats;        ///< finite sets only
  CertificateVerdict verdict;                ///< accepted
  /// What the checker established: G, its least preperiod and period, G(0 .. ℓ + p - 1).
  [[nodiscard]] const ProvedPeriod& proved() const { return verdict.proved().front(); }
};

/// Finds the period with the window kernel and has the certificate checked. Throws
/// BudgetExceeded past the limits, std::logic_error when the checker rejects the producer's
/// certificate (a bug of the harness, never a verdict about the game). `limits` reach the
/// producer (find_subtraction_period), and the checker's replay of ℓ + p + s_k values is refused
/// (LimitReached) when it would not fit.
CheckedSubtractionCertificate prove_subtraction_period(const SubtractionSet& set,
                                                       SubtractionPlay play,
                                                       std::uint64_t max_steps = 4'000'000'000ULL,
                                                       std::int64_t max_check_values = 400'000'000,
                                                       const ComputeLimits& limits = {});

/// G(n) for any n >= 0, from the values the checker accepted and the proved period.
Value subtraction_value_by_period(const CheckedSubtractionCertificate& proved, std::int64_t n);

/// What `verify period` prints (core/CERTIFICATES.md, "subtraction games").
nlohmann::json subtraction_period_json(const CheckedSubtractionCertificate& proved);

}  // namespace igv
