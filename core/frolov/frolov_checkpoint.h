// The checkpoints of a long Frolov period search (`verify period … --checkpoint DIR`, format in
// core/CERTIFICATES.md, "Checkpoints of verify period"): the folder's state.json, one file per
// proved row, the row being searched (current.bin) and a streamed row's hash marks
// (current.marks), written as the search goes and read back by --resume; and the run's progress
// lines. The search itself is core/frolov/frolov_period.cpp; a checkpoint only saves time: every
// row it holds is recomputed by the independent checker before anything is reported.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/frolov/frolov_fast_rows.h"
#include "core/frolov/frolov_period.h"
#include "core/frolov/trusted/frolov_certificate.h"

namespace igv {

/// "g" or "f".
inline const char* frolov_function_name(FrolovFunction which) {
  return which == FrolovFunction::g ? "g" : "f";
}

/// Bytes as lower-case hexadecimal, and back (InputError naming a corrupt checkpoint): how a
/// streamed search's saved columns are written in state.json.
std::string checkpoint_hex(const std::string& bytes);
std::string checkpoint_unhex(const std::string& hex);

/// FNV-1a (64 bits): the fingerprint of a checkpoint file's bytes. It detects a damaged or
/// truncated file; it is no defence against a forged one (a checkpoint only saves time: every
/// row it holds is recomputed by the independent checker before anything is reported).
struct Fnv1a {
  std::uint64_t state = 1469598103934665603ULL;
  void add(const std::int8_t* p, std::int64_t n) {
    for (std::int64_t i = 0; i < n; ++i) {
      state ^= static_cast<std::uint8_t>(p[i]);
      state *= 1099511628211ULL;
    }
  }
  [[nodiscard]] std::string hex() const {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(state));
    return buf;
  }
};

/// A proved row as state.json records it (its file, when kept, holds h through preperiod +
/// period).
struct FrolovRowRecord {
  FrolovFunction which = FrolovFunction::g;
  GRowCertificate g;
  FRowCertificate f;
  std::int64_t f_bound = 0;  ///< g rows: Theorem 3's bound for the f row of the same m
  std::int64_t cells = 0;
  std::int64_t bytes = -1;  ///< bytes of the row file (-1: no file, the row is not kept)
  std::string fnv;
};

/// The row being searched, as saved.
struct FrolovCurrentRecord {
  FrolovFunction which = FrolovFunction::g;
  int m = 0;
  std::int64_t columns = 0;
  std::uint64_t row_mask = 0;
  std::int64_t ja = 1, jb = 1;
  std::string fnv;
  /// A streamed row: the streamed search's state at `columns` (current.bin then holds only the
  /// row's first columns, up to the search's head); null for a stored row.
  nlohmann::json stream;
};

/// The state of one run: rows done, the row in progress, where progress was last shown; with a
/// checkpoint folder, what is saved there and read back on --resume.
class FrolovRun {
 public:
  ~FrolovRun() { close_stream(); }
  FrolovRun(const FrolovRun&) = delete;
  FrolovRun& operator=(const FrolovRun&) = delete;

  FrolovRun(const FrolovRunOptions& o, int max_row, bool with_f);

  [[nodiscard]] bool saving() const { return !options_.checkpoint_dir.empty(); }
  [[nodiscard]] const FrolovRunOptions& options() const { return options_; }

  /// The saved record of a proved row, if the checkpoint holds it.
  [[nodiscard]] const FrolovRowRecord* done(FrolovFunction which, int m) const;

  /// The saved row (h through preperiod + period) of a proved row.
  [[nodiscard]] PeriodicRow load_row(const FrolovRowRecord& r) const;

  /// Restores the row in progress into `row` when the checkpoint holds it; returns its search
  /// counters (ja, jb) or nothing. A streamed row (`store_limit` ≥ 0, its head) is resumed only
  /// from a compact checkpoint of that head (its columns below `store_limit` read back, the
  /// search's state from take_resumed_stream()); any other saved form of it starts again.
  std::optional<std::pair<std::int64_t, std::int64_t>> resume_row(FrolovRowWindow& row,
                                                                  FrolovFunction which, int m,
                                                                  std::int64_t store_limit = -1);

