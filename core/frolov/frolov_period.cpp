#include "core/frolov_period.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "core/errors.h"

namespace igv {

nlohmann::json to_json(const GRowCertificate& c) {
  return {{"function", "g"}, {"m", c.m},     {"base", c.base},     {"T", c.T},
          {"k", c.k},        {"tau", c.tau}, {"period", c.period}, {"preperiod", c.preperiod}};
}

nlohmann::json to_json(const FRowCertificate& c) {
  return {{"function", "f"},
          {"m", c.m},
          {"inversion_bound", c.inversion_bound},
          {"period", c.period},
          {"preperiod", c.preperiod}};
}

GRowCertificate g_certificate_from_json(const nlohmann::json& j) {
  try {
    return {j.at("m").get<int>(),
            j.at("base").get<bool>(),
            j.at("T").get<std::int64_t>(),
            j.at("k").get<std::int64_t>(),
            j.at("tau").get<std::int64_t>(),
            j.at("period").get<std::int64_t>(),
            j.at("preperiod").get<std::int64_t>()};
  } catch (const nlohmann::json::exception& e) {
    throw InputError(
        std::string(
            "Frolov g-row certificate: expected fields m, base, T, k, tau, period, preperiod (") +
        e.what() + ")");
  }
}

FRowCertificate f_certificate_from_json(const nlohmann::json& j) {
  try {
    return {j.at("m").get<int>(), j.at("inversion_bound").get<std::int64_t>(),
            j.at("period").get<std::int64_t>(), j.at("preperiod").get<std::int64_t>()};
  } catch (const nlohmann::json::exception& e) {
    throw InputError(
        std::string(
            "Frolov f-row certificate: expected fields m, inversion_bound, period, preperiod (") +
        e.what() + ")");
  }
}

namespace {

std::vector<std::int64_t> prime_factors(std::int64_t x) {
  std::vector<std::int64_t> out;
  for (std::int64_t q = 2; q * q <= x; ++q) {
    if (x % q == 0) {
      out.push_back(q);
      while (x % q == 0) x /= q;
    }
  }
  if (x > 1) out.push_back(x);
  return out;
}

/// True when d is a period of the tail from k of a sequence with period tau from k.
bool is_tail_period(const std::vector<std::int8_t>& h, std::int64_t k, std::int64_t tau,
                    std::int64_t d) {
  for (std::int64_t n = k; n < k + tau; ++n) {
    const std::int64_t shifted = k + (n - k + d) % tau;
    if (h[static_cast<std::size_t>(n)] != h[static_cast<std::size_t>(shifted)]) return false;
  }
  return true;
}

/// The §4 window: the least shift tau = jT (j = 1, 2, …) for which some k ≥ P has
/// h(n + tau) = h(n) on [k, k + T]; k is the least such start below the test range's top.
void find_window(FrolovRowWindow& row, std::int64_t P, std::int64_t T, std::int64_t max_columns,
                 int m, std::int64_t& k, std::int64_t& tau) {
  for (std::int64_t j = 1;; ++j) {
    tau = j * T;
    const std::int64_t top = P + tau + T;
    const std::int64_t need = top + tau + 1;
    if (need > max_columns) {
      throw BudgetExceeded("period search for row " + std::to_string(m) + " would need more than " +
                           std::to_string(max_columns) + " columns (tried shifts up to " +
                           std::to_string(tau - T) + ")");
    }
    row.extend_to(need);
    const auto& h = row.h();
    std::int64_t n = top;
    while (n >= P && h[static_cast<std::size_t>(n + tau)] == h[static_cast<std::size_t>(n)]) --n;
    k = n + 1;
    if (top - k >= T) return;
  }
}

struct RowResult {
  std::int64_t T, k, tau, preperiod, period;
  PeriodicRow row;
  std::int64_t cells;
};

RowResult prove_row(FrolovFunction which, int m, const std::vector<PeriodicRow>& lower,
                    std::int64_t max_columns) {
  std::int64_t lcm = 1, P = 0;
  for (const auto& r : lower) {
    lcm = std::lcm(lcm, r.period);
    P = std::max(P, r.preperiod);
  }
  // T: the least multiple of the lower periods' lcm that is at least 2m (§4).
  const std::int64_t T = lcm * std::max<std::int64_t>(1, (2 * m + lcm - 1) / lcm);
  FrolovRowWindow window(which, m, lower);
  RowResult out{T, 0, 0, 0, 0, {}, 0};
  find_window(window, P, T, max_columns, m, out.k, out.tau);
  minimise_period(window.h(), out.k, out.tau, out.preperiod, out.period);
  out.row.which = which;
  out.row.m = m;
  out.row.preperiod = out.preperiod;
  out.row.period = out.period;
  out.row.h.assign(window.h().begin(), window.h().begin() + out.preperiod + out.period);
  out.cells = window.computed();
  return out;
}

}  // namespace

void minimise_period(const std::vector<std::int8_t>& h, std::int64_t k, std::int64_t tau,
                     std::int64_t& preperiod, std::int64_t& period) {
  period = tau;
  for (std::int64_t q : prime_factors(tau)) {
    while (period % q == 0 && is_tail_period(h, k, tau, period / q)) period /= q;
  }
  preperiod = k;
  while (preperiod > 0 && h[static_cast<std::size_t>(preperiod - 1)] ==
                              h[static_cast<std::size_t>(preperiod - 1 + period)]) {
    --preperiod;
  }
}

FrolovPeriodChain produce_frolov_chain(int max_row, bool with_f, std::int64_t max_columns) {
  if (max_row < 0 || max_row > kFrolovWindowMaxRow) {
    throw InputError("Frolov row " + std::to_string(max_row) + ": expected a row 0.." +
                     std::to_string(kFrolovWindowMaxRow));
  }
  FrolovPeriodChain chain;
  for (int m = 0; m <= max_row; ++m) {
    RowResult g = prove_row(FrolovFunction::g, m, chain.g_rows, max_columns);
    chain.cells_computed += g.cells;
    chain.g_certificates.push_back({m, m == 0, g.T, g.k, g.tau, g.period, g.preperiod});
    if (with_f) {
      RowResult f = prove_row(FrolovFunction::f, m, chain.f_rows, max_columns);
      chain.cells_computed += f.cells;
      // Theorem 3's bound: f(m, ·) is periodic beyond every value g takes before its preperiod.
      std::int64_t bound = 0;
      for (std::int64_t j = 0; j < g.preperiod; ++j) bound = std::max(bound, g.row.value(j) + 1);
      chain.f_certificates.push_back({m, bound, f.period, f.preperiod});
      chain.f_rows.push_back(std::move(f.row));
    }
    chain.g_rows.push_back(std::move(g.row));
  }
  return chain;
}

}  // namespace igv
