#include "core/frolov/trusted/frolov_certificate_check.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <functional>
#include <limits>
#include <numeric>
#include <string>

#include "core/base/trusted/certificate_json.h"
#include "core/base/trusted/errors.h"
#include "core/base/trusted/least_period.h"
#include "core/base/trusted/primitives.h"
#include "core/frolov/trusted/frolov_check_pairs.h"
#include "core/frolov/trusted/frolov_check_rows.h"

namespace igv {

namespace {

using frolov_check::AcceptedRow;
using frolov_check::GRowStream;

/// Row m of g for n ∈ [0, count) as h(m, n), or an empty vector when GRowStream fails.
std::vector<std::int8_t> recompute_g_row(int m, const std::vector<AcceptedRow>& lower,
                                         std::int64_t count, const std::function<void()>& tick) {
  std::vector<std::int8_t> h(static_cast<std::size_t>(count));
  GRowStream row(m, lower);
  for (std::int64_t n = 0; n < count; ++n) {
    if (tick && (n & 0xFFFF) == 0) tick();
    std::int8_t v;  // a local, so that the store cannot alias the stream's state
    if (!row.next(v)) return {};
    h[static_cast<std::size_t>(n)] = v;
  }
  return h;
}

/// True when x(n) = x(n + d) for every n in [from, to), x given on [0, k + tau) and extended
/// by x(n + tau) = x(n) for n ≥ k (from ≥ 0, d ≥ 0); compared piece by piece, each piece a
/// stretch of both sides stored without wrapping.
bool shifted_equal(const std::vector<std::int8_t>& x, std::int64_t k, std::int64_t tau,
                   std::int64_t from, std::int64_t to, std::int64_t d) {
  const auto fold = [&](std::int64_t n) { return n < k + tau ? n : k + (n - k) % tau; };
  std::int64_t n = from;
  while (n < to) {
    const std::int64_t a = fold(n), b = fold(n + d);
    // Both a and b advance by one per step until one reaches the end of the stored range.
    const std::int64_t len = std::min({to - n, k + tau - a, k + tau - b});
    if (std::memcmp(x.data() + a, x.data() + b, static_cast<std::size_t>(len)) != 0) return false;
    n += len;
  }
  return true;
}

/// Checks a claimed minimal period and preperiod of a sequence x (given on [0, k + tau)) that
/// satisfies x(n + tau) = x(n) for n ≥ k. Returns an empty string when both are right.
std::string check_minimality(const std::vector<std::int8_t>& x, std::int64_t k, std::int64_t tau,
                             std::int64_t period, std::int64_t preperiod) {
  auto at = [&](std::int64_t n) {  // x(n) for any n ≥ 0, by the tail's period tau
    return x[static_cast<std::size_t>(n < k + tau ? n : k + (n - k) % tau)];
  };
  // d | tau is a period of the tail from k when x(n) = x(n + d) on one stretch [k, k + tau).
  auto tail_period = [&](std::int64_t d) { return shifted_equal(x, k, tau, k, k + tau, d); };
  if (period < 1 || tau % period != 0)
    return "period " + std::to_string(period) + " does not divide the proved shift " +
           std::to_string(tau);
  if (!tail_period(period))
    return "period " + std::to_string(period) + " is not a period of the row";
  if (preperiod < 0 || preperiod > k)
    return "preperiod " + std::to_string(preperiod) + " outside [0, k]";
  if (!shifted_equal(x, k, tau, preperiod, k, period)) {
    for (std::int64_t n = preperiod; n < k; ++n) {
      if (at(n) != at(n + period))
        return "preperiod " + std::to_string(preperiod) + " too small: fails at " +
               std::to_string(n);
    }
  }
  // A period of the tail from k is one from the preperiod too (x is periodic from there).
  return least_period_fault(preperiod, period, tail_period,
                            [&](std::int64_t n) { return at(n) == at(n + period); });
}

/// The claims check_minimality rejects before it reads the row: period | tau, p in [0, k].
std::string check_claim_range(std::int64_t k, std::int64_t tau, std::int64_t period,
                              std::int64_t preperiod) {
  if (period < 1 || tau % period != 0)
    return "period " + std::to_string(period) + " does not divide the proved shift " +
           std::to_string(tau);
  if (preperiod < 0 || preperiod > k)
    return "preperiod " + std::to_string(preperiod) + " outside [0, k]";
  return {};
}

CertificateVerdict reject(const std::string& why) {
  return rejected_certificate(why);
}

ProvedPeriod proved_row(FrolovFunction which, int m, std::int64_t preperiod, std::int64_t period,
                        const std::vector<std::int8_t>& h, std::int64_t residue_cap) {
  ProvedPeriod p;
  p.what = std::string(to_string(which)) + " row " + std::to_string(m);
  p.preperiod = preperiod;
  p.period = period;
  p.saltus = period;
  p.slope = 1;
  p.residues.assign(h.begin(), h.begin() + preperiod + std::min(period, residue_cap));
  return p;
}

}  // namespace

CertificateVerdict check_frolov_certificates(const std::vector<GRowCertificate>& g,
                                             const std::vector<FRowCertificate>& f,
                                             std::int64_t max_columns,
                                             const std::function<void()>& tick,
                                             std::int64_t residue_cap,
                                             std::int64_t stream_above_columns) {
  return frolov_check::check_frolov_certificates_keeping(
      CheckerSeal{}, g, f, max_columns, tick, residue_cap, stream_above_columns, nullptr);
}

CertificateVerdict frolov_check::check_frolov_certificates_keeping(
    CheckerSeal seal, const std::vector<GRowCertificate>& g, const std::vector<FRowCertificate>& f,
    std::int64_t max_columns, const std::function<void()>& tick, std::int64_t residue_cap,
    std::int64_t stream_above_columns, std::vector<AcceptedRow>* accepted_g) {
  std::vector<ProvedPeriod> proved;  // the g rows, then the f rows, as accepted
  std::int64_t values_checked = 0;
  nlohmann::json rows = nlohmann::json::array();
  std::vector<ProvedPeriod> f_rows;
  std::vector<AcceptedRow> accepted;
  if (g.empty()) return reject("no g certificate");
  for (std::size_t i = 0; i < g.size(); ++i) {
    const GRowCertificate& c = g[i];
    const std::string row = "g row " + std::to_string(c.m) + ": ";
    if (c.m != static_cast<int>(i))
      return reject(row + "certificates must cover rows 0, 1, … in order");
    if (c.m == 0) {
      // (G4): g(0, n) = n − 1 for all n, i.e. h ≡ −1: period 1, preperiod 0.
      if (!c.base || c.period != 1 || c.preperiod != 0) {
        return reject(row + "row 0 is the base case g(0, n) = n − 1: period 1, preperiod 0");
      }
      accepted.push_back({0, 1, {-1}});
      proved.push_back(proved_row(FrolovFunction::g, 0, 0, 1, {-1}, residue_cap));
      ++values_checked;
      rows.push_back({{"function", "g"},
                      {"m", 0},
                      {"period", 1},
                      {"preperiod", 0},
                      {"checked_to", 1},
                      {"by", "(G4) base case"}});
      continue;
    }
    if (c.base) return reject(row + "only row 0 is a base case");
    std::int64_t lower_lcm = 1, lower_preperiod = 0;
    for (const auto& r : accepted) {
      lower_lcm = std::lcm(lower_lcm, r.period);
      lower_preperiod = std::max(lower_preperiod, r.preperiod);
    }
    if (c.T < 1 || c.T % lower_lcm != 0)
      return reject(row + "T = " + std::to_string(c.T) +
                    " is not a multiple of the lower periods' lcm " + std::to_string(lower_lcm));
    if (c.T < 2 * c.m) return reject(row + "T = " + std::to_string(c.T) + " < 2m");
    if (c.k < lower_preperiod)
      return reject(row + "k = " + std::to_string(c.k) + " below a lower preperiod " +
                    std::to_string(lower_preperiod));
    if (c.tau < c.T || c.tau % c.T != 0)
      return reject(row + "tau = " + std::to_string(c.tau) + " is not a positive multiple of T");
    const std::int64_t count = c.k + c.tau + c.T + 1;
    if (count > max_columns)
      return reject(row + "window exceeds the checker's limit of " + std::to_string(max_columns) +
                    " columns");
    std::vector<std::int8_t> h;
    bool streamed = false;
    if (i + 1 == g.size() && count > stream_above_columns && residue_cap <= kFrolovShortResidues) {
      // The top row streamed, never stored: the window and the least period and preperiod are
      // compared exactly by two copies of the checker's row stream side by side
      // (frolov_check_pairs.h); only the first p + min(t, residue_cap) columns are kept.
      if (auto why = check_claim_range(c.k, c.tau, c.period, c.preperiod); !why.empty())
        return reject(row + why);
      const frolov_check::GValueStream start(c.m, accepted);
      const auto pairs = frolov_check::period_pairs(c.k, c.tau, c.T, c.period, c.preperiod);
      if (auto why = frolov_check::compare_pairs(
              start, pairs, 0, c.preperiod + std::min(c.period, residue_cap), h, tick);
          !why.empty())
        return reject(row + why);
      streamed = true;
    } else {
      h = recompute_g_row(c.m, accepted, count, tick);
      if (h.empty()) return reject(row + "a value leaves the byte range of h");
      for (std::int64_t n = c.k; n <= c.k + c.T; ++n) {
        if (h[static_cast<std::size_t>(n + c.tau)] != h[static_cast<std::size_t>(n)]) {
          return reject(row + "h(m, n + tau) != h(m, n) at n = " + std::to_string(n));
        }
      }
      // Only [0, k + tau) is read from here on (the window has been compared).
      h.resize(static_cast<std::size_t>(c.k + c.tau));
      if (auto why = check_minimality(h, c.k, c.tau, c.period, c.preperiod); !why.empty()) {
        return reject(row + why);
      }
    }
    proved.push_back(proved_row(FrolovFunction::g, c.m, c.preperiod, c.period, h, residue_cap));
    // The accepted row keeps the recomputed columns (index() reads [0, preperiod + period)), or
    // a streamed row its head.
    accepted.push_back({c.preperiod, c.period, std::move(h), streamed});
    values_checked += count;
    rows.push_back({{"function", "g"},
                    {"m", c.m},
                    {"period", c.period},
                    {"preperiod", c.preperiod},
                    {"checked_to", count - 1},
                    {"T", c.T},
                    {"k", c.k},
                    {"tau", c.tau},
                    {"by", "§4 proof of Theorem 1: h(m, n + tau) = h(m, n) on [k, k + T]"}});
  }
  for (const FRowCertificate& c : f) {
    const std::string row = "f row " + std::to_string(c.m) + ": ";
    if (c.m < 0 || static_cast<std::size_t>(c.m) >= accepted.size())
      return reject(row + "no accepted g row of that index");
    const AcceptedRow& grow = accepted[static_cast<std::size_t>(c.m)];
    auto g_at = [&](std::int64_t j) { return j + grow.h[static_cast<std::size_t>(grow.index(j))]; };
    std::int64_t need = 0;
    for (std::int64_t j = 0; j < grow.preperiod; ++j) need = std::max(need, g_at(j) + 1);
    if (c.inversion_bound < need)
      return reject(row + "bound K = " + std::to_string(c.inversion_bound) +
                    " below max{g(m, j) | j < p} + 1 = " + std::to_string(need));
    const std::int64_t K = c.inversion_bound, t = grow.period;
    const std::int64_t size = K + t;  // f on [0, K + t) determines the row
    if (size > max_columns) return reject(row + "window exceeds the checker's limit");
    std::vector<std::int8_t> hf;
    if (grow.streamed || (size > stream_above_columns && residue_cap <= kFrolovShortResidues)) {
      // The g row was streamed, or the f row is as long as a streamed one (f row 13 below a
      // streamed row 14, whose g row is stored as a lower row: inverting it would hold another
      // K + t bytes beside the g rows): f is streamed, by the checker's row stream inverted as
      // it passes, and its least period and preperiod compared by two copies of that stream
      // side by side (Theorem 3 gives the tail, so no window). The scout covers [0, K + t),
      // every value the stored inversion checks is reached once.
      if (auto why = check_claim_range(K, t, c.period, c.preperiod); !why.empty())
        return reject(row + why);
      const frolov_check::FValueStream start(c.m, accepted);
      const auto pairs = frolov_check::period_pairs(K, t, 0, c.period, c.preperiod);
      if (auto why = frolov_check::compare_pairs(
              start, pairs, size, c.preperiod + std::min(c.period, residue_cap), hf, tick);
          !why.empty())
        return reject(row + why);
    } else {
      // Invert g: f(m, g(m, j)) = j. Values up to `size` come from j ≤ size + m by (G8a), and
      // any value not found is a rejection, not an assumption. The inverse is stored as
      // f(m, x) − x in one byte (a value outside the byte range is a rejection); kUnset marks a
      // value not reached yet (−128, which no difference j − x ≥ −127 stored here takes).
      constexpr std::int8_t kUnset = std::numeric_limits<std::int8_t>::min();
      hf.assign(static_cast<std::size_t>(size), kUnset);
      std::int64_t gc = 0;  // the g row's index for column j (no division per column)
      for (std::int64_t j = 0; j <= size + c.m; ++j) {
        if (tick && (j & 0xFFFF) == 0) tick();
        const std::int64_t v = j + grow.h[static_cast<std::size_t>(gc)];
        if (++gc == grow.preperiod + grow.period) gc = grow.preperiod;
        if (v < 0 || v >= size) continue;
        const std::int64_t d = j - v;
        if (d <= kUnset || d > std::numeric_limits<std::int8_t>::max())
          return reject(row + "f − n leaves the byte range");
        if (hf[static_cast<std::size_t>(v)] != kUnset)
          return reject(row + "g row takes the value " + std::to_string(v) + " twice");
        hf[static_cast<std::size_t>(v)] = static_cast<std::int8_t>(d);
      }
      for (std::int64_t x = 0; x < size; ++x) {
        if (hf[static_cast<std::size_t>(x)] == kUnset)
          return reject(row + "value " + std::to_string(x) + " not reached by the g row");
      }
      if (auto why = check_minimality(hf, K, t, c.period, c.preperiod); !why.empty())
        return reject(row + why);
    }
    f_rows.push_back(proved_row(FrolovFunction::f, c.m, c.preperiod, c.period, hf, residue_cap));
    values_checked += size;
    rows.push_back({{"function", "f"},
                    {"m", c.m},
                    {"period", c.period},
                    {"preperiod", c.preperiod},
                    {"checked_to", size - 1},
                    {"inversion_bound", K},
                    {"by", "§4 proof of Theorem 3: f is the inverse of the proved g row"}});
  }
  for (auto& r : f_rows) proved.push_back(std::move(r));
  if (accepted_g != nullptr) *accepted_g = std::move(accepted);
  CertificateVerdict accepted_chain =
      CertificateVerdict::acceptance(seal,
                                     "g rows 0.." + std::to_string(g.size() - 1) + " and " +
                                         std::to_string(f.size()) + " f rows accepted",
                                     values_checked, std::move(proved));
  accepted_chain.details["rows"] = std::move(rows);
  return accepted_chain;
}

CertificateVerdict check_frolov_period_json(FrolovFunction which, int m,
                                            const nlohmann::json& period_json,
                                            std::int64_t max_columns) {
  using nlohmann::json;
  const FrolovChainFile parsed = parse_frolov_period_json(which, m, period_json);
  for (const auto& c : parsed.g) {
    if (!c.base && c.k + c.tau + c.T + 1 > max_columns) {
      throw BudgetExceeded("certificate: g row " + std::to_string(c.m) + " needs " +
                           std::to_string(c.k + c.tau + c.T + 1) +
                           " columns (k + tau + T + 1), above check-certificate's limit of " +
                           std::to_string(max_columns));
    }
  }
  // The f limit is its own (an inversion costs more than a row) unless the caller raised the
  // g limit, which then bounds the inversion too (one byte a column since the inverse is kept
  // as f − n).
  const std::int64_t f_limit = max_columns > kFrolovCheckColumnLimit
                                   ? max_columns
                                   : std::min(max_columns, kFrolovCheckInversionColumnLimit);
  for (const auto& c : parsed.f) {
    const std::int64_t columns = c.inversion_bound + parsed.g[static_cast<std::size_t>(c.m)].tau;
    if (columns > f_limit) {
      throw BudgetExceeded("certificate: f row " + std::to_string(c.m) + " may need " +
                           std::to_string(columns) +
                           " columns (inversion bound K plus tau of g row " + std::to_string(c.m) +
                           "), above check-certificate's limit of " + std::to_string(f_limit));
    }
  }
  // The whole chain is bounded too, so that a file of many long rows cannot keep the checker
  // busy for long: an f row costs K + t columns with t dividing tau of its g row.
  std::int64_t total = 0;
  for (const auto& c : parsed.g) total += c.base ? 1 : c.k + c.tau + c.T + 1;
  for (const auto& c : parsed.f)
    total += c.inversion_bound + parsed.g[static_cast<std::size_t>(c.m)].tau;
  if (total > kFrolovCheckChainColumnFactor * max_columns) {
    throw BudgetExceeded("certificate: the chain needs " + std::to_string(total) +
                         " columns in all, above check-certificate's limit of " +
                         std::to_string(kFrolovCheckChainColumnFactor * max_columns));
  }
  // Row 0 is proved by (G4) alone, so the checker reads none of its window fields; the only
  // window the producer can state for the constant row h(0, ·) = −1 is T = 1, k = 0, tau = 1.
  const GRowCertificate& base = parsed.g.front();
  if (!base.base || base.T != 1 || base.k != 0 || base.tau != 1) {
    return rejected_certificate(
        "g row 0 is the (G4) base case: expected base = true, T = 1, k = 0, tau = 1");
  }
  CertificateVerdict verdict =
      check_frolov_certificates(parsed.g, parsed.f, max_columns, {}, kFrolovShortResidues);
  if (!verdict.accepted())
    return rejected_certificate("the independent checker rejected the chain: " + verdict.reason());
  std::vector<std::int64_t> checked_to;
  for (const auto& r : verdict.details["rows"])
    checked_to.push_back(r["checked_to"].get<std::int64_t>());
  const json expected = frolov_period_json(which, m, parsed.g, parsed.f, checked_to);
  for (const char* key : {"preperiod", "period", "saltus"}) {
    if (period_json[key] != expected[key]) {
      return rejected_certificate(std::string("top-level ") + key + " " + period_json[key].dump() +
                                  " disagrees with the certificate's last row, which gives " +
                                  expected[key].dump());
    }
  }
  if (auto difference = first_difference(expected, period_json, "")) {
    return rejected_certificate("the chain was accepted, but " + *difference);
  }
  const std::string function = which == FrolovFunction::g ? "g" : "f";
  verdict.set_reason(
      "the independent checker accepted g rows 0.." + std::to_string(m) +
      (which == FrolovFunction::f ? " and f rows 0.." + std::to_string(m) : std::string()) + "; " +
      function + " row " + std::to_string(m) + " has preperiod " + expected["preperiod"].dump() +
      ", period " + expected["period"].dump() + " and saltus " + expected["saltus"].dump() +
      " (columns recomputed up to " + expected["certificate"]["bound"].dump() + ")");
  return verdict;
}

}  // namespace igv