  /// A row starts (fresh or resumed).
  void start_row(FrolovFunction which, int m, std::int64_t resumed_columns);

  /// Every 2^16 columns of the row being searched: time limit, progress, checkpoint.
  void tick(const FrolovRowWindow& row, std::int64_t ja, std::int64_t jb, std::int64_t shift,
            std::int64_t need);

  /// A row is proved: saves it (its file when `kept`), clears the row in progress.
  void finish_row(FrolovRowRecord record, std::span<const std::int8_t> kept,
                  std::int64_t new_cells);

  [[nodiscard]] std::int64_t cells() const { return cells_; }

  /// Saves the row being searched now (when checkpoints are written).
  void save(const FrolovRowWindow& row, std::int64_t ja, std::int64_t jb);

  /// A streamed row begins: its first `head` columns are kept (and saved in current.bin), the
  /// others only counted; `state` gives the search's state for the checkpoint, which stands for
  /// them (core/CERTIFICATES.md, "Checkpoints").
  /// `marks` gives the search's hash marks, saved in current.marks (they grow with the row:
  /// 3.9 million at 1.6 · 10¹¹ columns of row 14, too many for state.json).
  void begin_streamed(std::int64_t head, std::function<nlohmann::json()> state,
                      std::function<const std::vector<std::uint64_t>&()> marks);

  /// The search state of a compact streamed checkpoint just resumed (null otherwise), and its
  /// hash marks read back from current.marks.
  [[nodiscard]] nlohmann::json take_resumed_stream();
  [[nodiscard]] std::vector<std::uint64_t> take_resumed_marks();

  /// Columns [c0, c0 + n) of a streamed row were computed: those below the head are appended
  /// to current.bin; the state names them at the next checkpoint, after the file is synced.
  void stream_columns(std::int64_t c0, const std::int8_t* p, std::int64_t n);

  /// Every piece of a streamed row: time limit is the caller's; progress and checkpoints here.
  void tick_streamed(const FrolovRowWindow& row, std::int64_t shift, std::int64_t need);

 private:
  void close_stream();

  static std::string row_file(FrolovFunction which, int m);
  [[nodiscard]] std::string path(const std::string& name) const;

  /// Syncs current.bin (cut to the head: a checkpoint of the first format held the whole row)
  /// and writes the state with the search's state (the search counters ja, jb are saved as 1).
  void commit_streamed(const FrolovRowWindow& row);

  /// Reads the marks named by a compact checkpoint's state from current.marks.
  void read_marks(const nlohmann::json& stream);

  void save_current(const FrolovRowWindow& row, std::int64_t ja, std::int64_t jb);

  void write_state(const FrolovCurrentRecord* cur) const;

  void open_checkpoint();

  void parse_state(const nlohmann::json& s);

  FrolovRunOptions options_;
  int max_row_;
  bool with_f_;
  std::string game_;
  std::int64_t every_;
  std::vector<FrolovRowRecord> rows_;
  std::optional<FrolovCurrentRecord> current_;
  std::int64_t cells_ = 0;
  // The row being searched.
  FrolovFunction which_ = FrolovFunction::g;
  int m_ = 0;
  std::int64_t saved_columns_ = 0;
  std::int64_t written_columns_ = 0;  // a streamed row: columns computed and handed over
  bool streamed_ = false;
  std::int64_t stream_head_ = 0;  // a streamed row: the columns kept (and saved)
  std::function<nlohmann::json()> stream_state_;
  std::function<const std::vector<std::uint64_t>&()> stream_marks_;
  nlohmann::json resumed_stream_;
  std::vector<std::uint64_t> resumed_marks_;
  std::int64_t written_marks_ = 0;  // a streamed row: marks saved in current.marks
  Fnv1a marks_fnv_;
  int stream_fd_ = -1;
  Fnv1a current_fnv_;
  std::chrono::steady_clock::time_point last_progress_;
};

}  // namespace igv
