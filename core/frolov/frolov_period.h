// Producing periodicity certificates for the rows of Frolov's g and f (the producer side; the
// checker is core/frolov_certificate_check.h and shares nothing with this file but the row
// representation).
//
// Source: 000_a85f04da58584fa6 (Frolov 2012).
//  - g, row m ≥ 1: §4, proof of Theorem 1. Let T be a common multiple of the periods t(m') of
//    the rows m' < m with T ≥ 2m, P the largest of their preperiods, k ≥ P and τ a multiple of
//    T. If h(m, n + τ) = h(m, n) for n ∈ [k, k + T], then g(m, n + τ) = g(m, n) + τ for every
//    n ≥ k. The certificate names T, k and τ; the minimal period divides τ and the minimal
//    preperiod is at most k, and both are stated in the certificate.
//  - g, row 0: (G4) g(0, n) = n − 1, from (G2) with an empty column: period 1, preperiod 0.
//  - f, row m: §4, proof of Theorem 3: f(m, ·) is the inverse of g(m, ·), so f(m, n + t) =
//    f(m, n) + t for n > max{g(m, j) | j < p}. The certificate states that bound and the
//    minimal period and preperiod of the f row, which the producer computes directly from
//    formula (1) with the row kernel.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/frolov_rows.h"

namespace igv {

/// Certificate for one row of g (Theorem 1).
struct GRowCertificate {
  int m = 0;
  bool base = false;           ///< row 0, proved by (G4) rather than the window argument
  std::int64_t T = 1;          ///< common multiple of the lower periods, T ≥ 2m
  std::int64_t k = 0;          ///< start of the window, ≥ every lower preperiod
  std::int64_t tau = 1;        ///< the shift, a multiple of T
  std::int64_t period = 1;     ///< claimed minimal period (divides tau)
  std::int64_t preperiod = 0;  ///< claimed minimal preperiod (≤ k)
};

/// Certificate for one row of f (Theorem 3, by inversion of the proved g row).
struct FRowCertificate {
  int m = 0;
  std::int64_t inversion_bound = 0;  ///< K = max{g(m, j) | j < p_g} + 1: f is periodic from K
  std::int64_t period = 1;           ///< claimed minimal period of f(m, ·)
  std::int64_t preperiod = 0;        ///< claimed minimal preperiod of f(m, ·)
};

nlohmann::json to_json(const GRowCertificate& c);
nlohmann::json to_json(const FRowCertificate& c);
GRowCertificate g_certificate_from_json(const nlohmann::json& j);
FRowCertificate f_certificate_from_json(const nlohmann::json& j);

/// What the producer found for rows 0..max_row: certificates and the rows themselves.
struct FrolovPeriodChain {
  std::vector<GRowCertificate> g_certificates;
  std::vector<PeriodicRow> g_rows;
  std::vector<FRowCertificate> f_certificates;  ///< empty unless f was asked for
  std::vector<PeriodicRow> f_rows;
  std::int64_t cells_computed = 0;  ///< row-kernel cells, g and f together
};

/// Proves rows 0..max_row of g (and of f when `with_f`), each period search stopping with
/// BudgetExceeded once a row would need more than `max_columns` columns.
FrolovPeriodChain produce_frolov_chain(int max_row, bool with_f, std::int64_t max_columns);

/// Least preperiod p ≤ k and least period t | tau such that h(n + t) = h(n) for n ≥ p, for a
/// sequence known (or claimed) to satisfy h(n + tau) = h(n) for n ≥ k; h must hold [0, k + tau).
/// Used by the producer only.
void minimise_period(const std::vector<std::int8_t>& h, std::int64_t k, std::int64_t tau,
                     std::int64_t& preperiod, std::int64_t& period);

}  // namespace igv
