#include "core/frolov_certificate_check.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace igv {

namespace {

/// A row accepted by this checker: values are n + h[index(n)].
struct AcceptedRow {
  std::int64_t preperiod = 0;
  std::int64_t period = 1;
  std::vector<std::int8_t> h;  // [0, preperiod + period)
  [[nodiscard]] std::int64_t index(std::int64_t n) const {
    return n < preperiod + period ? n : preperiod + (n - preperiod) % period;
  }
};

/// Row m of g from (G2), column by column: the mex of the row so far and the column above.
/// Returns h(m, n) = g(m, n) − n for n ∈ [0, count), or an empty vector when a value leaves the
/// byte range (then the certificate cannot be checked and is rejected).
std::vector<std::int8_t> recompute_g_row(int m, const std::vector<AcceptedRow>& lower,
                                         std::int64_t count) {
  std::vector<std::int8_t> h;
  h.reserve(static_cast<std::size_t>(count));
  std::vector<std::uint64_t> present;
  std::int64_t lowest_absent = 0;
  auto contains = [&](std::int64_t v) {
    const auto w = static_cast<std::size_t>(v / 64);
    return w < present.size() && ((present[w] >> (v % 64)) & 1U);
  };
  std::vector<std::int64_t> column(static_cast<std::size_t>(m));
  for (std::int64_t n = 0; n < count; ++n) {
    std::int64_t v;
    if (m == 0 && n == 0) {
      v = -1;  // (G2): g(0, 0) = −1
    } else {
      for (int i = 0; i < m; ++i) {
        const AcceptedRow& r = lower[static_cast<std::size_t>(i)];
        column[static_cast<std::size_t>(i)] = n + r.h[static_cast<std::size_t>(r.index(n))];
      }
      v = lowest_absent;
      for (;;) {
        bool taken = contains(v);
        for (std::size_t i = 0; !taken && i < column.size(); ++i) taken = column[i] == v;
        if (!taken) break;
        ++v;
      }
    }
    const std::int64_t diff = v - n;
    if (diff < std::numeric_limits<std::int8_t>::min() ||
        diff > std::numeric_limits<std::int8_t>::max())
      return {};
    h.push_back(static_cast<std::int8_t>(diff));
    if (v >= 0) {
      const auto w = static_cast<std::size_t>(v / 64);
      if (w >= present.size()) present.resize(w + 1, 0);
      present[w] |= std::uint64_t{1} << (v % 64);
      while (contains(lowest_absent)) ++lowest_absent;
    }
  }
  return h;
}

std::vector<std::int64_t> distinct_primes(std::int64_t x) {
  std::vector<std::int64_t> out;
  for (std::int64_t d = 2; d * d <= x; ++d) {
    if (x % d == 0) {
      out.push_back(d);
      while (x % d == 0) x /= d;
    }
  }
  if (x > 1) out.push_back(x);
  return out;
}

/// Checks a claimed minimal period and preperiod of a sequence x (given on [0, k + tau)) that
/// satisfies x(n + tau) = x(n) for n ≥ k. Returns an empty string when both are right.
std::string check_minimality(const std::vector<std::int8_t>& x, std::int64_t k, std::int64_t tau,
                             std::int64_t period, std::int64_t preperiod) {
  auto at = [&](std::int64_t n) {  // x(n) for any n ≥ 0, by the tail's period tau
    return x[static_cast<std::size_t>(n < k + tau ? n : k + (n - k) % tau)];
  };
  auto tail_period = [&](std::int64_t d) {
    for (std::int64_t n = k; n < k + tau; ++n) {
      if (at(n) != at(n + d)) return false;
    }
    return true;
  };
  if (period < 1 || tau % period != 0)
    return "period " + std::to_string(period) + " does not divide the proved shift " +
           std::to_string(tau);
  if (!tail_period(period))
    return "period " + std::to_string(period) + " is not a period of the row";
  for (std::int64_t q : distinct_primes(period)) {
    if (tail_period(period / q)) {
      return "period " + std::to_string(period) + " is not minimal: " + std::to_string(period / q) +
             " is also a period";
    }
  }
  if (preperiod < 0 || preperiod > k)
    return "preperiod " + std::to_string(preperiod) + " outside [0, k]";
  for (std::int64_t n = preperiod; n < k; ++n) {
    if (at(n) != at(n + period))
      return "preperiod " + std::to_string(preperiod) + " too small: fails at " + std::to_string(n);
  }
  if (preperiod > 0 && at(preperiod - 1) == at(preperiod - 1 + period)) {
    return "preperiod " + std::to_string(preperiod) + " is not minimal";
  }
  return {};
}

FrolovCertificateVerdict reject(FrolovCertificateVerdict v, const std::string& why) {
  v.accepted = false;
  v.reason = why;
  return v;
}

}  // namespace

