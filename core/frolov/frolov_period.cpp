#include "core/frolov/frolov_period.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "core/base/errors.h"
#include "core/base/limits.h"

namespace igv {

namespace {

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
void find_window(FrolovRowWindow& row, FrolovFunction which, std::int64_t P, std::int64_t T,
                 std::int64_t max_columns, const ComputeLimits& limits, int m, std::int64_t& k,
                 std::int64_t& tau) {
  const std::string name =
      std::string(which == FrolovFunction::g ? "g" : "f") + " row " + std::to_string(m);
  for (std::int64_t j = 1;; ++j) {
    tau = j * T;
    const std::int64_t top = P + tau + T;
    const std::int64_t need = top + tau + 1;
    if (need > max_columns) {
      throw BudgetExceeded("period search for row " + std::to_string(m) + " would need more than " +
                           std::to_string(max_columns) + " columns (tried shifts up to " +
                           std::to_string(tau - T) + ")");
    }
    const auto reached = [&] {
      return nlohmann::json{{"function", which == FrolovFunction::g ? "g" : "f"},
                            {"m", m},
                            {"columns_computed", row.computed()},
                            {"shift", tau},
                            {"columns_needed_next", need}};
    };
    if (!limits.fits(frolov_window_bytes(need))) {
      throw LimitReached(name + ": the window of shift " + std::to_string(tau) + " needs " +
                             std::to_string(need) + " columns, about " +
                             mebibytes(frolov_window_bytes(need)) + ", above the memory limit of " +
                             mebibytes(limits.memory_bytes),
                         "memory", nlohmann::json{{"row", reached()}});
    }
    const auto tick = [&] {
      if (limits.out_of_time()) {
        throw LimitReached(name + ": time limit reached after " + std::to_string(row.computed()) +
                               " columns (shifts tried up to " + std::to_string(tau - T) + ")",
                           "time", nlohmann::json{{"row", reached()}});
      }
    };
    tick();
    row.extend_to(need, tick);
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
                    std::int64_t max_columns, const ComputeLimits& limits) {
  std::int64_t lcm = 1, P = 0;
  for (const auto& r : lower) {
    lcm = std::lcm(lcm, r.period);
    P = std::max(P, r.preperiod);
  }
  // T: the least multiple of the lower periods' lcm that is at least 2m (§4).
  const std::int64_t T = lcm * std::max<std::int64_t>(1, (2 * m + lcm - 1) / lcm);
  FrolovRowWindow window(which, m, lower);
  RowResult out{T, 0, 0, 0, 0, {}, 0};
  find_window(window, which, P, T, max_columns, limits, m, out.k, out.tau);
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

FrolovPeriodChain produce_frolov_chain(int max_row, bool with_f, std::int64_t max_columns,
                                       const ComputeLimits& limits) {
  if (max_row < 0 || max_row > kFrolovWindowMaxRow) {
    throw InputError("Frolov row " + std::to_string(max_row) + ": expected a row 0.." +
                     std::to_string(kFrolovWindowMaxRow));
  }
  FrolovPeriodChain chain;
  // A limit reached in a row: add the rows proved before it, then pass it on.
  const auto prove = [&](FrolovFunction which, int m, const std::vector<PeriodicRow>& lower) {
    try {
      return prove_row(which, m, lower, max_columns, limits);
    } catch (LimitReached& e) {
      nlohmann::json rows = nlohmann::json::array();
      for (const auto& r : chain.g_certificates) {
        rows.push_back(
            {{"function", "g"}, {"m", r.m}, {"period", r.period}, {"preperiod", r.preperiod}});
      }
      for (const auto& r : chain.f_certificates) {
        rows.push_back(
            {{"function", "f"}, {"m", r.m}, {"period", r.period}, {"preperiod", r.preperiod}});
      }
      e.reached["rows_found"] = rows;
      e.reached["cells_computed"] =
          chain.cells_computed + e.reached["row"].value("columns_computed", 0);
      throw;
    }
  };
  for (int m = 0; m <= max_row; ++m) {
    RowResult g = prove(FrolovFunction::g, m, chain.g_rows);
    chain.cells_computed += g.cells;
    chain.g_certificates.push_back({m, m == 0, g.T, g.k, g.tau, g.period, g.preperiod});
    if (with_f) {
      RowResult f = prove(FrolovFunction::f, m, chain.f_rows);
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
