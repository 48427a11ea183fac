#include "core/frolov/frolov_period.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <list>
#include <numeric>
#include <optional>
#include <string>

#include "core/base/errors.h"
#include "core/base/json_input.h"
#include "core/base/limits.h"
#include "core/base/polyhash.h"
#include "core/base/primitives.h"

namespace igv {

namespace {

const char* function_name(FrolovFunction which) {
  return which == FrolovFunction::g ? "g" : "f";
}

/// The `reached.row` of a LimitReached in a row's search: where the search stood.
nlohmann::json row_reached(FrolovFunction which, int m, std::int64_t columns, std::int64_t shift,
                           std::int64_t need) {
  return {{"function", function_name(which)},
          {"m", m},
          {"columns_computed", columns},
          {"shift", shift},
          {"columns_needed_next", need}};
}

std::string to_hex(const std::string& bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (const char c : bytes) {
    const auto b = static_cast<unsigned char>(c);
    out.push_back(digits[b >> 4]);
    out.push_back(digits[b & 15]);
  }
  return out;
}

std::string from_hex(const std::string& hex) {
  const auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    throw InputError("checkpoint: '" + std::string(1, c) +
                     "' is not a hex digit (corrupt checkpoint)");
  };
  if (hex.size() % 2 != 0) throw InputError("checkpoint: odd hex string (corrupt checkpoint)");
  std::string out;
  for (std::size_t i = 0; i < hex.size(); i += 2)
    out.push_back(static_cast<char>(digit(hex[i]) * 16 + digit(hex[i + 1])));
  return out;
}

/// True when d is a period of the tail from k of a sequence with period tau from k: h(n) =
/// h(k + (n − k + d) mod tau) for n in [k, k + tau), compared as two contiguous ranges.
bool is_tail_period(std::span<const std::int8_t> h, std::int64_t k, std::int64_t tau,
                    std::int64_t d) {
  const std::int8_t* x = h.data();
  const auto first = static_cast<std::size_t>(tau - d);
  if (std::memcmp(x + k, x + k + d, first) != 0) return false;
  return std::memcmp(x + k + (tau - d), x + k, static_cast<std::size_t>(d)) == 0;
}

// ---------------------------------------------------------------------------------------------
// Checkpoints (core/CERTIFICATES.md, "Checkpoints of verify period").
// ---------------------------------------------------------------------------------------------

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

std::string io_error(const std::string& what, const std::string& path) {
  return "checkpoint: cannot " + what + " '" + path + "': " + std::strerror(errno);
}

/// Writes `n` bytes at `offset` of `path` (created if missing) and syncs it.
void write_at(const std::string& path, std::int64_t offset, const std::int8_t* p, std::int64_t n,
              bool truncate) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | (truncate ? O_TRUNC : 0), 0644);
  if (fd < 0) throw InputError(io_error("write", path));
  while (n > 0) {
    const ssize_t w = ::pwrite(fd, p, static_cast<std::size_t>(std::min<std::int64_t>(n, 1 << 26)),
                               static_cast<off_t>(offset));
    if (w <= 0) {
      const std::string e = io_error("write", path);
      ::close(fd);
      throw InputError(e);
    }
    p += w;
    offset += w;
    n -= w;
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) throw InputError(io_error("sync", path));
}

/// Reads the first `n` bytes of `path` in pieces, handing each to `sink`; InputError when the
/// file is missing or shorter.
template <class Sink>
void read_prefix(const std::string& path, std::int64_t n, Sink&& sink) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) throw InputError(io_error("read", path));
  std::vector<std::int8_t> buf(static_cast<std::size_t>(std::min<std::int64_t>(n, 1 << 24)) + 1);
  std::int64_t done = 0;
  while (done < n) {
    const ssize_t r =
        ::read(fd, buf.data(), static_cast<std::size_t>(std::min<std::int64_t>(n - done, 1 << 24)));
    if (r <= 0) {
      ::close(fd);
      throw InputError("checkpoint: '" + path + "' holds " + std::to_string(done) +
                       " bytes, the checkpoint's state names " + std::to_string(n) +
                       " (corrupt checkpoint)");
    }
    sink(std::span<const std::int8_t>(buf.data(), static_cast<std::size_t>(r)));
    done += r;
  }
  ::close(fd);
}

struct RowRecord {
  FrolovFunction which = FrolovFunction::g;
  GRowCertificate g;
  FRowCertificate f;
  std::int64_t f_bound = 0;  ///< g rows: Theorem 3's bound for the f row of the same m
  std::int64_t cells = 0;
  std::int64_t bytes = -1;  ///< bytes of the row file (-1: no file, the row is not kept)
  std::string fnv;
};

/// The row being searched, as saved.
struct CurrentRecord {
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

/// The state of one run: rows done, the row in progress, where progress was last shown.
class Run {
 public:
  ~Run() { close_stream(); }
  Run(const Run&) = delete;
  Run& operator=(const Run&) = delete;

  Run(const FrolovRunOptions& o, int max_row, bool with_f)
      : options_(o), max_row_(max_row), with_f_(with_f) {
    game_ = std::string(with_f ? "digital-deletion:" : "rook-misere:") + std::to_string(max_row);
    every_ = std::max<std::int64_t>(o.checkpoint_every, 1);
    if (!o.checkpoint_dir.empty()) open_checkpoint();
  }

  [[nodiscard]] bool saving() const { return !options_.checkpoint_dir.empty(); }
  [[nodiscard]] const FrolovRunOptions& options() const { return options_; }

  /// The saved record of a proved row, if the checkpoint holds it.
  [[nodiscard]] const RowRecord* done(FrolovFunction which, int m) const {
    for (const auto& r : rows_) {
      if (r.which == which && (which == FrolovFunction::g ? r.g.m : r.f.m) == m) return &r;
    }
    return nullptr;
  }

  /// The saved row (h through preperiod + period) of a proved row.
  [[nodiscard]] PeriodicRow load_row(const RowRecord& r) const {
    PeriodicRow row;
    row.which = r.which;
    row.m = r.which == FrolovFunction::g ? r.g.m : r.f.m;
    row.preperiod = r.which == FrolovFunction::g ? r.g.preperiod : r.f.preperiod;
    row.period = r.which == FrolovFunction::g ? r.g.period : r.f.period;
    if (r.bytes != row.preperiod + row.period) {
      throw InputError("checkpoint: the file of " + std::string(function_name(r.which)) + " row " +
                       std::to_string(row.m) + " is named with " + std::to_string(r.bytes) +
                       " bytes, not preperiod + period (corrupt)");
    }
    row.h.reserve(static_cast<std::size_t>(r.bytes));
    Fnv1a fnv;
    read_prefix(path(row_file(r.which, row.m)), r.bytes, [&](std::span<const std::int8_t> s) {
      fnv.add(s.data(), static_cast<std::int64_t>(s.size()));
      row.h.insert(row.h.end(), s.begin(), s.end());
    });
    if (fnv.hex() != r.fnv) {
      throw InputError("checkpoint: '" + path(row_file(r.which, row.m)) +
                       "' does not match its fingerprint in state.json (corrupt checkpoint)");
    }
    return row;
  }

