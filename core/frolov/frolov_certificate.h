// Frolov-row period certificates: the row certificate types and the file format of
// `verify period rook-misere:M` and `verify period digital-deletion:M` (JSON; specified in
// core/CERTIFICATES.md, section "rook-misere and digital-deletion rows", certificate_version 1).
//
// The printed object is built in one place (frolov_period_json) from the certificate chain and
// the columns the independent checker recomputed per row, so that what `verify period` prints
// and what a re-check expects cannot drift apart. Each chain row carries `checked_to`, the last
// column the checker recomputed for it (k + tau + T for a g row, K + t − 1 for an f row), so an
// edit of any single number of the file (also of a lower row's T, k, tau or K, which the
// Theorem 1 / Theorem 3 arguments would still accept with another window) is caught. The
// re-check from a file is core/frolov/frolov_certificate_check.h (check_frolov_period_json).
//
// Source of the theorems: 000_a85f04da58584fa6 (Frolov 2012), §4, proofs of Theorems 1 and 3
// (see core/frolov/frolov_certificate_check.h).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/frolov/trusted/frolov_rules.h"

namespace igv {

/// Version of the Frolov-row certificate file format (core/CERTIFICATES.md).
inline constexpr int kFrolovCertificateVersion = 1;

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

/// Every integer of a Frolov certificate file must lie in [0, 2^40]; a larger number cannot
/// belong to a row this harness can check (see kFrolovCheckColumnLimit) and is an InputError.
/// The bound also keeps sums such as k + tau + T far from overflowing.
inline constexpr std::int64_t kFrolovCertificateNumberLimit = std::int64_t{1} << 40;

/// The JSON that `verify period` prints for row `m` of g (rook-misere:M) or f
/// (digital-deletion:M): {"game", "preperiod", "period", "saltus", "convention",
/// "certificate": {"theorem", "bound", "checked", "row", "chain", "checker"}}. The chain holds
/// the g rows 0..m, then (for f) the f rows 0..m; `checked_to[i]` is the last column the checker
/// recomputed for chain row i (FrolovCertificateVerdict::rows, same order).
nlohmann::json frolov_period_json(FrolovFunction which, int m,
                                  const std::vector<GRowCertificate>& g,
                                  const std::vector<FRowCertificate>& f,
                                  const std::vector<std::int64_t>& checked_to);

/// A chain read back from a certificate file: the g rows 0..m, the f rows 0..m (for f), and
/// each row's `checked_to` (same order).
struct FrolovChainFile {
  std::vector<GRowCertificate> g;
  std::vector<FRowCertificate> f;
  std::vector<std::int64_t> checked_to;
};

/// Reads a certificate file of row `m` (what frolov_period_json printed, possibly edited).
/// Throws InputError naming the field when the file is malformed (missing, unexpected or
/// mistyped field, number out of range, unsupported certificate_version, wrong game, wrong
/// number of chain rows).
FrolovChainFile parse_frolov_period_json(FrolovFunction which, int m,
                                         const nlohmann::json& period_json);

/// "rook-misere:M" → (g, M), "digital-deletion:M" → (f, M); InputError otherwise.
std::pair<FrolovFunction, int> parse_frolov_row_spec(const std::string& spec);

}  // namespace igv
