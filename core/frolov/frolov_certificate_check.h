// The independent checker of Frolov-row periodicity certificates (core/frolov/frolov_period.h makes
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
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/base/trusted/certificate.h"
#include "core/frolov/trusted/frolov_certificate.h"

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

/// The top g row is streamed by the checker above this many columns (2^28: row 12, 6.4 · 10^7
/// columns, is stored; rows 13 and 14 are streamed, in memory independent of their length).
inline constexpr std::int64_t kFrolovCheckStreamAbove = std::int64_t{1} << 28;

/// The residues a caller that reads no row values keeps per proved row (check_frolov_certificates'
/// `residue_cap`): one preperiod and the first 4096 values of the period.
inline constexpr std::int64_t kFrolovShortResidues = 4096;

/// Checks g certificates for rows 0, 1, …, in order (each row relies on the rows before it),
/// then the f certificates, each against the accepted g row of the same m. Rejects at the
/// first fault. `max_columns` bounds the work (a row needing more is rejected, not accepted).
/// When accepted, `proved` holds one ProvedPeriod per row (g rows, then f rows; slope 1,
/// saltus = period, residues h(m, n) = value − n through one period, as the checker recomputed
/// them), and `details["rows"]` per row: function, m, period, preperiod, checked_to, by.
/// `tick` (if set) is called every 2^16 columns recomputed; it may throw (a caller's deadline).
/// `residue_cap`: each ProvedPeriod keeps residues through preperiod + min(period, residue_cap)
/// only (a caller that reads one block of the period, not the whole row, such as `verify
/// period`: a row of 10^9 columns would otherwise cost 4 bytes a column); with a cap below the
/// period, ProvedPeriod::value is defined only where the residues reach.
///
/// `stream_above_columns`: the top g row (the last certificate) is *streamed* when its window
/// k + tau + T + 1 is above this and `residue_cap` ≤ kFrolovShortResidues: it is never stored.
/// Every comparison is made exactly by two copies of the checker's own row stream run side by
/// side over the same read-only lower rows (core/frolov/frolov_check_pairs.h): the window
/// h(n + tau) = h(n) on [k, k + T]; the claimed least period t a period (t = tau, the §4 window
/// at shift t when T | t, else x(n + t) = x(n) on [k, k + tau)); each t/q not a period (a
/// difference at shift t/q, in [k, k + T] when T | t/q, else in [k, k + t)); the preperiod
/// (shift t on [p − 1, k)). The f row of the same m is streamed the same way, through the g row
/// recomputed and inverted in a ring of 256 bytes. Memory: the lower rows and a few stream
/// states (plus the first p + min(t, residue_cap) columns, the residues handed back), whatever
/// t is; columns: about k + tau + 2T for g (more when t/q differs late), K + t for f. A hash is
/// never used. Rows 13 and 14 are checked this way.
CertificateVerdict check_frolov_certificates(
    const std::vector<GRowCertificate>& g, const std::vector<FRowCertificate>& f,
    std::int64_t max_columns = std::int64_t{1} << 34, const std::function<void()>& tick = {},
    std::int64_t residue_cap = std::numeric_limits<std::int64_t>::max(),
    std::int64_t stream_above_columns = kFrolovCheckStreamAbove);

/// Re-checks a certificate file of row `m` (what frolov_period_json printed, possibly edited):
/// accepted only when the checker accepts the parsed chain and every field of the file equals
/// what that chain implies. Throws InputError when the file is malformed (see
/// parse_frolov_period_json), and BudgetExceeded when a g row's window exceeds `max_columns`,
/// an f row's exceeds kFrolovCheckInversionColumnLimit, or the chain's total exceeds
/// kFrolovCheckChainColumnFactor · `max_columns`. A `max_columns` above kFrolovCheckColumnLimit
/// (`verify check-certificate --max-columns`, for rows 13 and beyond) bounds the f rows too.
CertificateVerdict check_frolov_period_json(FrolovFunction which, int m,
                                            const nlohmann::json& period_json,
                                            std::int64_t max_columns = kFrolovCheckColumnLimit);

}  // namespace igv