  /// Restores the row in progress into `row` when the checkpoint holds it; returns its search
  /// counters (ja, jb) or nothing. A streamed row (`store_limit` ≥ 0) stores only its columns
  /// below `store_limit` and hands every restored piece, from column 0 on, to `replay`.
  std::optional<std::pair<std::int64_t, std::int64_t>> resume_row(
      FrolovRowWindow& row, FrolovFunction which, int m, std::int64_t store_limit = -1,
      const std::function<void(std::int64_t, std::span<const std::int8_t>)>& replay = {}) {
    if (!current_ || current_->which != which || current_->m != m) return std::nullopt;
    if (store_limit >= 0 && !current_->stream.is_null() &&
        (!current_->stream.is_object() ||
         current_->stream.value("head_columns", std::int64_t{-1}) != store_limit)) {
      // A streamed row saved by the earlier search (test (A) alone, a head of P + T + 1
      // columns) cannot continue as this one: the row starts again from column 0; the rows
      // proved before it are kept (core/CERTIFICATES.md, "Checkpoints").
      current_.reset();
      return std::nullopt;
    }
    Fnv1a fnv;
    if (store_limit >= 0 && !current_->stream.is_null()) {
      // A compact streamed checkpoint: the head from current.bin, the rest from the state.
      const std::int64_t head = std::min(current_->columns, store_limit);
      read_prefix(path("current.bin"), head, [&](std::span<const std::int8_t> s) {
        fnv.add(s.data(), static_cast<std::int64_t>(s.size()));
        row.append_restored(s);
      });
      if (fnv.hex() != current_->fnv) {
        throw InputError("checkpoint: '" + path("current.bin") +
                         "' does not match its fingerprint in state.json (corrupt checkpoint)");
      }
      row.skip_restored(current_->columns - head);
      row.finish_restore(current_->row_mask);
      saved_columns_ = current_->columns;
      current_fnv_ = fnv;
      resumed_stream_ = current_->stream;
      read_marks(resumed_stream_);
      current_.reset();
      return std::make_pair(std::int64_t{1}, std::int64_t{1});
    }
    Fnv1a head_fnv;  // a streamed row's first columns: what a compact checkpoint fingerprints
    read_prefix(path("current.bin"), current_->columns, [&](std::span<const std::int8_t> s) {
      fnv.add(s.data(), static_cast<std::int64_t>(s.size()));
      if (store_limit < 0) {
        row.append_restored(s);
        return;
      }
      const std::int64_t c0 = row.computed();
      const auto stored = static_cast<std::size_t>(
          std::clamp<std::int64_t>(store_limit - c0, 0, static_cast<std::int64_t>(s.size())));
      head_fnv.add(s.data(), static_cast<std::int64_t>(stored));
      if (stored > 0) row.append_restored(s.subspan(0, stored));
      if (stored < s.size()) row.append_restored(s.subspan(stored), false);
      // The stored columns are read back from the row, so a replay sees one contiguous head.
      if (stored > 0) replay(c0, row.h().subspan(static_cast<std::size_t>(c0), stored));
      if (stored < s.size()) replay(c0 + static_cast<std::int64_t>(stored), s.subspan(stored));
    });
    if (fnv.hex() != current_->fnv) {
      throw InputError("checkpoint: '" + path("current.bin") +
                       "' does not match its fingerprint in state.json (corrupt checkpoint)");
    }
    row.finish_restore(current_->row_mask);
    saved_columns_ = current_->columns;
    current_fnv_ = store_limit < 0 ? fnv : head_fnv;
    const auto counters = std::make_pair(current_->ja, current_->jb);
    current_.reset();
    return counters;
  }

  /// A row starts (fresh or resumed).
  void start_row(FrolovFunction which, int m, std::int64_t resumed_columns) {
    which_ = which;
    m_ = m;
    if (resumed_columns == 0) {
      saved_columns_ = 0;
      current_fnv_ = Fnv1a{};
      written_marks_ = 0;
      marks_fnv_ = Fnv1a{};
    }
    written_columns_ = saved_columns_;
    close_stream();
    last_progress_ = {};
  }

  /// Every 2^16 columns of the row being searched: time limit, progress, checkpoint.
  void tick(const FrolovRowWindow& row, std::int64_t ja, std::int64_t jb, std::int64_t shift,
            std::int64_t need) {
    const auto now = std::chrono::steady_clock::now();
    if (options_.progress && now - last_progress_ >= std::chrono::milliseconds(500)) {
      last_progress_ = now;
      options_.progress({which_, m_, row.computed(), shift, need, cells_ + row.computed()});
    }
    if (saving() && row.computed() - saved_columns_ >= every_) save_current(row, ja, jb);
  }

  /// A row is proved: saves it (its file when `kept`), clears the row in progress.
  void finish_row(RowRecord record, std::span<const std::int8_t> kept, std::int64_t new_cells) {
    cells_ += new_cells;
    close_stream();
    streamed_ = false;
    if (!saving()) return;
    const int m = record.which == FrolovFunction::g ? record.g.m : record.f.m;
    if (!kept.empty()) {
      Fnv1a fnv;
      fnv.add(kept.data(), static_cast<std::int64_t>(kept.size()));
      write_at(path(row_file(record.which, m)), 0, kept.data(),
               static_cast<std::int64_t>(kept.size()), true);
      record.bytes = static_cast<std::int64_t>(kept.size());
      record.fnv = fnv.hex();
    }
    rows_.push_back(std::move(record));
    write_state(nullptr);
    std::error_code ec;
    std::filesystem::remove(path("current.bin"), ec);
    std::filesystem::remove(path("current.marks"), ec);
    saved_columns_ = 0;
  }

  [[nodiscard]] std::int64_t cells() const { return cells_; }

  /// Saves the row being searched now (when checkpoints are written).
  void save(const FrolovRowWindow& row, std::int64_t ja, std::int64_t jb) {
    if (streamed_) {
      commit_streamed(row);
      return;
    }
    if (saving() && row.computed() > saved_columns_) save_current(row, ja, jb);
  }