FrolovCertificateVerdict check_frolov_certificates(const std::vector<GRowCertificate>& g,
                                                   const std::vector<FRowCertificate>& f,
                                                   std::int64_t max_columns) {
  FrolovCertificateVerdict verdict;
  std::vector<AcceptedRow> accepted;
  if (g.empty()) return reject(verdict, "no g certificate");
  for (std::size_t i = 0; i < g.size(); ++i) {
    const GRowCertificate& c = g[i];
    const std::string row = "g row " + std::to_string(c.m) + ": ";
    if (c.m != static_cast<int>(i))
      return reject(verdict, row + "certificates must cover rows 0, 1, … in order");
    if (c.m == 0) {
      // (G4): g(0, n) = n − 1 for all n, i.e. h ≡ −1: period 1, preperiod 0.
      if (!c.base || c.period != 1 || c.preperiod != 0) {
        return reject(verdict,
                      row + "row 0 is the base case g(0, n) = n − 1: period 1, preperiod 0");
      }
      accepted.push_back({0, 1, {-1}});
      verdict.rows.push_back({{"function", "g"},
                              {"m", 0},
                              {"period", 1},
                              {"preperiod", 0},
                              {"checked_to", 1},
                              {"by", "(G4) base case"}});
      continue;
    }
    if (c.base) return reject(verdict, row + "only row 0 is a base case");
    std::int64_t lower_lcm = 1, lower_preperiod = 0;
    for (const auto& r : accepted) {
      lower_lcm = std::lcm(lower_lcm, r.period);
      lower_preperiod = std::max(lower_preperiod, r.preperiod);
    }
    if (c.T < 1 || c.T % lower_lcm != 0)
      return reject(verdict, row + "T = " + std::to_string(c.T) +
                                 " is not a multiple of the lower periods' lcm " +
                                 std::to_string(lower_lcm));
    if (c.T < 2 * c.m) return reject(verdict, row + "T = " + std::to_string(c.T) + " < 2m");
    if (c.k < lower_preperiod)
      return reject(verdict, row + "k = " + std::to_string(c.k) + " below a lower preperiod " +
                                 std::to_string(lower_preperiod));
    if (c.tau < c.T || c.tau % c.T != 0)
      return reject(verdict,
                    row + "tau = " + std::to_string(c.tau) + " is not a positive multiple of T");
    const std::int64_t count = c.k + c.tau + c.T + 1;
    if (count > max_columns)
      return reject(verdict, row + "window exceeds the checker's limit of " +
                                 std::to_string(max_columns) + " columns");
    std::vector<std::int8_t> h = recompute_g_row(c.m, accepted, count);
    if (h.empty()) return reject(verdict, row + "a value leaves the byte range of h");
    for (std::int64_t n = c.k; n <= c.k + c.T; ++n) {
      if (h[static_cast<std::size_t>(n + c.tau)] != h[static_cast<std::size_t>(n)]) {
        return reject(verdict, row + "h(m, n + tau) != h(m, n) at n = " + std::to_string(n));
      }
    }
    if (auto why = check_minimality(h, c.k, c.tau, c.period, c.preperiod); !why.empty()) {
      return reject(verdict, row + why);
    }
    accepted.push_back({c.preperiod, c.period,
                        std::vector<std::int8_t>(h.begin(), h.begin() + c.preperiod + c.period)});
    verdict.rows.push_back(
        {{"function", "g"},
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
      return reject(verdict, row + "no accepted g row of that index");
    const AcceptedRow& grow = accepted[static_cast<std::size_t>(c.m)];
    auto g_at = [&](std::int64_t j) { return j + grow.h[static_cast<std::size_t>(grow.index(j))]; };
    std::int64_t need = 0;
    for (std::int64_t j = 0; j < grow.preperiod; ++j) need = std::max(need, g_at(j) + 1);
    if (c.inversion_bound < need)
      return reject(verdict, row + "bound K = " + std::to_string(c.inversion_bound) +
                                 " below max{g(m, j) | j < p} + 1 = " + std::to_string(need));
    const std::int64_t K = c.inversion_bound, t = grow.period;
    const std::int64_t size = K + t;  // f on [0, K + t) determines the row
    if (size > max_columns) return reject(verdict, row + "window exceeds the checker's limit");
    // Invert g: f(m, g(m, j)) = j. Values up to `size` come from j ≤ size + m by (G8a), and
    // any value not found is a rejection, not an assumption.
    std::vector<std::int64_t> inverse(static_cast<std::size_t>(size), -1);
    for (std::int64_t j = 0; j <= size + c.m; ++j) {
      const std::int64_t v = g_at(j);
      if (v < 0 || v >= size) continue;
      if (inverse[static_cast<std::size_t>(v)] != -1)
        return reject(verdict, row + "g row takes the value " + std::to_string(v) + " twice");
      inverse[static_cast<std::size_t>(v)] = j;
    }
    std::vector<std::int8_t> hf;
    hf.reserve(static_cast<std::size_t>(size));
    for (std::int64_t x = 0; x < size; ++x) {
      const std::int64_t j = inverse[static_cast<std::size_t>(x)];
      if (j < 0)
        return reject(verdict, row + "value " + std::to_string(x) + " not reached by the g row");
      const std::int64_t d = j - x;
      if (d < std::numeric_limits<std::int8_t>::min() ||
          d > std::numeric_limits<std::int8_t>::max())
        return reject(verdict, row + "f − n leaves the byte range");
      hf.push_back(static_cast<std::int8_t>(d));
    }
    if (auto why = check_minimality(hf, K, t, c.period, c.preperiod); !why.empty())
      return reject(verdict, row + why);
    verdict.rows.push_back({{"function", "f"},
                            {"m", c.m},
                            {"period", c.period},
                            {"preperiod", c.preperiod},
                            {"checked_to", size - 1},
                            {"inversion_bound", K},
                            {"by", "§4 proof of Theorem 3: f is the inverse of the proved g row"}});
  }
  verdict.accepted = true;
  return verdict;
}

}  // namespace igv
