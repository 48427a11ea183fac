// Helpers shared by the octal checkers: proving a period within a claim's budget, and reading
// the outcome rules of claims files.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "core/base/trusted/certificate.h"
#include "core/octal/trusted/octal_certificate_check.h"
#include "core/octal/octal_period.h"
#include "core/octal/trusted/octal_rules.h"
#include "properties/base/checker.h"
#include "properties/base/schema.h"

namespace igv {

/// A certificate produced for one claim and the checker's verdict on it. What the claims use as
/// proved (preperiod, period, values) is the checker's ProvedPeriod, never the producer's.
struct CheckedOctalCertificate {
  OctalPeriodCertificate certificate;
  CertificateVerdict verdict;
  double seconds = 0;
  [[nodiscard]] const ProvedPeriod& proved() const { return verdict.proved().front(); }
  [[nodiscard]] Value value(std::int64_t n) const { return proved().value(n); }
  [[nodiscard]] nlohmann::json evidence() const;
};

/// Produces and checks a certificate within `max_heaps` heaps (the caller resolves it:
/// domain_param for a claim's `max_heaps`) and the claim's time limit. Throws BudgetExceeded
/// (verdict inconclusive) when none is found, and std::runtime_error (verdict error) when the
/// checker rejects the producer's certificate.
CheckedOctalCertificate prove_octal_period(const OctalCode& code, const CheckContext& ctx,
                                           std::int64_t max_heaps);

/// The `max_heaps` parameter of the octal checkers that prove a period (a default domain:
/// scaled by --budget unless the claim states it).
Field max_heaps_field(std::int64_t default_max_heaps);

/// The `code` parameter: an octal code such as "0.07" or ".137".
Field octal_code_field();

}  // namespace igv