  /// A streamed row begins: its first `head` columns are kept (and saved in current.bin), the
  /// others only counted; `state` gives the search's state for the checkpoint, which stands for
  /// them (core/CERTIFICATES.md, "Checkpoints").
  /// `marks` gives the search's hash marks, saved in current.marks (they grow with the row:
  /// 3.9 million at 1.6 · 10¹¹ columns of row 14, too many for state.json).
  void begin_streamed(std::int64_t head, std::function<nlohmann::json()> state,
                      std::function<const std::vector<std::uint64_t>&()> marks) {
    streamed_ = true;
    stream_head_ = head;
    stream_state_ = std::move(state);
    stream_marks_ = std::move(marks);
  }

  /// The search state of a compact streamed checkpoint just resumed (null otherwise), and its
  /// hash marks read back from current.marks.
  [[nodiscard]] nlohmann::json take_resumed_stream() {
    return std::exchange(resumed_stream_, nullptr);
  }
  [[nodiscard]] std::vector<std::uint64_t> take_resumed_marks() {
    return std::exchange(resumed_marks_, {});
  }

  /// Columns [c0, c0 + n) of a streamed row were computed: those below the head are appended
  /// to current.bin; the state names them at the next checkpoint, after the file is synced.
  void stream_columns(std::int64_t c0, const std::int8_t* p, std::int64_t n) {
    if (!saving() || c0 + n <= written_columns_) return;
    if (c0 != written_columns_) throw std::logic_error("checkpoint: streamed columns out of order");
    const std::int64_t kept = std::max<std::int64_t>(0, std::min(c0 + n, stream_head_) - c0);
    if (kept > 0) {
      if (stream_fd_ < 0) {
        stream_fd_ =
            ::open(path("current.bin").c_str(), O_WRONLY | O_CREAT | (c0 == 0 ? O_TRUNC : 0), 0644);
        if (stream_fd_ < 0) throw InputError(io_error("write", path("current.bin")));
      }
      std::int64_t done = 0;
      while (done < kept) {
        const ssize_t w = ::pwrite(stream_fd_, p + done, static_cast<std::size_t>(kept - done),
                                   static_cast<off_t>(c0 + done));
        if (w <= 0) throw InputError(io_error("write", path("current.bin")));
        done += w;
      }
      current_fnv_.add(p, kept);
    }
    written_columns_ = c0 + n;
  }

  /// Every piece of a streamed row: time limit is the caller's; progress and checkpoints here.
  void tick_streamed(const FrolovRowWindow& row, std::int64_t shift, std::int64_t need) {
    const auto now = std::chrono::steady_clock::now();
    if (options_.progress && now - last_progress_ >= std::chrono::milliseconds(500)) {
      last_progress_ = now;
      options_.progress({which_, m_, row.computed(), shift, need, cells_ + row.computed()});
    }
    if (saving() && written_columns_ - saved_columns_ >= every_) commit_streamed(row);
  }

 private:
  void close_stream() {
    if (stream_fd_ >= 0) ::close(stream_fd_);
    stream_fd_ = -1;
  }

  static std::string row_file(FrolovFunction which, int m) {
    return std::string(function_name(which)) + "_" + std::to_string(m) + ".bin";
  }
  [[nodiscard]] std::string path(const std::string& name) const {
    return (std::filesystem::path(options_.checkpoint_dir) / name).string();
  }

  /// Syncs current.bin (cut to the head: a checkpoint of the first format held the whole row)
  /// and writes the state with the search's state (the search counters ja, jb are saved as 1).
  void commit_streamed(const FrolovRowWindow& row) {
    if (!saving() || written_columns_ <= saved_columns_) return;
    if (row.computed() != written_columns_)
      throw std::logic_error("checkpoint: a streamed row's columns were not all written");
    if (stream_fd_ >= 0 && ::fsync(stream_fd_) != 0)
      throw InputError(io_error("sync", path("current.bin")));
    std::error_code ec;
    const auto bytes = std::filesystem::file_size(path("current.bin"), ec);
    if (!ec && static_cast<std::int64_t>(bytes) > stream_head_) {
      if (::truncate(path("current.bin").c_str(), static_cast<off_t>(stream_head_)) != 0)
        throw InputError(io_error("truncate", path("current.bin")));
    }
    // The marks not yet saved are appended to current.marks (8 bytes each, little-endian),
    // which is synced before state.json names their count and fingerprint.
    const std::vector<std::uint64_t>& marks = stream_marks_();
    const auto count = static_cast<std::int64_t>(marks.size());
    if (count > written_marks_) {
      std::vector<std::int8_t> bytes;
      bytes.reserve(static_cast<std::size_t>(8 * (count - written_marks_)));
      for (std::int64_t i = written_marks_; i < count; ++i) {
        for (int b = 0; b < 8; ++b)
          bytes.push_back(static_cast<std::int8_t>(marks[static_cast<std::size_t>(i)] >> (8 * b)));
      }
      write_at(path("current.marks"), 8 * written_marks_, bytes.data(),
               static_cast<std::int64_t>(bytes.size()), written_marks_ == 0);
      marks_fnv_.add(bytes.data(), static_cast<std::int64_t>(bytes.size()));
      written_marks_ = count;
    }
    saved_columns_ = written_columns_;
    nlohmann::json state = stream_state_();
    state["marks"] = {{"count", written_marks_}, {"fnv1a64", marks_fnv_.hex()}};
    CurrentRecord cur{which_, m_, saved_columns_,     row.row_mask(),
                      1,      1,  current_fnv_.hex(), std::move(state)};
    write_state(&cur);
  }

  /// Reads the marks named by a compact checkpoint's state from current.marks.
  void read_marks(const nlohmann::json& stream) {
    std::int64_t count = 0;
    std::string fnv_hex;
    try {
      count = stream.at("marks").at("count").get<std::int64_t>();
      fnv_hex = stream.at("marks").at("fnv1a64").get<std::string>();
    } catch (const nlohmann::json::exception& e) {
      throw InputError("checkpoint: the streamed row's 'marks' is malformed (" +
                       std::string(e.what()) + ") (corrupt checkpoint)");
    }
    if (count < 0 || count > (std::int64_t{1} << 40))
      throw InputError("checkpoint: the streamed row's mark count is out of range (corrupt)");
    Fnv1a fnv;
    resumed_marks_.clear();
    std::uint64_t v = 0;
    int b = 0;
    if (count > 0) {
      read_prefix(path("current.marks"), 8 * count, [&](std::span<const std::int8_t> s) {
        fnv.add(s.data(), static_cast<std::int64_t>(s.size()));
        for (const std::int8_t byte : s) {
          v |= static_cast<std::uint64_t>(static_cast<std::uint8_t>(byte)) << (8 * b);
          if (++b == 8) {
            resumed_marks_.push_back(v);
            v = 0;
            b = 0;
          }
        }
      });
    }
    if (fnv.hex() != fnv_hex) {
      throw InputError("checkpoint: '" + path("current.marks") +
                       "' does not match its fingerprint in state.json (corrupt checkpoint)");
    }
    written_marks_ = count;
    marks_fnv_ = fnv;
  }

