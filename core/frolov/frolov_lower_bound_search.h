// The producer of a row's lower bound (core/frolov/trusted/frolov_lower_bound_certificate_check.h
// states and checks it): rows 0..m − 2 proved by the period chain (core/frolov/frolov_period.h),
// then rows m − 1 and m streamed together from column 0 with the producer's window kernel, memory
// independent of the shifts: the lower rows (one period each) and the first W columns of row m (the
// head). For j = 1, 2, …, the columns [jT, jT + W) of row m are compared with the head as they pass
// (T = the lcm of the periods of rows 0..m − 2); the last difference n_j is j's witness when it is
// at least W/2. A shift whose window agrees on [W/2, W) stops the search: it may be a period (a
// candidate only; proving it is the period chain's business), and the bound is the shifts before
// it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "core/base/trusted/limits.h"
#include "core/frolov/frolov_pair_stream.h"
#include "core/frolov/trusted/frolov_lower_bound_certificate_check.h"

namespace igv {

struct FrolovLowerBoundOptions {
  /// J: the shifts j·T tried, j = 1..shifts (or j·u·T, see unit_from_row_below).
  std::int64_t shifts = 1;
  /// The proof's unit (Frolov 2012, §4: row m's period is a multiple of the lcm of the periods
  /// of rows 0..m − 1): the shifts tried are j·u·T for j ≤ shifts, every multiple of T up to
  /// J·u·T compared (the certificate's witnesses are still per multiple of T), where u·T is the
  /// least multiple of T that is a period of row m − 1 (from column c0 = the first block at or
  /// past max(W, P + 2^16)), found by the stream itself: row m − 1's kernel state at c0 and at
  /// c0 + jT (equal states: jT is a period of row m − 1 from c0, the lower rows repeating with T
  /// from P ≤ c0).
  bool unit_from_row_below = false;
  /// W: the head of row m kept and compared (a witness is a difference in [W/2, W)).
  std::int64_t head = std::int64_t{1} << 20;
  /// The most columns of one chain row (the period chain's budget).
  std::int64_t chain_max_columns = std::int64_t{1} << 40;
  /// A folder for checkpoints (empty: none): `chain/` holds the period chain's checkpoint
  /// (core/CERTIFICATES.md, "Checkpoints"), `stream.json` and `stream.head` the streamed rows
  /// ("Checkpoints of a lower-bound search"). `resume` continues from them.
  std::string checkpoint_dir;
  bool resume = false;
  /// Columns between two checkpoints of the stream (rounded to 2^16).
  std::int64_t checkpoint_every = std::int64_t{1} << 30;
  /// > 0: stop once this many columns of the stream are done, as at a time limit (checkpoint
  /// saved, LimitReached): a slice of a long run, or a test of --resume.
  std::int64_t stop_after = 0;
  /// Threads of the two streamed rows: 2 runs row m − 1 on a second thread, a piece of 2^20
  /// columns ahead of row m (core/frolov/frolov_pair_stream.h); 1 computes both in one loop.
  int threads = 2;
  /// The pair kernel's mask table (FrolovRowPairStream), at most this many bytes (0: none).
  std::int64_t mask_table_bytes = kPairMaskTableBytes;
  /// A line of progress now and then (columns, rate, ETA).
  std::function<void(const std::string&)> progress;
};

struct FrolovLowerBoundSearch {
  /// The chain (g rows 0..m − 2) and the witnesses found, j = 1..J (J may be 0: no bound).
  FrolovLowerBound bound;
  std::int64_t T = 1;            ///< the lcm of the periods of rows 0..m − 2
  std::int64_t columns = 0;      ///< columns of rows m − 1 and m streamed (resumed ones too)
  std::int64_t candidate_j = 0;  ///< a shift whose window agreed on [W/2, W), or 0
  /// u: row m − 1's least period that is a multiple of T is u·T (0: not found in the columns
  /// streamed, or unit_from_row_below false: not probed).
  std::int64_t unit_multiple = 0;
  std::int64_t unit_probe_column = 0;  ///< c0: the column from which u·T is a period of row m − 1
  std::int64_t candidate_last_difference = -1;  ///< its last difference in [0, W), or −1
  std::int64_t cells = 0;  ///< kernel cells computed by this run (chain and stream)
};

/// Searches witnesses for j = 1..options.shifts; LimitReached when out of time (after saving a
/// checkpoint when there is a folder). `which` only names the file: the witnesses are g's (the f
/// ones are the same columns seen through the inverse, which the checker reads).
FrolovLowerBoundSearch search_frolov_lower_bound(FrolovFunction which, int m,
                                                 const ComputeLimits& limits,
                                                 const FrolovLowerBoundOptions& options);

}  // namespace igv
