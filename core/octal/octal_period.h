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
// The certificate type and its file format are in core/octal/octal_certificate.h; the checker,
// written apart, is core/octal/octal_certificate_check.h.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/base/trusted/limits.h"
#include "core/base/trusted/primitives.h"
#include "core/octal/trusted/octal_certificate.h"
#include "core/octal/trusted/octal_rules.h"

namespace igv {

class OctalSparseSolver;

struct OctalPeriodSearch {
  std::int64_t max_heaps = 4'000'000;  ///< give up (BudgetExceeded) beyond this many values
  std::function<void()> tick;          ///< called now and then; may throw BudgetExceeded
  /// Checked every 2^10 heaps (time) and before the value array grows (memory): reaching one
  /// throws LimitReached with {"heaps_computed", "largest_certifiable_period",
  /// "largest_certifiable_preperiod", "candidate"} (octal_search_reached).
  ComputeLimits limits = {};
  /// Called with the solver now and then (every 2^10 heaps and after each stretch computed),
  /// e.g. to hand the new values to a checker running beside the search; the memory projected
  /// for the search then counts one more copy of the values.
  std::function<void(const OctalSparseSolver&)> on_values;
  /// Called every 2^10 heaps, for a progress line: the heaps computed, the heaps the current
  /// candidate's Guy–Smith window needs (0: no candidate yet) and the heap limit.
  std::function<void(std::int64_t computed, std::int64_t needed, std::int64_t most)> progress;
};

/// The largest period (with preperiod at most 1) and the largest preperiod (with period 1) that
/// `heaps` values certify: the Guy–Smith window 2·max(e,1) + 2p + k must fit in them. The
/// search compares every shift up to heaps/2, so every such pair is seen.
std::int64_t octal_largest_certifiable_period(int last_digit, std::int64_t heaps);
std::int64_t octal_largest_certifiable_preperiod(int last_digit, std::int64_t heaps);

/// The period detection of find_octal_period on computed values G(0..N-1) of a code whose last
/// digit is k: over every shift p <= N/2 that repeats over two whole periods at the end, the
/// pair (least preperiod consistent with the values, p) whose Guy–Smith window is the shortest;
/// when that window fits in N, reduced to the least period and its least preperiod. Nothing
/// when no shift repeats twice. Exact (values compared, no hashing), O(N) time, 2N bytes.
std::optional<std::pair<std::int64_t, std::int64_t>> octal_detect_period(
    const std::vector<std::uint8_t>& values, int last_digit);
std::optional<std::pair<std::int64_t, std::int64_t>> octal_detect_period(
    const std::vector<std::uint16_t>& values, int last_digit);

/// What a search that computed `heaps` values had reached: the heaps, the largest period (with
/// preperiod at most 1) and the largest preperiod (with period 1) a search of that length could
/// certify (the Guy–Smith window must fit), and the best candidate (preperiod, period, heaps its
/// window needs) when there is one: a shift that repeats over two whole periods at the end.
nlohmann::json octal_search_reached(const OctalCode& code, std::int64_t heaps,
                                    std::optional<std::pair<std::int64_t, std::int64_t>> candidate);

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
/// Detection is exact over every shift up to half the heaps computed (a Z-function over the
/// values read backwards, O(heaps)); it runs at 64 heaps, then as the heaps double (grow by
/// half above 2^24), and with a candidate the search computes only as far as its window needs.
/// Throws BudgetExceeded when none is found below search.max_heaps heaps, LimitReached when a
/// limit of search.limits is reached first.
OctalPeriodCertificate find_octal_period(const OctalCode& code, const OctalPeriodSearch& search,
                                         OctalPeriodStats* stats = nullptr);

}  // namespace igv