  void save_current(const FrolovRowWindow& row, std::int64_t ja, std::int64_t jb) {
    const std::int64_t c = row.computed();
    const std::int8_t* data = row.h().data();
    write_at(path("current.bin"), saved_columns_, data + saved_columns_, c - saved_columns_,
             saved_columns_ == 0);
    current_fnv_.add(data + saved_columns_, c - saved_columns_);
    saved_columns_ = c;
    CurrentRecord cur{which_, m_, c, row.row_mask(), ja, jb, current_fnv_.hex(), nullptr};
    write_state(&cur);
  }

  void write_state(const CurrentRecord* cur) const {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& r : rows_) {
      nlohmann::json j = {
          {"certificate", r.which == FrolovFunction::g ? to_json(r.g) : to_json(r.f)},
          {"f_bound", r.f_bound},
          {"cells", r.cells},
          {"bytes", r.bytes},
          {"fnv1a64", r.fnv}};
      rows.push_back(std::move(j));
    }
    nlohmann::json current = nullptr;
    if (cur != nullptr) {
      current = {{"function", function_name(cur->which)},
                 {"m", cur->m},
                 {"columns", cur->columns},
                 {"row_mask", std::to_string(cur->row_mask)},
                 {"ja", cur->ja},
                 {"jb", cur->jb},
                 {"fnv1a64", cur->fnv}};
      if (!cur->stream.is_null()) current["stream"] = cur->stream;
    }
    const nlohmann::json state = {{"format", "igv verify period checkpoint (Frolov rows)"},
                                  {"version", 1},
                                  {"game", game_},
                                  {"rows", rows},
                                  {"current", current}};
    const std::string text = state.dump(1) + "\n";
    const std::string tmp = path("state.json.tmp");
    write_at(tmp, 0, reinterpret_cast<const std::int8_t*>(text.data()),
             static_cast<std::int64_t>(text.size()), true);
    if (std::rename(tmp.c_str(), path("state.json").c_str()) != 0)
      throw InputError(io_error("replace", path("state.json")));
  }

  void open_checkpoint() {
    const std::string dir = options_.checkpoint_dir;
    std::error_code ec;
    const bool has_state = std::filesystem::exists(path("state.json"), ec);
    if (!options_.resume) {
      if (has_state) {
        throw InputError("--checkpoint '" + dir +
                         "' already holds a checkpoint (state.json); pass --resume to continue "
                         "it, or name another folder");
      }
      std::filesystem::create_directories(dir, ec);
      if (ec || !std::filesystem::is_directory(dir))
        throw InputError("--checkpoint '" + dir + "' is not a folder that can be created");
      write_state(nullptr);
      return;
    }
    if (!has_state) throw InputError("--resume: '" + dir + "' holds no checkpoint (no state.json)");
    nlohmann::json s;
    try {
      s = read_json_file_strict(path("state.json"), "checkpoint");
    } catch (const InputError& e) {
      throw InputError(std::string(e.what()) + " (corrupt checkpoint)");
    }
    try {
      parse_state(s);
    } catch (const nlohmann::json::exception& e) {
      throw InputError("checkpoint: '" + path("state.json") +
                       "' is not a checkpoint of verify period (" + e.what() + ")");
    }
  }

  void parse_state(const nlohmann::json& s) {
    const std::string where = "checkpoint: '" + path("state.json") + "'";
    if (s.at("format").get<std::string>() != "igv verify period checkpoint (Frolov rows)" ||
        s.at("version").get<int>() != 1)
      throw InputError(where + " is not a version 1 checkpoint of verify period");
    const std::string game = s.at("game").get<std::string>();
    if (game != game_)
      throw InputError(where + " is a checkpoint of " + game + ", not of " + game_ +
                       " (mismatched checkpoint)");
    // Rows in the order the run proves them: g 0, (f 0,) g 1, (f 1,) …
    std::size_t i = 0;
    for (const auto& r : s.at("rows")) {
      RowRecord rec;
      const auto& c = r.at("certificate");
      const int m = static_cast<int>(with_f_ ? i / 2 : i);
      rec.which = with_f_ && i % 2 == 1 ? FrolovFunction::f : FrolovFunction::g;
      if (c.at("function").get<std::string>() != function_name(rec.which) ||
          c.at("m").get<int>() != m || m > max_row_)
        throw InputError(where + ": row " + std::to_string(i) + " is out of order (corrupt)");
      if (rec.which == FrolovFunction::g) {
        rec.g = g_certificate_from_json(c);
      } else {
        rec.f = {m, c.at("inversion_bound").get<std::int64_t>(), c.at("period").get<std::int64_t>(),
                 c.at("preperiod").get<std::int64_t>()};
      }
      rec.f_bound = r.at("f_bound").get<std::int64_t>();
      rec.cells = r.at("cells").get<std::int64_t>();
      rec.bytes = r.at("bytes").get<std::int64_t>();
      rec.fnv = r.at("fnv1a64").get<std::string>();
      cells_ += rec.cells;
      rows_.push_back(std::move(rec));
      ++i;
    }
    const auto& cur = s.at("current");
    if (!cur.is_null()) {
      CurrentRecord c;
      c.which =
          cur.at("function").get<std::string>() == "f" ? FrolovFunction::f : FrolovFunction::g;
      c.m = cur.at("m").get<int>();
      c.columns = cur.at("columns").get<std::int64_t>();
      const std::string mask = cur.at("row_mask").get<std::string>();
      if (mask.empty() || mask.size() > 20 ||
          mask.find_first_not_of("0123456789") != std::string::npos ||
          (mask.size() == 20 && mask > "18446744073709551615"))
        throw InputError(where + ": 'row_mask' is not a 64-bit decimal number (corrupt)");
      c.row_mask = std::stoull(mask);
      c.ja = cur.at("ja").get<std::int64_t>();
      c.jb = cur.at("jb").get<std::int64_t>();
      c.fnv = cur.at("fnv1a64").get<std::string>();
      if (cur.contains("stream")) {
        c.stream = cur.at("stream");
        if (!c.stream.is_object())
          throw InputError(where + ": 'stream' is not an object (corrupt)");
      }
      // The row in progress is the next one the run would prove.
      const FrolovFunction next_which =
          with_f_ && i % 2 == 1 ? FrolovFunction::f : FrolovFunction::g;
      const int next_m = static_cast<int>(with_f_ ? i / 2 : i);
      if (c.which != next_which || c.m != next_m || c.columns < 1 || c.ja < 1 || c.jb < 1)
        throw InputError(where + ": the row in progress is not the next row (corrupt)");
      current_ = c;
    }
  }

