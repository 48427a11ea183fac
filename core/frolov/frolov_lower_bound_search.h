// The producer of a row's lower bound (core/frolov/frolov_lower_bound_certificate_check.h states
// and checks it): rows 0..m − 2 proved by the period chain (core/frolov/frolov_period.h), then rows
// m − 1 and m streamed together from column 0 with the producer's window kernel, memory independent
// of the shifts: the lower rows (one period each) and the first W columns of row m (the head). For
// j = 1, 2, …, the columns [jT, jT + W) of row m are compared with the head as they pass (T = the
// lcm of the periods of rows 0..m − 2); the last difference n_j is j's witness when it is at least
// W/2. A shift whose window agrees on [W/2, W) stops the search: it may be a period (a candidate
// only; proving it is the period chain's business), and the bound is the shifts before it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "core/base/trusted/limits.h"
#include "core/frolov/trusted/frolov_lower_bound_certificate_check.h"

namespace igv {

struct FrolovLowerBoundOptions {
  /// J: the shifts j·T tried, j = 1..shifts.
  std::int64_t shifts = 1;
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
  /// A line of progress now and then (columns, rate, ETA).
  std::function<void(const std::string&)> progress;
};

struct FrolovLowerBoundSearch {
  /// The chain (g rows 0..m − 2) and the witnesses found, j = 1..J (J may be 0: no bound).
  FrolovLowerBound bound;
  std::int64_t T = 1;            ///< the lcm of the periods of rows 0..m − 2
  std::int64_t columns = 0;      ///< columns of rows m − 1 and m streamed (resumed ones too)
  std::int64_t candidate_j = 0;  ///< a shift whose window agreed on [W/2, W), or 0
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
