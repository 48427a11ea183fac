#include "core/octal/octal_period.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/limits.h"
#include "core/octal/octal_fast_sparse.h"

namespace igv {

namespace {

/// The first number of heaps computed before a period is looked for (a detection costs O(heaps),
/// so starting small costs nothing, and a game with a short period stops early: .07 at 256).
constexpr std::int64_t kFirstHeaps = 64;
/// Below this many heaps the search doubles the heaps computed while it has no candidate;
/// above, it grows them by half (the Z-array and the overshoot past the need stay smaller).
constexpr std::int64_t kDoublingHeaps = std::int64_t{1} << 24;

struct Candidate {
  std::int64_t preperiod = 0;
  std::int64_t period = 0;
};

/// Exact period detection over every shift. With R the values read backwards
/// (R[i] = G(N-1-i)), z[p] (the Z-function of R) is the number of heaps n, counted down from
/// N-1-p, with G(n+p) = G(n): so e(p) = N - p - z[p] is the least preperiod consistent with
/// every computed value for the period p. Shifts p with z[p] >= p (two whole periods at the
/// end) are candidates; the one whose Guy–Smith window 2·max(e,1) + 2p + k is the shortest is
/// returned (the least p among equals), reduced to its least period: a certifiable (e, p)
/// proves G(n+p) = G(n) for n >= e, so the least period divides p and its least preperiod is
/// at most e. O(N) time, 4 bytes per shift for the z array over shifts up to N/2 (a longer
/// shift cannot hold two periods). Every decision compares values: there is no hashing.
template <class V>
std::optional<Candidate> detect_period(const V& g, int k) {
  const auto n = static_cast<std::int64_t>(g.size());
  const std::int64_t shifts = n / 2 + 1;  // z[p] for 1 <= p < shifts
  if (shifts < 2) return std::nullopt;
  const auto r = [&g, n](std::int64_t i) { return g[static_cast<std::size_t>(n - 1 - i)]; };
  std::vector<std::uint32_t> z(static_cast<std::size_t>(shifts), 0);
  std::int64_t left = 0, right = 0;  // [left, right): the rightmost match R[left..] = R[0..]
  std::optional<Candidate> best;
  std::int64_t best_need = 0;
  for (std::int64_t p = 1; p < shifts; ++p) {
    std::int64_t len = 0;
    if (p < right) len = std::min<std::int64_t>(right - p, z[static_cast<std::size_t>(p - left)]);
    while (p + len < n && r(len) == r(p + len)) ++len;
    if (p + len > right) {
      left = p;
      right = p + len;
    }
    z[static_cast<std::size_t>(p)] = static_cast<std::uint32_t>(len);
    if (len < p) continue;
    const std::int64_t e = n - p - len;
    const std::int64_t need = guy_smith_bound(e, p, k);
    if (!best || need < best_need) {
      best = Candidate{e, p};
      best_need = need;
    }
  }
  if (!best || best_need > n) return best;
  // Certifiable: reduce to the least period (a divisor p/q is a period from e exactly when it
  // holds on one whole period [e, e+p)), then read its least preperiod off z.
  std::int64_t p = best->period;
  for (bool reduced = true; reduced;) {
    reduced = false;
    for (std::int64_t q : prime_factors(p)) {
      const std::int64_t d = p / q;
      bool holds = true;
      for (std::int64_t m = best->preperiod; m < best->preperiod + p && holds; ++m)
        holds = g[static_cast<std::size_t>(m)] == g[static_cast<std::size_t>(m + d)];
      if (holds) {
        p = d;
        reduced = true;
        break;
      }
    }
  }
  return Candidate{n - p - z[static_cast<std::size_t>(p)], p};
}

/// The solver's values through value() (bytes with escapes resolved:
/// core/octal/octal_fast_sparse.h).
struct SolverValues {
  const OctalSparseSolver& solver;
  [[nodiscard]] std::size_t size() const { return static_cast<std::size_t>(solver.size()); }
  Value operator[](std::size_t n) const { return solver.value(static_cast<std::int64_t>(n)); }
};

OctalPeriodCertificate build_certificate(const OctalCode& code, OctalValueTable g, Candidate c,
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
  g.resize(bound);
  cert.values = std::move(g);
  return cert;
}

/// Bytes a certificate of `bound` values costs once found: the checker's table, the JSON array
/// and its printed text (about 40 bytes a value in all). A certificate above the file limit
/// (kLargestOctalFile values) is checked in memory and printed without its values: it costs the
/// checker's list of rare heaps only (counted with the solver's).
constexpr std::uint64_t kCertificateBytesPerValue = 40;

std::uint64_t certificate_bytes(std::int64_t bound) {
  if (bound > kLargestOctalFile) return 0;
  return static_cast<std::uint64_t>(bound) * kCertificateBytesPerValue;
}

/// The solver's bytes once it holds `heaps` values: its arrays grown in proportion (the rare
/// list keeps its share of the heaps), and the z array of the period detection (4 bytes for
/// each shift up to heaps/2); with `copied`, one more copy of the values (a checker's beside
/// the search).
std::uint64_t projected_solver_bytes(const OctalSparseSolver& solver, std::int64_t heaps,
                                     bool copied) {
  const auto h = static_cast<std::uint64_t>(heaps);
  const std::uint64_t size = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(solver.size()));
  const std::uint64_t rare =
      (static_cast<std::uint64_t>(solver.rare_count()) * h + size - 1) / size;
  const std::uint64_t values = h * static_cast<std::uint64_t>(solver.value_bytes());
  return (copied ? 2 : 1) * values + 4 * rare + 4 * (h / 2 + 1);
}

}  // namespace