  FrolovRunOptions options_;
  int max_row_;
  bool with_f_;
  std::string game_;
  std::int64_t every_;
  std::vector<RowRecord> rows_;
  std::optional<CurrentRecord> current_;
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

/// The §4 window, streamed: see produce_frolov_chain. (ja, jb) are the next multiples of T of
/// tests (A) and (B); the first success sets k and tau.
void find_window(FrolovRowWindow& row, FrolovFunction which, std::int64_t P, std::int64_t T,
                 std::int64_t max_columns, const ComputeLimits& limits, int m, std::int64_t& ja,
                 std::int64_t& jb, Run& run, std::int64_t& k, std::int64_t& tau) {
  const std::string name = std::string(function_name(which)) + " row " + std::to_string(m);
  for (;;) {
    const std::int64_t need_a = P + ja * T + T + 1;
    const std::int64_t need_b = P + 2 * jb * T + T + 1;
    const bool a = need_a <= need_b;
    const std::int64_t need = a ? need_a : need_b;
    const std::int64_t shift = (a ? ja : jb) * T;
    if (need > max_columns) {
      throw BudgetExceeded("period search for row " + std::to_string(m) + " would need more than " +
                           std::to_string(max_columns) + " columns (tried shifts up to " +
                           std::to_string(shift - T) + ")");
    }
    const auto reached = [&] { return row_reached(which, m, row.computed(), shift, need); };
    if (!limits.fits(frolov_window_bytes(need))) {
      run.save(row, ja, jb);  // resumable with a larger --memory-limit
      throw LimitReached(name + ": the window of shift " + std::to_string(shift) + " needs " +
                             std::to_string(need) + " columns, about " +
                             mebibytes(frolov_window_bytes(need)) + ", above the memory limit of " +
                             mebibytes(limits.memory_bytes),
                         "memory", nlohmann::json{{"row", reached()}});
    }
    const auto tick = [&] {
      if (limits.out_of_time()) {
        run.save(row, ja, jb);  // a run stopped by its time limit resumes where it stopped
        throw LimitReached(name + ": time limit reached after " + std::to_string(row.computed()) +
                               " columns (shifts tried up to " + std::to_string(shift - T) + ")",
                           "time", nlohmann::json{{"row", reached()}});
      }
      run.tick(row, ja, jb, shift, need);
    };
    tick();
    row.extend_to(need, tick);
    const auto h = row.h();
    if (a) {
      // (A): [P, P + T] against [P + jT, P + jT + T].
      if (std::memcmp(h.data() + P, h.data() + P + shift, static_cast<std::size_t>(T + 1)) == 0) {
        tau = shift;
        k = P;
        return;
      }
      ++ja;
    } else {
      // (B): the least k with h(n + jT) = h(n) on [k, P + jT + T], a window of T + 1 at least.
      tau = shift;
      const std::int64_t top = P + tau + T;
      std::int64_t n = top;
      while (n >= P && h[static_cast<std::size_t>(n + tau)] == h[static_cast<std::size_t>(n)]) --n;
      k = n + 1;
      if (top - k >= T) return;
      ++jb;
    }
  }
}

/// The streamed search of a row (FrolovRunOptions::stream_min_T): the row kept on
/// [0, P + 2T], every later column compared as it passes. See produce_frolov_chain.
///
/// Window j (shift jT) compares the columns n + jT with the kept n for n ∈ [P, P + 2T]:
///  - test (A), as the stored search: no difference on [P, P + T]; decided at column
///    P + jT + T, k = P;
///  - test (B′), the streamed form of (B): the least k with no difference on [k, P + 2T] is at
///    most P + T, i.e. a run of T + 1 equal columns reaching P + 2T; decided at column
///    P + jT + 2T, k = one past the last difference. It sees every row whose preperiod is at
///    most P + T (the stored (B) sees preperiods up to P + jT, but needs the row to 2jT).
/// Window j is decided no later than window j + 1, so the first window to succeed has the least
/// j: τ = jT is then a period from k (§4), and no j′T with j′ < j is a period of the row (its
/// window failed both tests, and a row periodic from k ≤ P + T would have passed (B′)).
class StreamedSearch {
 public:
  StreamedSearch(std::int64_t P, std::int64_t T) : P_(P), T_(T) {
    // Hash marks every G columns from P: G = T with each prime's exponent lowered by up to 2,
    // so that τ/q and τ/q² (q | T) are multiples of G for every τ = jT.
    G_ = T;
    for (const std::int64_t q : prime_factors(T)) {
      for (int e = 0; e < 2 && G_ % q == 0; ++e) G_ /= q;
    }
  }

  [[nodiscard]] std::int64_t head_columns() const { return P_ + 2 * T_ + 1; }
  [[nodiscard]] std::int64_t found_j() const { return found_.j; }
  /// The window's start k of the shift found (P by test (A), above P by test (B′)).
  [[nodiscard]] std::int64_t found_k() const {
    return found_.last_difference < 0 ? P_ : found_.last_difference + 1;
  }
  /// The least shift still being tried, and the columns its next test needs.
  [[nodiscard]] std::int64_t shift() const {
    return (windows_.empty() ? next_j_ : windows_.front().j) * T_;
  }
  [[nodiscard]] std::int64_t need() const {
    if (windows_.empty()) return P_ + next_j_ * T_ + T_ + 1;
    const Window& w = windows_.front();
    return P_ + w.j * T_ + (w.last_difference < 0 ? T_ : 2 * T_) + 1;
  }

