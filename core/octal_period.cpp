#include "core/octal_period.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "core/errors.h"
#include "core/octal_sparse.h"

namespace igv {

void OctalValueTable::set(std::int64_t n, Value v) {
  if (is_wide_) {
    wide_.at(static_cast<std::size_t>(n)) = static_cast<std::uint16_t>(v);
  } else {
    narrow_.at(static_cast<std::size_t>(n)) = static_cast<std::uint8_t>(v);
  }
}

void OctalValueTable::resize(std::int64_t n) {
  if (is_wide_) {
    wide_.resize(static_cast<std::size_t>(n));
    wide_.shrink_to_fit();
  } else {
    narrow_.resize(static_cast<std::size_t>(n));
    narrow_.shrink_to_fit();
  }
}

std::int64_t guy_smith_bound(std::int64_t preperiod, std::int64_t period, int last_digit) {
  return 2 * std::max<std::int64_t>(preperiod, 1) + 2 * period + last_digit;
}

namespace {

/// The longest tail window searched for a period: periods up to half of it are found.
constexpr std::int64_t kLargestPeriodWindow = std::int64_t{1} << 23;
/// The first number of heaps computed before a period is looked for.
constexpr std::int64_t kFirstHeaps = 1024;

struct Candidate {
  std::int64_t preperiod = 0;
  std::int64_t period = 0;
};

/// The least period of the last values (Knuth–Morris–Pratt failure function on the window),
/// then the least preperiod for it over all values. Nothing when the window does not hold two
/// whole periods.
template <class T>
std::optional<Candidate> detect_period(const std::vector<T>& g) {
  const auto n = static_cast<std::int64_t>(g.size());
  const std::int64_t w = std::min(n / 2, kLargestPeriodWindow);
  if (w < 2) return std::nullopt;
  const T* s = g.data() + (n - w);
  std::vector<std::uint32_t> fail(static_cast<std::size_t>(w) + 1, 0);
  std::uint32_t k = 0;
  for (std::int64_t i = 1; i < w; ++i) {
    while (k > 0 && s[i] != s[k]) k = fail[k];
    if (s[i] == s[k]) ++k;
    fail[static_cast<std::size_t>(i) + 1] = k;
  }
  const std::int64_t p = w - fail[static_cast<std::size_t>(w)];
  if (2 * p > w) return std::nullopt;
  std::int64_t e = 0;
  for (std::int64_t m = n - p - 1; m >= 0; --m) {
    if (g[static_cast<std::size_t>(m)] != g[static_cast<std::size_t>(m + p)]) {
      e = m + 1;
      break;
    }
  }
  return Candidate{e, p};
}

template <class T>
OctalPeriodCertificate build_certificate(const OctalCode& code, std::vector<T> g, Candidate c,
                                         const OctalSparseSolver& solver) {
  OctalPeriodCertificate cert;
  cert.code = code.canonical();
  cert.preperiod = c.preperiod;
  cert.period = c.period;
  const std::int64_t bound = guy_smith_bound(c.preperiod, c.period, code.max_removal());
  cert.mask_schedule.clear();
  for (const auto& entry : solver.mask_schedule()) {
    if (entry.first < bound) cert.mask_schedule.push_back(entry);
  }
  for (const auto& hint : solver.deep_witnesses()) {
    if (hint.first < bound) cert.witness_depths.push_back(hint);
  }
  g.resize(static_cast<std::size_t>(bound));
  g.shrink_to_fit();
  cert.values = OctalValueTable(std::move(g));
  return cert;
}

}  // namespace

OctalPeriodCertificate find_octal_period(const OctalCode& code, const OctalPeriodSearch& search,
                                         OctalPeriodStats* stats) {
  OctalSparseSolver solver(code);
  solver.set_hint_threshold(kDefaultWitnessDepth);
  std::int64_t heaps = std::min(kFirstHeaps, search.max_heaps);
  std::optional<Candidate> last;
  for (;;) {
    solver.extend_to(heaps, search.tick);
    last = solver.value_bytes() == 1 ? detect_period(solver.narrow_values())
                                     : detect_period(solver.wide_values());
    std::int64_t wanted = 2 * heaps;
    if (last) {
      const std::int64_t need = guy_smith_bound(last->preperiod, last->period, code.max_removal());
      if (need <= heaps) break;
      wanted = std::max(need, heaps + heaps / 4);
    }
    if (heaps >= search.max_heaps) {
      throw BudgetExceeded(
          "octal " + code.canonical() + ": no period certified within " +
          std::to_string(search.max_heaps) + " heaps" +
          (last ? " (candidate period " + std::to_string(last->period) + ", preperiod " +
                      std::to_string(last->preperiod) + ", needing " +
                      std::to_string(
                          guy_smith_bound(last->preperiod, last->period, code.max_removal())) +
                      " heaps)"
                : " (no candidate period yet)"));
    }
    heaps = std::min(wanted, search.max_heaps);
  }
  if (stats) {
    stats->heaps_computed = solver.size();
    stats->mask = solver.mask();
    stats->rare_heaps = solver.rare_count();
    stats->max_value = solver.max_value();
    stats->full_scans = solver.full_scans();
    stats->peak_value_bytes = solver.memory_bytes();
  }
  if (solver.value_bytes() == 1)
    return build_certificate(code, solver.take_narrow_values(), *last, solver);
  return build_certificate(code, solver.take_wide_values(), *last, solver);
}

}  // namespace igv