std::int64_t octal_largest_certifiable_period(int last_digit, std::int64_t heaps) {
  // Preperiod at most 1: the window needs 2 + 2p + k values.
  return std::max<std::int64_t>(0, (heaps - 2 - last_digit) / 2);
}

std::int64_t octal_largest_certifiable_preperiod(int last_digit, std::int64_t heaps) {
  // Period 1: 2e + 2 + k values.
  return std::max<std::int64_t>(0, (heaps - 2 - last_digit) / 2);
}

std::optional<std::pair<std::int64_t, std::int64_t>> octal_detect_period(
    const std::vector<std::uint8_t>& values, int last_digit) {
  const auto c = detect_period(values, last_digit);
  if (!c) return std::nullopt;
  return std::make_pair(c->preperiod, c->period);
}

std::optional<std::pair<std::int64_t, std::int64_t>> octal_detect_period(
    const std::vector<std::uint16_t>& values, int last_digit) {
  const auto c = detect_period(values, last_digit);
  if (!c) return std::nullopt;
  return std::make_pair(c->preperiod, c->period);
}

nlohmann::json octal_search_reached(
    const OctalCode& code, std::int64_t heaps,
    std::optional<std::pair<std::int64_t, std::int64_t>> candidate) {
  const int k = code.max_removal();
  nlohmann::json j = {
      {"heaps_computed", heaps},
      {"largest_certifiable_period", octal_largest_certifiable_period(k, heaps)},
      {"largest_certifiable_preperiod", octal_largest_certifiable_preperiod(k, heaps)},
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
  const int k = code.max_removal();
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
  const bool copied = static_cast<bool>(search.on_values);
  const std::function<void()> tick = [&] {
    if (search.on_values) search.on_values(solver);
    if (search.tick) search.tick();
    if (search.progress) {
      search.progress(solver.size(), last ? guy_smith_bound(last->preperiod, last->period, k) : 0,
                      search.max_heaps);
    }
    if (search.limits.out_of_time()) {
      throw LimitReached("octal " + code.canonical() + ": time limit reached after " +
                             std::to_string(solver.size()) + " heaps",
                         "time", reached());
    }
  };
  for (;;) {
    require_bytes(projected_solver_bytes(solver, heaps, copied),
                  "computing " + std::to_string(heaps) + " heaps");
    solver.extend_to(heaps, tick);
    tick();
    if (solver.value_bytes() == 2) {
      last = detect_period(solver.wide_values(), k);
    } else if (solver.side_table().empty()) {
      last = detect_period(solver.narrow_values(), k);
    } else {
      last = detect_period(SolverValues{solver}, k);  // escaped bytes: read through value()
    }
    std::int64_t wanted = heaps < kDoublingHeaps ? 2 * heaps : heaps + heaps / 2;
    if (last) {
      const std::int64_t need = guy_smith_bound(last->preperiod, last->period, k);
      if (need <= heaps) {
        require_bytes(projected_solver_bytes(solver, heaps, copied) + certificate_bytes(need),
                      "the certificate of " + std::to_string(need) + " values");
        break;
      }
      // Only as far as the candidate's window needs (at least 1/16 more, so that a candidate
      // that keeps moving does not cost a detection per few heaps).
      wanted = std::max(need, heaps + heaps / 16);
    }
    if (heaps >= search.max_heaps) {
      const std::int64_t n = solver.size();
      throw LimitReached(
          "octal " + code.canonical() + ": no period certified within " + std::to_string(n) +
              " heaps (the heap limit); every shift up to " + std::to_string(n / 2) +
              " was compared: " + std::to_string(n) +
              " heaps certify any preperiod e and period p with 2·max(e,1)+2p+" +
              std::to_string(k) + " <= " + std::to_string(n) + " (periods up to " +
              std::to_string(octal_largest_certifiable_period(k, n)) +
              " with preperiod <= 1, preperiods up to " +
              std::to_string(octal_largest_certifiable_preperiod(k, n)) + " with period 1); " +
              (last ? "best candidate: period " + std::to_string(last->period) + " from " +
                          std::to_string(last->preperiod) + ", needing " +
                          std::to_string(guy_smith_bound(last->preperiod, last->period, k)) +
                          " heaps"
                    : "no candidate (no shift repeats over two whole periods at the end)"),
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
  return build_certificate(code, solver.take_values(), *last, solver);
}

}  // namespace igv