  /// Columns [c0, c0 + n), in order; `head` is the stored row (it holds [0, c0 + n) ∩ [0, P + 2T]).
  void consume(std::int64_t c0, const std::int8_t* data, std::int64_t n, const std::int8_t* head) {
    const std::int64_t c1 = c0 + n;
    // Horner hash of [P, c), marked at every P + iG.
    for (std::int64_t c = std::max(c0, P_); c < c1;) {
      if ((c - P_) % G_ == 0) marks_.push_back(hash_);
      const std::int64_t end = std::min(c1, P_ + ((c - P_) / G_ + 1) * G_);
      std::uint64_t h = hash_;
      for (; c < end; ++c) h = horner61(h, kBase, data[c - c0]);
      hash_ = h;
    }
    // Window j opens at column jT (its columns [jT, jT + P) are kept: the preperiod is read
    // from them when test (A) decides) and compares [P + jT, P + jT + 2T] against [P, P + 2T],
    // in two parts: up to P + jT + T (test (A) is decided there), then the rest (B′). It is
    // dropped when a difference at n ≥ P + T leaves neither test possible.
    while (next_j_ * T_ < c1)
      windows_.push_back({next_j_++, std::vector<std::int8_t>(static_cast<std::size_t>(P_)), -1});
    for (auto it = windows_.begin(); it != windows_.end();) {
      const std::int64_t j = it->j, s = j * T_;
      {
        const std::int64_t lo = std::max(c0, s), hi = std::min(c1, s + P_);
        if (lo < hi)
          std::memcpy(it->head.data() + (lo - s), data + (lo - c0),
                      static_cast<std::size_t>(hi - lo));
      }
      // The last difference h(n + s) ≠ h(n) for columns n + s ∈ [lo, hi), if any.
      const auto compare = [&](std::int64_t from, std::int64_t to) {
        const std::int64_t lo = std::max(c0, from), hi = std::min(c1, to);
        if (lo >= hi) return;
        if (std::memcmp(data + (lo - c0), head + (lo - s), static_cast<std::size_t>(hi - lo)) == 0)
          return;
        for (std::int64_t i = hi - 1; i >= lo; --i) {
          if (data[i - c0] != head[i - s]) {
            it->last_difference = i - s;
            return;
          }
        }
      };
      const std::int64_t a_end = P_ + s + T_ + 1, b_end = P_ + s + 2 * T_ + 1;
      compare(P_ + s, a_end);
      if (it->last_difference < 0 && c1 >= a_end) {
        found_ = *it;  // (A)
        return;
      }
      compare(a_end, b_end);
      if (it->last_difference >= P_ + T_) {
        it = windows_.erase(it);
        continue;
      }
      if (c1 >= b_end) {
        found_ = *it;  // (B′): a run of at least T + 1 equal columns ends at P + 2T
        return;
      }
      ++it;
    }
  }

  /// The state after the columns consumed so far, for a checkpoint: the head kept, the hash,
  /// the next window and the windows still open (each with its saved columns and its last
  /// difference). The hash marks (marks()) are saved beside it, in a binary file.
  [[nodiscard]] nlohmann::json state() const {
    nlohmann::json windows = nlohmann::json::array();
    for (const Window& w : windows_) {
      std::string head;
      for (const std::int8_t b : w.head) head.push_back(static_cast<char>(b));
      windows.push_back(
          {{"j", w.j}, {"head", to_hex(head)}, {"last_difference", w.last_difference}});
    }
    return {{"P", P_},       {"T", T_},           {"head_columns", head_columns()},
            {"hash", hash_}, {"next_j", next_j_}, {"windows", windows}};
  }

  [[nodiscard]] const std::vector<std::uint64_t>& marks() const { return marks_; }

  /// Restores state() and marks() saved after `columns` columns; InputError when they cannot
  /// be that state.
  void restore(const nlohmann::json& s, std::vector<std::uint64_t> marks, std::int64_t columns) {
    const auto bad = [](const std::string& why) {
      return InputError("checkpoint: the streamed search's state " + why + " (corrupt checkpoint)");
    };
    try {
      if (s.at("P").get<std::int64_t>() != P_ || s.at("T").get<std::int64_t>() != T_ ||
          s.at("head_columns").get<std::int64_t>() != head_columns())
        throw bad("is for another row");
      hash_ = s.at("hash").get<std::uint64_t>();
      marks_ = std::move(marks);
      next_j_ = s.at("next_j").get<std::int64_t>();
      windows_.clear();
      for (const auto& w : s.at("windows")) {
        const std::string head = from_hex(w.at("head").get<std::string>());
        if (static_cast<std::int64_t>(head.size()) != P_) throw bad("has a window of another size");
        windows_.push_back({w.at("j").get<std::int64_t>(),
                            std::vector<std::int8_t>(head.begin(), head.end()),
                            w.at("last_difference").get<std::int64_t>()});
      }
    } catch (const nlohmann::json::exception& e) {
      throw bad(std::string("is malformed (") + e.what() + ")");
    }
    // What the columns imply: one mark per G columns from P, windows opened up to `columns`,
    // open in the order of j, each still undecided with its last difference in [P, P + T).
    const std::int64_t expected_marks = columns <= P_ ? 0 : (columns - 1 - P_) / G_ + 1;
    if (static_cast<std::int64_t>(marks_.size()) != expected_marks || hash_ >= kMersenne61 ||
        next_j_ < 1 || (next_j_ - 1) * T_ >= columns || next_j_ * T_ < columns)
      throw bad("does not match its " + std::to_string(columns) + " columns");
    std::int64_t previous = 0;
    for (const Window& w : windows_) {
      if (w.j <= previous || w.j >= next_j_ || w.last_difference < -1 ||
          (w.last_difference >= 0 && (w.last_difference < P_ || w.last_difference >= P_ + T_)) ||
          P_ + w.j * T_ + (w.last_difference < 0 ? T_ : 2 * T_) + 1 <= columns)
        throw bad("has a window that does not match its " + std::to_string(columns) + " columns");
      previous = w.j;
    }
    for (const std::uint64_t v : marks_) {
      if (v >= kMersenne61) throw bad("has a hash out of range");
    }
  }

