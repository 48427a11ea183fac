// The independent checker of Frolov-row periodicity certificates (core/frolov_period.h makes
// them). It recomputes every row it needs from (G2) and formula (1) by its own incremental mex
// (a row bitset with a lowest-absent pointer and the column values of the rows already
// accepted), so it shares nothing with the producer's 64-bit window kernel.
//
// Source: 000_a85f04da58584fa6 (Frolov 2012), §4.
//  - Row 0 of g: (G4) g(0, n) = n − 1 (from (G2): the column is empty and the row holds
//    −1, 0, …, n − 2), so period 1 and preperiod 0; the §4 argument needs m ≥ 1, since it
//    uses (G8) g(m, n) ≥ n − m, stated for m ≥ 1.
//  - Row m ≥ 1 of g: proof of Theorem 1. Accepted when T is a common multiple of the accepted
//    lower periods, T ≥ 2m, k ≥ every accepted lower preperiod, tau a positive multiple of T,
//    and h(m, n + tau) = h(m, n) for every n ∈ [k, k + T]. The claimed minimal period t must
//    divide tau, be a period of the tail and no t/q (q prime) may be; the claimed preperiod p
//    ≤ k must be the least start.
//  - Row m of f: proof of Theorem 3. With the accepted g row (period t_g, preperiod p_g) and
//    the bound K ≥ max{g(m, j) | j < p_g} + 1, f(m, n + t_g) = f(m, n) + t_g for n ≥ K; f on
//    [0, K + t_g) is obtained by inverting g, and the claimed minimal period and preperiod of
//    f are checked on it as for g.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/frolov_period.h"

namespace igv {

/// Verdict of the checker on a chain of certificates.
struct FrolovCertificateVerdict {
  bool accepted = false;
  std::string reason;  ///< why it was rejected (empty when accepted)
  nlohmann::json rows =
      nlohmann::json::array();  ///< per accepted row: function, m, period, preperiod, checked_to
};

/// Checks g certificates for rows 0, 1, …, in order (each row relies on the rows before it),
/// then the f certificates, each against the accepted g row of the same m. Rejects at the
/// first fault. `max_columns` bounds the work (a row needing more is rejected, not accepted).
FrolovCertificateVerdict check_frolov_certificates(const std::vector<GRowCertificate>& g,
                                                   const std::vector<FRowCertificate>& f,
                                                   std::int64_t max_columns = std::int64_t{1}
                                                                              << 34);

}  // namespace igv
