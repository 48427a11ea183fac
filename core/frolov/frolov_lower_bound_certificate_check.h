// A proved lower bound for a row of Frolov's g or f that is out of reach of the period proof
// (row 15: its head alone would be 32 GB): the row has no period j·T, for j = 1..J, from any
// preperiod up to Q, T the lcm of the periods of rows 0..m−2. The certificate names one column
// per j where the row differs from itself shifted by j·T; the checker recomputes rows m − 1 and
// m by its own streams (core/frolov/frolov_check_rows.h) from the accepted rows 0..m − 2 and
// reads the two values at each witness, so its memory is the lower rows (one period each) and
// does not grow with j·T. File format: core/CERTIFICATES.md, "Lower bounds of a row".
//
// Source: 000_a85f04da58584fa6 (Frolov 2012), §4 (rows of g by (G2); f(m, ·) the inverse of
// g(m, ·), proof of Theorem 3). Why one column refutes a period: a period tau from preperiod
// k means value(n + tau) = value(n) + tau for every n ≥ k; so a column n ≥ Q with
// value(n + tau) ≠ value(n) + tau refutes every k ≤ Q at once.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/base/trusted/certificate.h"
#include "core/frolov/trusted/frolov_certificate.h"

namespace igv {

/// One refuted shift: h(m, n + j·T) ≠ h(m, n) (h = g − n), and for f the same column seen from
/// the inverse: f(m, x) = n and f(m, x + j·T) = c ≠ n + j·T, with x = g(m, n).
struct FrolovLowerBoundWitness {
  std::int64_t j = 1;
  std::int64_t n = 0;
};

/// What a lower-bound file states and how (core/CERTIFICATES.md, "Lower bounds of a row").
struct FrolovLowerBound {
  FrolovFunction which = FrolovFunction::g;
  int m = 2;
  std::vector<GRowCertificate> chain;              ///< g rows 0..m − 2, the period chain
  std::vector<std::int64_t> checked_to;            ///< per chain row, as the checker recomputed it
  std::vector<FrolovLowerBoundWitness> witnesses;  ///< j = 1, 2, …, J in order
};

/// Columns the checker streams for rows m − 1 and m: one past the farthest column it reads
/// (n + j·T, and for f the 256 columns after it where the value x + j·T must appear).
std::int64_t frolov_lower_bound_columns(const FrolovLowerBound& bound, std::int64_t T);

/// The file: {game, lower_bound: {function, m, unit (T), shifts (J), preperiod_at_most (Q)},
/// certificate: {certificate_version, theorem, chain, streamed_rows, witnesses, bound, checker}}.
/// `values` holds, per witness, the values the checker established: {h, h_shifted} for g and
/// also {x, f_shifted_column} for f; `T`, `Q` and `bound` likewise.
nlohmann::json frolov_lower_bound_json(const FrolovLowerBound& bound, std::int64_t T,
                                       std::int64_t Q, std::int64_t columns,
                                       const nlohmann::json& values);

/// True when the file is a lower-bound file (it has the field `lower_bound`).
bool is_frolov_lower_bound_json(const nlohmann::json& file);

/// Checks a lower bound: the chain by check_frolov_certificates, then rows m − 1 and m streamed
/// from column 0 to frolov_lower_bound_columns; every witness must differ (for f: the shifted
/// value found within 256 columns and its column not n + j·T). Rejected when a row would need more
/// than `max_columns` columns (chain rows and the stream alike). Accepted: the reason states the
/// bound; details["lower_bound"] = {function, m, unit, shifts, preperiod_at_most, bound, values}.
CertificateVerdict check_frolov_lower_bound(const FrolovLowerBound& bound, std::int64_t max_columns,
                                            const std::function<void()>& tick = {});

/// Re-checks a lower-bound file of row `m` of g or f: accepted only when check_frolov_lower_bound
/// accepts its witnesses and every number of the file equals what the checker established.
/// Throws InputError when the file is malformed and BudgetExceeded when it needs more than
/// `max_columns` columns in one row or in the stream.
CertificateVerdict check_frolov_lower_bound_json(FrolovFunction which, int m,
                                                 const nlohmann::json& file,
                                                 std::int64_t max_columns,
                                                 const std::function<void()>& tick = {});

}  // namespace igv