  /// After found_j(): the least period t | τ = jT and the least preperiod, from the saved
  /// columns and hashes; `head` the stored row [0, P + 2T].
  void minimise(const std::int8_t* head, std::int64_t& preperiod, std::int64_t& period) const {
    const std::int64_t tau = found_.j * T_, k = found_k();
    const auto mark = [&](std::int64_t at) -> std::optional<std::uint64_t> {
      const std::int64_t d = at - P_;
      if (d < 0 || d % G_ != 0 || d / G_ >= static_cast<std::int64_t>(marks_.size()))
        return std::nullopt;
      return marks_[static_cast<std::size_t>(d / G_)];
    };
    // The row is periodic from k, so d | τ is a period when the block [s, s + τ) equals its
    // rotation by d, for the first mark s ≥ k. Hashes of blocks from the prefix hashes:
    // H[a, b) = H[P, b) − H[P, a)·x^(b − a).
    const std::int64_t s = P_ + (k - P_ + G_ - 1) / G_ * G_;
    const auto block = [&](std::int64_t a, std::int64_t b) -> std::optional<std::uint64_t> {
      const auto ha = mark(a), hb = mark(b);
      if (!ha || !hb) return std::nullopt;
      return sub_mod61(*hb, mul_mod61(*ha, pow_mod61(kBase, static_cast<std::uint64_t>(b - a))));
    };
    const std::optional<std::uint64_t> whole = block(s, s + tau);
    if (!whole) throw std::logic_error("streamed search: no hash mark at k + tau");
    const auto is_period = [&](std::int64_t d) {
      if (d % T_ == 0) return false;  // its window failed both tests (class comment)
      const auto h1 = block(s, s + d);
      if (!h1) {
        throw BudgetExceeded("streamed search: cannot decide whether " + std::to_string(d) +
                             " is a period of the row (no hash mark there)");
      }
      return !rotation_differs61(*h1, *whole, kBase, static_cast<std::uint64_t>(d),
                                 static_cast<std::uint64_t>(tau - d));
    };
    period = tau;
    for (const std::int64_t q : prime_factors(tau)) {
      while (period % q == 0 && is_period(period / q)) period /= q;
    }
    // The least start of the tail's period is that of τ (t | τ). (B′): h(k − 1 + τ) ≠ h(k − 1),
    // so it is k. (A): h(n) = h(n + τ) down from P, read against the saved columns [jT, jT + P).
    if (k > P_) {
      preperiod = k;
      return;
    }
    const auto& jh = found_.head;
    preperiod = P_;
    while (preperiod > 0 && head[preperiod - 1] == jh[static_cast<std::size_t>(preperiod - 1)])
      --preperiod;
  }

 private:
  static constexpr std::uint64_t kBase = 0x1d9f2c5a3b7e4u;  // any base: the checker draws its own
  std::int64_t P_, T_, G_ = 1;
  struct Window {
    std::int64_t j = 0;                 // 0: none
    std::vector<std::int8_t> head;      // the columns [jT, jT + P)
    std::int64_t last_difference = -1;  // the last n with h(n + jT) ≠ h(n) seen, or −1
  };
  std::int64_t next_j_ = 1;
  std::list<Window> windows_;  // opened, not failed, in the order of j
  Window found_;
  std::uint64_t hash_ = 0;
  std::vector<std::uint64_t> marks_;
};

/// prove_row's search for a streamed row: k = P and tau = jT, the least period and preperiod.
void search_streamed(FrolovRowWindow& row, FrolovFunction which, std::int64_t P, std::int64_t T,
                     std::int64_t max_columns, const ComputeLimits& limits, int m, Run& run,
                     std::int64_t& k, std::int64_t& tau, std::int64_t& preperiod,
                     std::int64_t& period, std::int64_t& first_column) {
  const std::string name = std::string(function_name(which)) + " row " + std::to_string(m);
  StreamedSearch search(P, T);
  const std::int64_t H = search.head_columns();
  run.begin_streamed(
      H, [&search] { return search.state(); },
      [&search]() -> const std::vector<std::uint64_t>& { return search.marks(); });
  if (!limits.fits(frolov_window_bytes(H))) {
    throw LimitReached(name + ": the streamed row's window of " + std::to_string(H) +
                           " columns needs about " + mebibytes(frolov_window_bytes(H)) +
                           ", above the memory limit of " + mebibytes(limits.memory_bytes),
                       "memory",
                       nlohmann::json{{"row", row_reached(which, m, row.computed(), T, H)}});
  }
  // A resumed row: replay its saved columns (the first H are stored by the resume).
  if (const auto counters =
          run.resume_row(row, which, m, H, [&](std::int64_t c0, std::span<const std::int8_t> s) {
            if (search.found_j() == 0)
              search.consume(c0, s.data(), static_cast<std::int64_t>(s.size()), row.h().data());
          })) {
    (void)counters;  // a streamed search re-derives its state from the columns or the state
    if (const nlohmann::json state = run.take_resumed_stream(); !state.is_null())
      search.restore(state, run.take_resumed_marks(), row.computed());
  }
  run.start_row(which, m, row.computed());
  first_column = row.computed();
  constexpr std::int64_t kPiece = std::int64_t{1} << 16;
  std::vector<std::int8_t> buf(static_cast<std::size_t>(kPiece));
  while (search.found_j() == 0) {
    const std::int64_t need = search.need();
    if (need > max_columns) {
      throw BudgetExceeded("period search for row " + std::to_string(m) + " would need more than " +
                           std::to_string(max_columns) + " columns (tried shifts up to " +
                           std::to_string(search.shift() - T) + ")");
    }
    if (limits.out_of_time()) {
      run.save(row, 1, 1);
      throw LimitReached(
          name + ": time limit reached after " + std::to_string(row.computed()) +
              " columns (shifts tried up to " + std::to_string(search.shift() - T) + ")",
          "time",
          nlohmann::json{{"row", row_reached(which, m, row.computed(), search.shift(), need)}});
    }
    run.tick_streamed(row, search.shift(), need);
    // Pieces of 2^16 columns, never past max_columns: a window decided at a column above the
    // budget is never reached (the budget bounds the columns computed, not only those asked).
    const std::int64_t c0 = row.computed();
    const std::int64_t piece = std::min(kPiece, max_columns - c0);
    if (c0 < H) {
      row.extend_to(std::min(H, c0 + piece));
      const std::int64_t n = row.computed() - c0;
      run.stream_columns(c0, row.h().data() + c0, n);
      search.consume(c0, row.h().data() + c0, n, row.h().data());
    } else {
      row.stream(buf.data(), piece);
      run.stream_columns(c0, buf.data(), piece);
      search.consume(c0, buf.data(), piece, row.h().data());
    }
  }
  k = search.found_k();
  tau = search.found_j() * T;
  search.minimise(row.h().data(), preperiod, period);
}

struct RowResult {
  std::int64_t T = 1, k = 0, tau = 1, preperiod = 0, period = 1;
  PeriodicRow row;           ///< h through preperiod + period (when kept)
  std::int64_t f_bound = 0;  ///< g rows: max{g(m, j) + 1 | j < preperiod}
  std::int64_t cells = 0;
};

RowResult prove_row(FrolovFunction which, int m, const std::vector<PeriodicRow>& lower,
                    std::int64_t max_columns, const ComputeLimits& limits, bool keep, Run& run) {
  std::int64_t lcm = 1, P = 0;
  for (const auto& r : lower) {
    lcm = std::lcm(lcm, r.period);
    P = std::max(P, r.preperiod);
  }
  // T: the least multiple of the lower periods' lcm that is at least 2m (§4).
  const std::int64_t T = lcm * std::max<std::int64_t>(1, (2 * m + lcm - 1) / lcm);
  FrolovRowWindow window(which, m, lower, max_columns);
  RowResult out;
  out.T = T;
  std::int64_t first_column = 0;
  if (!keep && T >= run.options().stream_min_T) {
    search_streamed(window, which, P, T, max_columns, limits, m, run, out.k, out.tau, out.preperiod,
                    out.period, first_column);
  } else {
    std::int64_t ja = 1, jb = 1;
    if (const auto counters = run.resume_row(window, which, m)) {
      ja = counters->first;
      jb = counters->second;
      // Shifts jT already tested fit in the columns saved; larger counters are not a saved search.
      if (ja > window.computed() / T + 1 || jb > window.computed() / (2 * T) + 1)
        throw InputError("checkpoint: the search counters ja = " + std::to_string(ja) +
                         ", jb = " + std::to_string(jb) + " go beyond the " +
                         std::to_string(window.computed()) + " columns saved (corrupt)");
    }
    run.start_row(which, m, window.computed());
    first_column = window.computed();
    find_window(window, which, P, T, max_columns, limits, m, ja, jb, run, out.k, out.tau);
    minimise_period(window.h(), out.k, out.tau, out.preperiod, out.period);
  }
  for (std::int64_t j = 0; j < out.preperiod; ++j)
    out.f_bound = std::max(out.f_bound, j + window.h()[static_cast<std::size_t>(j)] + 1);
  out.row.which = which;
  out.row.m = m;
  out.row.preperiod = out.preperiod;
  out.row.period = out.period;
  // A streamed row is never kept (it does not hold its period).
  const auto kept =
      keep ? window.h().subspan(0, static_cast<std::size_t>(out.preperiod + out.period))
           : std::span<const std::int8_t>();
  if (keep) out.row.h.assign(kept.begin(), kept.end());
  out.cells = window.computed() - first_column;
  RowRecord record;
  record.which = which;
  if (which == FrolovFunction::g) {
    record.g = {m, m == 0, out.T, out.k, out.tau, out.period, out.preperiod};
  } else {
    record.f = {m, 0, out.period, out.preperiod};
  }
  record.f_bound = out.f_bound;
  record.cells = window.computed();
  run.finish_row(std::move(record), kept, out.cells);
  return out;
}

}  // namespace

