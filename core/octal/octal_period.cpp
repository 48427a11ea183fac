#include "core/octal/octal_period.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/base/errors.h"
#include "core/base/limits.h"
#include "core/octal/octal_fast_sparse.h"

namespace igv {

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

/// Bytes a certificate of `bound` values costs once found: the checker's table, the JSON array
/// and its printed text (about 40 bytes a value in all).
constexpr std::uint64_t kCertificateBytesPerValue = 40;

/// The solver's bytes once it holds `heaps` values: its arrays grown in proportion (the rare
/// list keeps its share of the heaps).
std::uint64_t projected_solver_bytes(const OctalSparseSolver& solver, std::int64_t heaps) {
  const auto h = static_cast<std::uint64_t>(heaps);
  const std::uint64_t size = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(solver.size()));
  const std::uint64_t rare =
      (static_cast<std::uint64_t>(solver.rare_count()) * h + size - 1) / size;
  return h * static_cast<std::uint64_t>(solver.value_bytes()) + 4 * rare;
}

}  // namespace

nlohmann::json octal_search_reached(
    const OctalCode& code, std::int64_t heaps,
    std::optional<std::pair<std::int64_t, std::int64_t>> candidate) {
  const std::int64_t k = code.max_removal();
  // Preperiod at most 1, period p: the window needs 2 + 2p + k values, and the tail searched
  // (min(heaps/2, 2^23) values) must hold two periods.
  const std::int64_t by_window = (heaps - 2 - k) / 2;
  const std::int64_t by_tail = std::min(heaps / 2, kLargestPeriodWindow) / 2;
  const std::int64_t period = std::max<std::int64_t>(0, std::min(by_window, by_tail));
  // Period 1, preperiod e: 2e + 2 + k values.
  const std::int64_t preperiod = std::max<std::int64_t>(0, (heaps - 2 - k) / 2);
  nlohmann::json j = {{"heaps_computed", heaps},
                      {"largest_certifiable_period", period},
                      {"largest_certifiable_preperiod", preperiod},
                      {"candidate", nullptr}};
  if (candidate) {
    j["candidate"] = {
        {"preperiod", candidate->first},
        {"period", candidate->second},
        {"heaps_needed", guy_smith_bound(candidate->first, candidate->second, code.max_removal())}};
  }
  return j;
}

OctalPeriodCertificate find_octal_period(const OctalCode& code, const OctalPeriodSearch& search,
                                         OctalPeriodStats* stats) {
  OctalSparseSolver solver(code);
  solver.set_hint_threshold(kDefaultWitnessDepth);
  std::int64_t heaps = std::min(kFirstHeaps, search.max_heaps);
  std::optional<Candidate> last;
  const auto reached = [&] {
    std::optional<std::pair<std::int64_t, std::int64_t>> c;
    if (last) c = std::make_pair(last->preperiod, last->period);
    return octal_search_reached(code, solver.size(), c);
  };
  const auto require_bytes = [&](std::uint64_t bytes, const std::string& what) {
    if (search.limits.fits(bytes)) return;
    throw LimitReached("octal " + code.canonical() + ": " + what + " needs about " +
                           mebibytes(bytes) + ", above the memory limit of " +
                           mebibytes(search.limits.memory_bytes),
                       "memory", reached());
  };
  const std::function<void()> tick = [&] {
    if (search.tick) search.tick();
    if (search.limits.out_of_time()) {
      throw LimitReached("octal " + code.canonical() + ": time limit reached after " +
                             std::to_string(solver.size()) + " heaps",
                         "time", reached());
    }
  };
  for (;;) {
    require_bytes(projected_solver_bytes(solver, heaps),
                  "computing " + std::to_string(heaps) + " heaps");
    solver.extend_to(heaps, tick);
    tick();
    last = solver.value_bytes() == 1 ? detect_period(solver.narrow_values())
                                     : detect_period(solver.wide_values());
    std::int64_t wanted = 2 * heaps;
    if (last) {
      const std::int64_t need = guy_smith_bound(last->preperiod, last->period, code.max_removal());
      if (need <= heaps) {
        require_bytes(projected_solver_bytes(solver, heaps) +
                          static_cast<std::uint64_t>(need) * kCertificateBytesPerValue,
                      "the certificate of " + std::to_string(need) + " values");
        break;
      }
      wanted = std::max(need, heaps + heaps / 4);
    }
    if (heaps >= search.max_heaps) {
      throw LimitReached(
          "octal " + code.canonical() + ": no period certified within " +
              std::to_string(search.max_heaps) + " heaps" +
              (last ? " (candidate period " + std::to_string(last->period) + ", preperiod " +
                          std::to_string(last->preperiod) + ", needing " +
                          std::to_string(
                              guy_smith_bound(last->preperiod, last->period, code.max_removal())) +
                          " heaps)"
                    : " (no candidate period yet)"),
          "heaps", reached());
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
