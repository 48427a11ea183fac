#include "properties/octal/octal_properties.h"

#include <rapidcheck.h>

#include "core/base/trusted/errors.h"
#include "core/octal/octal_fast_sparse.h"
#include "core/octal/octal_period.h"
#include "core/octal/trusted/octal_certificate_check.h"
#include "core/octal/trusted/octal_naive.h"
#include "properties/octal/octal_claim_support.h"

namespace igv {

OctalCode random_octal_code() {
  std::vector<int> digits{*rc::gen::element(0, 0, 0, 4)};
  const int length = *rc::gen::inRange(1, 5);
  for (int i = 0; i < length; ++i) digits.push_back(*rc::gen::inRange(0, 8));
  return OctalCode::from_digits(digits);
}

void prop_sparse_matches_naive() {
  const OctalCode code = random_octal_code();
  const auto n_max = *rc::gen::inRange<std::int64_t>(0, 401);
  RC_TAG(code.canonical());
  const auto naive = octal_values_naive(code, n_max);
  OctalSparseSolver sparse(code);
  sparse.extend_to(n_max + 1);
  for (std::int64_t n = 0; n <= n_max; ++n) {
    RC_ASSERT(sparse.value(n) == naive[static_cast<std::size_t>(n)]);
  }
}

void prop_checker_accepts_producer_and_rejects_corruption() {
  const OctalCode code = random_octal_code();
  RC_TAG(code.canonical());
  OctalPeriodCertificate cert;
  try {
    cert = find_octal_period(code, {4096, {}, {}, {}, {}});
  } catch (const BudgetExceeded&) {
    RC_DISCARD("no period within 4096 heaps");
  }
  // The values themselves must be the naive kernel's.
  const auto naive = octal_values_naive(code, cert.bound() - 1);
  for (std::int64_t n = 0; n < cert.bound(); ++n)
    RC_ASSERT(cert.values[n] == naive[static_cast<std::size_t>(n)]);
  RC_ASSERT(check_octal_period_certificate(cert).accepted());
  OctalPeriodCertificate bad = cert;
  const auto n = *rc::gen::inRange<std::int64_t>(0, cert.bound());
  const auto delta = *rc::gen::inRange<Value>(1, 4);
  bad.values.set(n, (cert.values[n] + delta) % 256);
  RC_ASSERT(!check_octal_period_certificate(bad).accepted());
}

}  // namespace igv