void minimise_period(std::span<const std::int8_t> h, std::int64_t k, std::int64_t tau,
                     std::int64_t& preperiod, std::int64_t& period) {
  period = tau;
  for (std::int64_t q : prime_factors(tau)) {
    while (period % q == 0 && is_tail_period(h, k, tau, period / q)) period /= q;
  }
  preperiod = k;
  while (preperiod > 0 && h[static_cast<std::size_t>(preperiod - 1)] ==
                              h[static_cast<std::size_t>(preperiod - 1 + period)]) {
    --preperiod;
  }
}

FrolovPeriodChain produce_frolov_chain(int max_row, bool with_f, std::int64_t max_columns,
                                       const ComputeLimits& limits,
                                       const FrolovRunOptions& options) {
  if (max_row < 0 || max_row > kFrolovWindowMaxRow) {
    throw InputError("Frolov row " + std::to_string(max_row) + ": expected a row 0.." +
                     std::to_string(kFrolovWindowMaxRow));
  }
  Run run(options, max_row, with_f);
  FrolovPeriodChain chain;
  // A limit reached in a row: add the rows proved before it, then pass it on.
  const auto prove = [&](FrolovFunction which, int m, const std::vector<PeriodicRow>& lower,
                         bool keep) {
    try {
      return prove_row(which, m, lower, max_columns, limits, keep, run);
    } catch (LimitReached& e) {
      nlohmann::json rows = nlohmann::json::array();
      for (const auto& r : chain.g_certificates) {
        rows.push_back(
            {{"function", "g"}, {"m", r.m}, {"period", r.period}, {"preperiod", r.preperiod}});
      }
      for (const auto& r : chain.f_certificates) {
        rows.push_back(
            {{"function", "f"}, {"m", r.m}, {"period", r.period}, {"preperiod", r.preperiod}});
      }
      e.reached["rows_found"] = rows;
      e.reached["cells_computed"] =
          run.cells() + e.reached["row"].value("columns_computed", std::int64_t{0});
      throw;
    }
  };
  // A row saved by the checkpoint: its result without computing it (the row itself is read
  // back only when a later row or the caller needs it).
  const auto saved = [&](const RowRecord& r, bool keep) {
    RowResult out;
    if (r.which == FrolovFunction::g) {
      out.T = r.g.T;
      out.k = r.g.k;
      out.tau = r.g.tau;
      out.period = r.g.period;
      out.preperiod = r.g.preperiod;
    } else {
      out.period = r.f.period;
      out.preperiod = r.f.preperiod;
    }
    out.f_bound = r.f_bound;
    if (keep) out.row = run.load_row(r);
    chain.cells_computed += r.cells;
    return out;
  };
  for (int m = 0; m <= max_row; ++m) {
    // A row is kept when a later row needs it, or the caller asked for the rows.
    const bool keep_g = options.keep_rows || m < max_row;
    const RowRecord* gs = run.done(FrolovFunction::g, m);
    RowResult g =
        gs != nullptr ? saved(*gs, keep_g) : prove(FrolovFunction::g, m, chain.g_rows, keep_g);
    if (gs == nullptr) chain.cells_computed += g.cells;
    chain.g_certificates.push_back({m, m == 0, g.T, g.k, g.tau, g.period, g.preperiod});
    if (with_f) {
      const bool keep_f = options.keep_rows || m < max_row;
      const RowRecord* fs = run.done(FrolovFunction::f, m);
      RowResult f =
          fs != nullptr ? saved(*fs, keep_f) : prove(FrolovFunction::f, m, chain.f_rows, keep_f);
      if (fs == nullptr) chain.cells_computed += f.cells;
      // Theorem 3's bound: f(m, ·) is periodic beyond every value g takes before its preperiod.
      chain.f_certificates.push_back({m, g.f_bound, f.period, f.preperiod});
      if (keep_f) chain.f_rows.push_back(std::move(f.row));
    }
    if (keep_g) chain.g_rows.push_back(std::move(g.row));
  }
  if (!options.keep_rows) {
    chain.g_rows.clear();
    chain.f_rows.clear();
  }
  return chain;
}

}  // namespace igv
