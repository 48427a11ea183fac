#include "core/octal/octal_hex_period.h"

#include <algorithm>
#include <optional>
#include <string>

#include "core/octal/octal_fast_hex.h"
#include "core/octal/trusted/octal_hex_arithmetic_certificate_check.h"

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

/// What each of Theorem A's hypotheses (shared/theorems/arithmetic-periodicity.md) asks, in words.
std::string theorem_a_meaning(const std::string& h) {
  if (h == "H0") return "the saltus s must be a power of two";
  if (h == "H1")
    return "every value before the arithmetic period starts (G(h), h < n0 + p) must be "
           "below the saltus s";
  if (h == "H2") return "the values must follow G(n + p) = G(n) + s through the base window";
  if (h == "H3" || h == "H4")
    return "every value below the saltus must be reached by a move that leaves a heap of the base "
           "window (anchored coverage)";
  if (h == "H5") return "each residue's first value must be the mex of the values its moves reach";
  return "the window the theorem needs must fit in the values computed";
}

}  // namespace

HexPeriodCertificate find_hex_period(const HexCode& code, const ComputeLimits& limits,
                                     std::int64_t max_values) {
  const std::int64_t most = std::clamp<std::int64_t>(max_values, 64, kLargestHexFile);
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
    len = std::min(len, most);
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
    if (len == most) break;
  }
  std::string reason = most == kLargestHexFile
                           ? "hex " + code.canonical() + ": no period whose window fits in the " +
                                 std::to_string(kLargestHexFile) +
                                 " values a hexadecimal certificate may hold; nothing is claimed"
                           : "hex " + code.canonical() + ": no period whose window fits in the " +
                                 std::to_string(most) +
                                 " values the budget allows; nothing is claimed";
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
  if (most < kLargestHexFile) {
    // The budget stopped the search, not the certificate format: no arithmetic-period attempt.
    reached.erase("observed_arithmetic_period");
    throw LimitReached(reason, "budget", reached);
  }
  throw LimitReached(reason, "certificate size", reached);
}

HexArithmeticCertificate find_hex_arithmetic_period(const HexCode& code,
                                                    const ComputeLimits& limits) {
  HexSetSolver solver(code);
  const auto tick = [&] {
    if (limits.out_of_time()) {
      throw LimitReached("hex " + code.canonical() + ": time limit reached after " +
                             std::to_string(solver.size()) + " heaps",
                         "time", {{"heaps_computed", solver.size()}});
    }
  };
  const std::int64_t len = kLargestHexFile;
  solver.extend_to(len, tick);
  std::vector<Value> g;
  for (std::int64_t n = 0; n < len; ++n) g.push_back(solver.value(n));
  const auto a = tail_candidate(g, true);
  const std::string name = "hex " + code.canonical();
  if (!a) {
    throw LimitReached(name + ": G(0.." + std::to_string(len - 1) +
                           ") look neither periodic nor arithmetic-periodic; nothing is claimed",
                       "certificate size", {{"heaps_computed", len}});
  }
  const std::int64_t p = a->period, s = a->saltus;
  std::string first_failure;
  std::string first_hypothesis;
  for (std::int64_t n0 = a->preperiod; n0 <= a->preperiod + 2; ++n0) {
    std::string coverage;
    for (std::int64_t M = n0 + p; M <= n0 + 7 * p; ++M) {
      if (theorem_a_last_heap(n0, p, M, code.max_removal()) + 1 > len) break;
      const TheoremAResult r = theorem_a_hypotheses(code, g, n0, p, s, M, tick);
      if (r.holds) {
        HexArithmeticCertificate cert;
        cert.code = code.canonical();
        cert.period = p;
        cert.saltus = s;
        cert.n0 = n0;
        cert.base_end = M;
        std::int64_t e = n0;
        while (e > 0 &&
               g[static_cast<std::size_t>(e - 1 + p)] == g[static_cast<std::size_t>(e - 1)] + s)
          --e;
        cert.preperiod = e;
        const std::int64_t last = theorem_a_last_heap(n0, p, M, code.max_removal());
        cert.values.assign(g.begin(), g.begin() + last + 1);
        return cert;
      }
      if (r.hypothesis != "H3" && r.hypothesis != "H4") {
        coverage = r.hypothesis + " fails (" + r.detail + ")";
        break;  // H0, H1, H5 do not depend on M; H2 fails for every larger M too
      }
      coverage = "H3/H4 (anchored coverage) fail for every M from " + std::to_string(n0 + p) +
                 " to " + std::to_string(M) + " (at M = " + std::to_string(M) + ", " +
                 r.hypothesis + ": " + r.detail + ")";
    }
    if (first_failure.empty()) {
      first_failure = "with n0 = " + std::to_string(n0) + ", " +
                      (coverage.empty() ? "the window does not fit" : coverage);
      const auto space = coverage.find(' ');
      first_hypothesis = coverage.empty() ? "window" : coverage.substr(0, space);
      if (first_hypothesis == "H3/H4") first_hypothesis = "H3";
    }
  }
  // No budget would help: the limit is the theorem's reach, not the computation's.
  throw LimitReached(
      name + ": the values G(0.." + std::to_string(len - 1) + ") look arithmetic-periodic (G(n+" +
          std::to_string(p) + ") = G(n) + " + std::to_string(s) + " for " +
          std::to_string(a->preperiod) + " <= n < " + std::to_string(len - p) +
          "), but Theorem A does not prove it: " + first_failure + " (" +
          (first_hypothesis == "H3" ? "H3/H4" : first_hypothesis) + ": " +
          theorem_a_meaning(first_hypothesis) +
          "); no other arithmetic-periodicity theorem is implemented; nothing is claimed",
      "theorem",
      {{"heaps_computed", len},
       {"failing_hypothesis", first_hypothesis == "H3" ? "H3/H4" : first_hypothesis},
       {"hypothesis_meaning", theorem_a_meaning(first_hypothesis)},
       {"verified", "G(n + " + std::to_string(p) + ") = G(n) + " + std::to_string(s) + " for " +
                        std::to_string(a->preperiod) + " <= n < " + std::to_string(len - p)},
       {"observed_arithmetic_period",
        {{"preperiod", a->preperiod}, {"period", p}, {"saltus", s}}}});
}

}  // namespace igv
