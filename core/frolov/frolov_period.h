// Producing periodicity certificates for the rows of Frolov's g and f (the producer side; the
// checker is core/frolov/trusted/frolov_certificate_check.h and shares nothing with this file but
// the certificate types of core/frolov/trusted/frolov_certificate.h).
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
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "core/base/trusted/limits.h"
#include "core/frolov/frolov_fast_rows.h"
#include "core/frolov/trusted/frolov_certificate.h"

namespace igv {

/// What the producer found for rows 0..max_row: certificates and the rows themselves.
struct FrolovPeriodChain {
  std::vector<GRowCertificate> g_certificates;
  std::vector<PeriodicRow> g_rows;
  std::vector<FRowCertificate> f_certificates;  ///< empty unless f was asked for
  std::vector<PeriodicRow> f_rows;
  std::int64_t cells_computed = 0;  ///< row-kernel cells, g and f together
};

/// Where a long run stands, for a progress line: the row being searched, the columns computed
/// so far, the next candidate shift τ and the columns its test needs.
struct FrolovProgress {
  FrolovFunction which = FrolovFunction::g;
  int m = 0;
  std::int64_t columns = 0;
  std::int64_t shift = 0;
  std::int64_t columns_needed = 0;
  std::int64_t cells_total = 0;  ///< row-kernel cells of the run so far (resumed ones included)
};

/// Options of a long run (verify period): checkpoints, resume, progress.
struct FrolovRunOptions {
  /// A folder for checkpoints (empty: none). The run writes `state.json` (atomically replaced),
  /// one `<g|f>_<m>.bin` per proved row (h through preperiod + period) and `current.bin` (the
  /// row being searched, up to the last checkpoint). Format: core/CERTIFICATES.md, "Checkpoints".
  std::string checkpoint_dir;
  /// Continue the run saved in checkpoint_dir; a missing, corrupt or mismatched checkpoint is an
  /// InputError.
  bool resume = false;
  /// Columns of the row being searched between two checkpoints (rounded up to 2^16).
  std::int64_t checkpoint_every = std::int64_t{1} << 28;
  /// Called about every 2^20 columns (and at each row's start).
  std::function<void(const FrolovProgress&)> progress;
  /// False: the rows themselves are not kept in the result (g_rows, f_rows empty), only the
  /// certificates; the top row is then never copied (verify period).
  bool keep_rows = true;
  /// A row is *streamed* when its T is at least this: only its first P columns stay in memory,
  /// every later column is compared as it passes with the row's own earlier columns, computed
  /// again beside it (see produce_frolov_chain) and, with a checkpoint folder, counted in the
  /// search's state; a row a later row needs is computed once more through preperiod + period
  /// once its period is known. Row 13 (T = t₁₂ = 50,803,200) is the first row the default
  /// streams; the tests lower it to compare both searches.
  std::int64_t stream_min_T = std::int64_t{1} << 25;
};

/// Proves rows 0..max_row of g (and of f when `with_f`), each period search stopping with
/// BudgetExceeded once a row would need more than `max_columns` columns, and with LimitReached
/// when `limits` is reached: out of time (checked every 2^16 columns), or a row's next window
/// needing more bytes than the limit (checked before the columns are computed). Its `reached`:
/// {"rows_found": [{function, m, period, preperiod}…] (found, not yet checked), "row":
/// {function, m, columns_computed, shift (the τ being tried), columns_needed_next},
/// "cells_computed"}.
///
/// The search streams the row: at the j-th multiple jT of T it tests, as soon as the columns
/// are there, (A) the window [P, P + T] against [P + jT, P + jT + T], and (B) the window
/// [P + jT, P + jT + T] against shift jT (the test of the first producer, which needs twice the
/// columns). The first success gives the same τ and k as test (B) alone would (when (A)
/// succeeds at j, jT is a period from P, so j is the least j for which (B) succeeds, and (B)
/// then finds k = P), so the certificates are the same; (A) needs P + τ + T + 1 columns
/// instead of P + 2τ + T + 1. The row is kept one byte a column up to where it stops.
///
/// A streamed row (FrolovRunOptions::stream_min_T) keeps only [0, P) and runs test (A) and test
/// (B′): window j compares [P + jT, P + jT + 2T] with [P, P + 2T] as the columns pass, the side
/// [P, P + 2T] recomputed beside the row by copies of the row kernel's state taken at P and
/// P + T, and succeeds when [P + T, P + 2T] has no difference (a run of T + 1 equal columns
/// from k ≤ P + T; k is then found by one more pass over [P, P + T)), so it finds a period
/// whenever the row's preperiod is at most P + T (row 14's is above P; otherwise the search
/// runs to its budget). The g rows are proved first, then the f rows, so that a run that does
/// not keep its rows holds one function's lower rows at a time. The minimal period t | τ is
/// then decided without the row: a shift dT with d < j is not a period (its window failed both
/// tests); any
/// other divisor τ/q… is tested by polynomial hashes of [s, s + τ) (s the first mark at or
/// after k; core/base/polyhash.h) recorded every T / rad(T)² columns, so a claimed t < τ rests
/// on equal hashes and is for the checker to confirm exactly; the preperiod is k when (B′)
/// decided (h(k − 1 + τ) ≠ h(k − 1)) and comes from the saved columns [jT, jT + P) when (A) did.
FrolovPeriodChain produce_frolov_chain(int max_row, bool with_f, std::int64_t max_columns,
                                       const ComputeLimits& limits = {},
                                       const FrolovRunOptions& options = {});

/// Bytes `verify period` holds for a row window of `columns` columns: the producer's byte per
/// column, then the checker's own recomputation (a byte per column and a bitset of the values).
inline std::uint64_t frolov_window_bytes(std::int64_t columns) {
  return static_cast<std::uint64_t>(columns) + static_cast<std::uint64_t>(columns) / 8 + 4096;
}

/// Least preperiod p ≤ k and least period t | tau such that h(n + t) = h(n) for n ≥ p, for a
/// sequence known (or claimed) to satisfy h(n + tau) = h(n) for n ≥ k; h must hold [0, k + tau).
/// Used by the producer only.
void minimise_period(std::span<const std::int8_t> h, std::int64_t k, std::int64_t tau,
                     std::int64_t& preperiod, std::int64_t& period);

}  // namespace igv
