// Periodicity certificates for octal games, and their producer.
//
// The theorem (Guy and Smith, "The G-values of various games", Proc. Cambridge Philos. Soc. 52
// (1956) 514–526; Winning Ways, 2nd ed., vol. 1, ch. 4, "The periodicity theorem"): let an
// octal game have finitely many non-zero digits, the last at position k (d0 in {0, 4} is allowed:
// a split that removes nothing is the removal i = 0 <= k). If G(n + p) = G(n) for every n with
// e <= n < 2e + p + k, then G(n + p) = G(n) for every n >= e.
// Proof sketch, with the one edge the usual statement glosses: for n >= 2e + p + k, an option of
// n + p removing i and splitting into a + b = n + p - i >= 2(e + p) has a part b >= e + p, and
// G(b) = G(b - p) by induction; the pair (a, b - p) is an option of n only if b - p >= 1, which
// e >= 1 guarantees. So the window is applied with e' = max(e, 1): values up to
// 2·max(e, 1) + 2p + k - 1 are needed ("bound" below), and the periodicity is checked for
// e <= n < 2·max(e, 1) + p + k.
//
// A certificate holds the claimed values G(0..bound-1), the claimed least preperiod e and least
// period p, the masks for the rare/common parity argument (a schedule: mask M_j from heap n_j
// on), and witness hints. It is accepted or rejected by check_octal_period_certificate
// (core/octal_period_check.h), written apart.
//
// Witness order (the hint format, shared by producer and checker), for heap n and the mask M in
// force at n: (1) every option leaving no heap or one heap; (2) every split with a part whose
// value is rare under M; (3) the splits by smaller part a = 1, 2, 3, … (every removal i for
// each a). When G(n) is common under M, every value below G(n) must appear among (1), (2) and
// the splits of (3) with a <= max(kDefaultWitnessDepth, hint(n)). (When G(n) is rare the checker
// looks at every split anyway.)
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/octal_code.h"
#include "core/primitives.h"

namespace igv {

/// Splits with a smaller part up to this depth are always searched for witnesses.
constexpr std::int64_t kDefaultWitnessDepth = 4096;

/// A sequence of values in the narrowest type that holds them (one or two bytes per heap).
class OctalValueTable {
 public:
  OctalValueTable() = default;
  explicit OctalValueTable(std::vector<std::uint8_t> narrow) : narrow_(std::move(narrow)) {}
  explicit OctalValueTable(std::vector<std::uint16_t> wide)
      : wide_(std::move(wide)), is_wide_(true) {}
  [[nodiscard]] std::int64_t size() const {
    return static_cast<std::int64_t>(is_wide_ ? wide_.size() : narrow_.size());
  }
  [[nodiscard]] Value operator[](std::int64_t n) const {
    return is_wide_ ? wide_[static_cast<std::size_t>(n)] : narrow_[static_cast<std::size_t>(n)];
  }
  /// Sets G(n) (tests use it to corrupt certificates). Values must fit the table's width.
  void set(std::int64_t n, Value v);
  void resize(std::int64_t n);
  [[nodiscard]] int bytes_per_value() const { return is_wide_ ? 2 : 1; }
  [[nodiscard]] const std::vector<std::uint8_t>& narrow() const { return narrow_; }
  [[nodiscard]] const std::vector<std::uint16_t>& wide() const { return wide_; }

 private:
  std::vector<std::uint8_t> narrow_;
  std::vector<std::uint16_t> wide_;
  bool is_wide_ = false;
};

struct OctalPeriodCertificate {
  std::string code;            ///< canonical octal code, e.g. "0.07"
  std::int64_t preperiod = 0;  ///< least e with G(n + p) = G(n) for all n >= e
  std::int64_t period = 0;     ///< least p
  /// (first heap, mask), increasing in heap, the first from heap 0: the rare/common masks for
  /// the checker's parity argument.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> mask_schedule{{0, 0}};
  OctalValueTable values;  ///< claimed G(0..bound-1)
  /// (n, depth): heaps whose witnesses need splits of step (3) with a smaller part beyond
  /// kDefaultWitnessDepth, increasing in n.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> witness_depths;
  [[nodiscard]] std::int64_t bound() const { return values.size(); }
};

/// The number of values the theorem needs for preperiod e, period p and last digit k.
std::int64_t guy_smith_bound(std::int64_t preperiod, std::int64_t period, int last_digit);

struct OctalPeriodSearch {
  std::int64_t max_heaps = 4'000'000;  ///< give up (BudgetExceeded) beyond this many values
  std::function<void()> tick;          ///< called now and then; may throw BudgetExceeded
};

/// Statistics of a producer run, for evidence and benchmarks.
struct OctalPeriodStats {
  std::int64_t heaps_computed = 0;
  std::uint32_t mask = 0;
  std::size_t rare_heaps = 0;
  Value max_value = 0;
  std::uint64_t full_scans = 0;
  std::uint64_t peak_value_bytes = 0;
};

/// Computes values with the sparse kernel until a least preperiod and period are found whose
/// Guy–Smith window fits in the values computed, and returns the certificate (unchecked).
/// Throws BudgetExceeded when none is found below search.max_heaps heaps.
OctalPeriodCertificate find_octal_period(const OctalCode& code, const OctalPeriodSearch& search,
                                         OctalPeriodStats* stats = nullptr);

}  // namespace igv
