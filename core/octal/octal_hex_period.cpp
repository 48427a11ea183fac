#include "core/octal/octal_hex_period.h"

#include <algorithm>
#include <optional>
#include <string>

#include "core/octal/octal_fast_hex.h"

namespace igv {

namespace {

struct Candidate {
  std::int64_t preperiod = 0;
  std::int64_t period = 0;
  Value saltus = 0;
};

/// The least p (< L/3) for which G(n + p) - G(n) is the same number d on the second half of
/// the prefix, and the least e from which it holds on the prefix. With `arithmetic` false only
/// d = 0 is accepted; with it true only d > 0.
std::optional<Candidate> tail_candidate(const std::vector<Value>& g, bool arithmetic) {
  const auto len = static_cast<std::int64_t>(g.size());
  const std::int64_t half = len / 2;
  for (std::int64_t p = 1; 3 * p < len; ++p) {
    const Value d = g[static_cast<std::size_t>(half + p)] - g[static_cast<std::size_t>(half)];
    if (arithmetic ? d <= 0 : d != 0) continue;
    bool holds = true;
    for (std::int64_t n = half; n + p < len && holds; ++n) {
      holds = g[static_cast<std::size_t>(n + p)] - g[static_cast<std::size_t>(n)] == d;
    }
    if (!holds) continue;
    std::int64_t e = half;
    while (e > 0 &&
           g[static_cast<std::size_t>(e - 1 + p)] - g[static_cast<std::size_t>(e - 1)] == d)
      --e;
    return Candidate{e, p, d};
  }
  return std::nullopt;
}

}  // namespace

HexPeriodCertificate find_hex_period(const HexCode& code, const ComputeLimits& limits) {
  HexSetSolver solver(code);
  const auto tick = [&] {
    if (limits.out_of_time()) {
      throw LimitReached("hex " + code.canonical() + ": time limit reached after " +
                             std::to_string(solver.size()) + " heaps",
                         "time", {{"heaps_computed", solver.size()}});
    }
  };
  std::vector<Value> g;
  for (std::int64_t len = 64;; len *= 2) {
    len = std::min(len, kLargestHexFile);
    solver.extend_to(len, tick);
    g.clear();
    for (std::int64_t n = 0; n < len; ++n) g.push_back(solver.value(n));
    if (const auto c = tail_candidate(g, false)) {
      const std::int64_t bound = hex_period_bound(c->preperiod, c->period, code.max_removal());
      if (bound <= len) {
        HexPeriodCertificate cert;
        cert.code = code.canonical();
        cert.preperiod = c->preperiod;
        cert.period = c->period;
        cert.values.assign(g.begin(), g.begin() + bound);
        return cert;
      }
    }
    if (len == kLargestHexFile) break;
  }
  std::string reason = "hex " + code.canonical() + ": no period whose window fits in the " +
                       std::to_string(kLargestHexFile) +
                       " values a hexadecimal certificate may hold; nothing is claimed";
  nlohmann::json reached = {{"heaps_computed", static_cast<std::int64_t>(g.size())}};
  if (const auto a = tail_candidate(g, true)) {
    reason += ". The values G(0.." + std::to_string(g.size() - 1) +
              ") look arithmetic-periodic (G(n+" + std::to_string(a->period) + ") = G(n) + " +
              std::to_string(a->saltus) + " for " + std::to_string(a->preperiod) + " <= n < " +
              std::to_string(static_cast<std::int64_t>(g.size()) - a->period) +
              "), but the harness checks no arithmetic-periodicity theorem, so this is not a "
              "proof";
    reached["observed_arithmetic_period"] = {
        {"preperiod", a->preperiod}, {"period", a->period}, {"saltus", a->saltus}};
  }
  throw LimitReached(reason, "certificate size", reached);
}

}  // namespace igv
