// Helpers shared by the octal checkers: proving a period within a claim's budget, and reading
// the outcome rules of claims files.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "core/octal_code.h"
#include "core/octal_period.h"
#include "core/octal_period_check.h"
#include "properties/checker.h"

namespace igv {

/// A period proved for one claim: the certificate and the checker's verdict on it.
struct ProvedOctalPeriod {
  OctalPeriodCertificate certificate;
  OctalCertificateVerdict verdict;
  double seconds = 0;
  [[nodiscard]] Value value(std::int64_t n) const;  ///< G(n) for every n, by the period
  [[nodiscard]] nlohmann::json evidence() const;
};

/// Produces and checks a certificate within ctx.scaled(default_max_heaps) heaps and the
/// claim's time limit. Throws BudgetExceeded (verdict inconclusive) when none is found, and
/// std::runtime_error (verdict error) when the checker rejects the producer's certificate.
ProvedOctalPeriod prove_octal_period(const OctalCode& code, const CheckContext& ctx,
                                     std::int64_t default_max_heaps);

}  // namespace igv
