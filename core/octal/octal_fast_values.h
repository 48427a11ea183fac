// Values of octal-game heaps for `verify value` and the benchmarks: the sparse kernel, and —
// for heaps beyond what is worth computing — the proved period. A period is used only after
// check_octal_period_certificate accepted its certificate; then G(n) = G(e + (n - e) mod p)
// for n >= e is the Guy–Smith theorem, not an extrapolation.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "core/octal/trusted/octal_certificate_check.h"
#include "core/octal/octal_period.h"
#include "core/octal/trusted/octal_rules.h"

namespace igv {

/// G(n) for any heap n of one game.
class OctalValueOracle {
 public:
  /// Heaps below small_limit: the sparse kernel for every heap up to max_heap. Larger heaps: a
  /// period is searched for within period_search_heaps heaps (certificate checked) and used;
  /// when none is proved, the sparse kernel computes every heap up to max_heap if that is below
  /// direct_limit, and BudgetExceeded is thrown otherwise.
  OctalValueOracle(const OctalCode& code, std::int64_t max_heap,
                   std::int64_t small_limit = std::int64_t{1} << 16,
                   std::int64_t direct_limit = 100'000'000,
                   std::int64_t period_search_heaps = 4'000'000,
                   const std::function<void()>& tick = {});

  [[nodiscard]] Value operator()(std::int64_t n) const;
  /// One line: how the values were obtained (kernel, heaps, certificate).
  [[nodiscard]] const std::string& how() const { return how_; }
  /// The accepted certificate, when the period was used.
  [[nodiscard]] const std::optional<OctalPeriodCertificate>& certificate() const { return cert_; }

 private:
  OctalValueTable table_;
  std::optional<OctalPeriodCertificate> cert_;
  std::string how_;
};

/// G(0..n_end-1) in one byte per heap (two when some value exceeds 255). With
/// `use_proved_period`, heaps beyond a proved period's window are filled by periodicity.
OctalValueTable octal_value_table(const OctalCode& code, std::int64_t n_end, bool use_proved_period,
                                  std::string* how = nullptr,
                                  const std::function<void()>& tick = {});

}  // namespace igv
