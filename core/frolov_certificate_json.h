// The printed form of a Frolov-row period certificate (`verify period rook-misere:M` and
// `verify period digital-deletion:M`, JSON) and its re-check from a file
// (`verify check-certificate FILE.json`).
//
// The printed object is built in one place (frolov_period_json) from the certificate chain and
// the columns the independent checker recomputed per row, so that what `verify period` prints
// and what a re-check expects cannot drift apart. The re-check parses the chain back into
// GRowCertificate / FRowCertificate, runs the existing independent checker
// (core/frolov_certificate_check.h) on it, and then requires every other field of the file to
// be exactly what the accepted chain implies. Each chain row carries `checked_to`, the last
// column the checker recomputed for it (k + tau + T for a g row, K + t − 1 for an f row), so an
// edit of any single number of the file (also of a lower row's T, k, tau or K, which the
// Theorem 1 / Theorem 3 arguments would still accept with another window) is caught.
//
// Source of the theorems: 000_a85f04da58584fa6 (Frolov 2012), §4, proofs of Theorems 1 and 3
// (see core/frolov_certificate_check.h).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/frolov_period.h"
#include "core/frolov_tables.h"

namespace igv {

/// Columns the re-check may recompute for one g row: 2^27 (about 134 million; the checker keeps
/// one byte per column plus a bitset of the values, about 160 MB). The longest g row of rows
/// 0..12 needs 63,504,069 columns (row 12: k + tau + T + 1), so every certificate
/// `verify period` prints for M ≤ 12 fits; a longer window is BudgetExceeded before any
/// allocation.
inline constexpr std::int64_t kFrolovCheckColumnLimit = std::int64_t{1} << 27;

/// Columns of one f row: 2^26 (about 67 million). The checker inverts the g row into a table of
/// 8-byte column indices plus one byte per column, so this is at most about 600 MB; f row 12
/// needs K + t = 50,803,252. The bound is applied to K + tau of the g row, since t divides tau.
inline constexpr std::int64_t kFrolovCheckInversionColumnLimit = std::int64_t{1} << 26;

/// The whole chain may need at most this many times kFrolovCheckColumnLimit columns (2^28,
/// under a minute of checking): the chain of digital-deletion:12 (g and f rows 0..12) needs
/// about 1.4 · 10^8 and is re-checked in about 7 s.
inline constexpr std::int64_t kFrolovCheckChainColumnFactor = 2;

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

/// Re-checks a certificate file of row `m` (what frolov_period_json printed, possibly edited).
/// Returns {"accepted", "reason", "game", "checker"}; accepted only when the independent checker
/// accepts the parsed chain and every field of the file equals what that chain implies.
/// Throws InputError naming the field when the file is malformed (missing, unexpected or
/// mistyped field, number out of range, wrong game, wrong number of chain rows), and
/// BudgetExceeded when a g row's window exceeds `max_columns`, an f row's exceeds
/// kFrolovCheckInversionColumnLimit, or the chain's total exceeds
/// kFrolovCheckChainColumnFactor · `max_columns`.
nlohmann::json check_frolov_period_json(FrolovFunction which, int m,
                                        const nlohmann::json& period_json,
                                        std::int64_t max_columns = kFrolovCheckColumnLimit);

}  // namespace igv
