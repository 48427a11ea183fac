#include "core/frolov/frolov_checkpoint.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/json_input.h"

namespace igv {

std::string checkpoint_hex(const std::string& bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (const char c : bytes) {
    const auto b = static_cast<unsigned char>(c);
    out.push_back(digits[b >> 4]);
    out.push_back(digits[b & 15]);
  }
  return out;
}

std::string checkpoint_unhex(const std::string& hex) {
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

namespace {

std::string io_error(const std::string& what, const std::string& path) {
  return "checkpoint: cannot " + what + " '" + path + "': " + std::strerror(errno);
}

/// Writes `n` bytes at `offset` of `path` (created if missing) and syncs it.
void write_at(const std::string& path, std::int64_t offset, const std::int8_t* p, std::int64_t n,
              bool truncate) {
  const int fd = ::open(
      path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | (truncate ? O_TRUNC : 0), 0644);
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

/// Opens `path` for reading if it is a regular file of at least `n` bytes; InputError when it is
/// missing, not a regular file (a FIFO would block the open or the reads for ever: issue 37) or
/// shorter. O_NONBLOCK: opening a FIFO without a writer returns at once, and is refused.
int open_regular_file(const std::string& path, std::int64_t n) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) throw InputError(io_error("read", path));
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const std::string e = io_error("read", path);
    ::close(fd);
    throw InputError(e);
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    throw InputError("checkpoint: '" + path +
                     "' is not a regular file (a folder, pipe or device: corrupt checkpoint)");
  }
  if (st.st_size < n) {
    ::close(fd);
    throw InputError("checkpoint: '" + path + "' holds " + std::to_string(st.st_size) +
                     " bytes, the checkpoint's state names " + std::to_string(n) +
                     " (corrupt checkpoint)");
  }
  return fd;
}

/// Reads the first `n` bytes of `path` in pieces, handing each to `sink`; InputError when the
/// file is missing, not a regular file or shorter.
template <class Sink>
void read_prefix(const std::string& path, std::int64_t n, Sink&& sink) {
  const int fd = open_regular_file(path, n);
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

}  // namespace

FrolovRun::FrolovRun(const FrolovRunOptions& o, int max_row, bool with_f)
    : options_(o), max_row_(max_row), with_f_(with_f) {
  game_ = std::string(with_f ? "digital-deletion:" : "rook-misere:") + std::to_string(max_row);
  every_ = std::max<std::int64_t>(o.checkpoint_every, 1);
  if (!o.checkpoint_dir.empty()) open_checkpoint();
}

const FrolovRowRecord* FrolovRun::done(FrolovFunction which, int m) const {
  for (const auto& r : rows_) {
    if (r.which == which && (which == FrolovFunction::g ? r.g.m : r.f.m) == m) return &r;
  }
  return nullptr;
}

PeriodicRow FrolovRun::load_row(const FrolovRowRecord& r) const {
  PeriodicRow row;
  row.which = r.which;
  row.m = r.which == FrolovFunction::g ? r.g.m : r.f.m;
  row.preperiod = r.which == FrolovFunction::g ? r.g.preperiod : r.f.preperiod;
  row.period = r.which == FrolovFunction::g ? r.g.period : r.f.period;
  if (r.bytes != row.preperiod + row.period) {
    throw InputError("checkpoint: the file of " + std::string(frolov_function_name(r.which)) +
                     " row " + std::to_string(row.m) + " is named with " + std::to_string(r.bytes) +
                     " bytes, not preperiod + period (corrupt)");
  }
  // The file's size is compared with the state's before the row is reserved: a forged state
  // naming 10^15 bytes is a corrupt checkpoint, not an allocation.
  ::close(open_regular_file(path(row_file(r.which, row.m)), r.bytes));
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

std::optional<std::pair<std::int64_t, std::int64_t>> FrolovRun::resume_row(
    FrolovRowWindow& row, FrolovFunction which, int m, std::int64_t store_limit) {
  if (!current_ || current_->which != which || current_->m != m) return std::nullopt;
  if (store_limit >= 0 ? !current_->stream.is_object() ||
                             current_->stream.value("head_columns", std::int64_t{-1}) != store_limit
                       : !current_->stream.is_null()) {
    // A streamed row saved by an earlier search (the whole row in current.bin, or a head of
    // P + T + 1 or P + 2T + 1 columns compared with the passing columns) cannot continue as
    // this one, nor a streamed row as a stored one: the row starts again from column 0; the
    // rows proved before it are kept (core/CERTIFICATES.md, "Checkpoints").
    current_.reset();
    return std::nullopt;
  }
  Fnv1a fnv;
  if (store_limit >= 0) {
    // A compact streamed checkpoint: the head from current.bin, the rest from the state.
    // A head of no column (a row whose window starts at once, P = 0: g's rows 1 and 2) keeps
    // nothing, and current.bin is then never written: there is nothing to read (reading it was
    // "cannot read current.bin" for a stop inside such a row).
    const std::int64_t head = std::min(current_->columns, store_limit);
    if (head > 0) {
      read_prefix(path("current.bin"), head, [&](std::span<const std::int8_t> s) {
        fnv.add(s.data(), static_cast<std::int64_t>(s.size()));
        row.append_restored(s);
      });
    }
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
  read_prefix(path("current.bin"), current_->columns, [&](std::span<const std::int8_t> s) {
    fnv.add(s.data(), static_cast<std::int64_t>(s.size()));
    row.append_restored(s);
  });
  if (fnv.hex() != current_->fnv) {
    throw InputError("checkpoint: '" + path("current.bin") +
                     "' does not match its fingerprint in state.json (corrupt checkpoint)");
  }
  row.finish_restore(current_->row_mask);
  saved_columns_ = current_->columns;
  current_fnv_ = fnv;
  const auto counters = std::make_pair(current_->ja, current_->jb);
  current_.reset();
  return counters;
}

void FrolovRun::start_row(FrolovFunction which, int m, std::int64_t resumed_columns) {
  which_ = which;
  m_ = m;
  if (resumed_columns == 0) {
    saved_columns_ = 0;
    current_fnv_ = Fnv1a{};
    written_marks_ = 0;
    marks_fnv_ = Fnv1a{};
    // The row starts again (a stored row's checkpoint continued as a stream): its first columns
    // are about to replace current.bin, which a stream also truncates to its head, so state.json
    // must stop naming the old one first (a stop in between left a state that could not be
    // resumed: "cannot read current.bin").
    std::error_code ec;
    if (saving() && std::filesystem::exists(path("state.json"), ec)) write_state(nullptr);
  }
  written_columns_ = saved_columns_;
  close_stream();
  last_progress_ = {};
}

void FrolovRun::tick(const FrolovRowWindow& row, std::int64_t ja, std::int64_t jb,
                     std::int64_t shift, std::int64_t need) {
  const auto now = std::chrono::steady_clock::now();
  if (options_.progress && now - last_progress_ >= std::chrono::milliseconds(500)) {
    last_progress_ = now;
    options_.progress({which_, m_, row.computed(), shift, need, cells_ + row.computed()});
  }
  if (saving() && row.computed() - saved_columns_ >= every_) save_current(row, ja, jb);
}

void FrolovRun::finish_row(FrolovRowRecord record, std::span<const std::int8_t> kept,
                           std::int64_t new_cells) {
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

void FrolovRun::save(const FrolovRowWindow& row, std::int64_t ja, std::int64_t jb) {
  if (streamed_) {
    commit_streamed(row);
    return;
  }
  if (saving() && row.computed() > saved_columns_) save_current(row, ja, jb);
}

void FrolovRun::begin_streamed(std::int64_t head, std::function<nlohmann::json()> state,
                               std::function<const std::vector<std::uint64_t>&()> marks) {
  streamed_ = true;
  stream_head_ = head;
  stream_state_ = std::move(state);
  stream_marks_ = std::move(marks);
}

nlohmann::json FrolovRun::take_resumed_stream() {
  return std::exchange(resumed_stream_, nullptr);
}

std::vector<std::uint64_t> FrolovRun::take_resumed_marks() {
  return std::exchange(resumed_marks_, {});
}

void FrolovRun::stream_columns(std::int64_t c0, const std::int8_t* p, std::int64_t n) {
  if (!saving() || c0 + n <= written_columns_) return;
  if (c0 != written_columns_) throw std::logic_error("checkpoint: streamed columns out of order");
  const std::int64_t kept = std::max<std::int64_t>(0, std::min(c0 + n, stream_head_) - c0);
  if (kept > 0) {
    if (stream_fd_ < 0) {
      stream_fd_ =
          ::open(path("current.bin").c_str(),
                 O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | (c0 == 0 ? O_TRUNC : 0), 0644);
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

void FrolovRun::tick_streamed(const FrolovRowWindow& row, std::int64_t shift, std::int64_t need) {
  const auto now = std::chrono::steady_clock::now();
  if (options_.progress && now - last_progress_ >= std::chrono::milliseconds(500)) {
    last_progress_ = now;
    options_.progress({which_, m_, row.computed(), shift, need, cells_ + row.computed()});
  }
  if (saving() && written_columns_ - saved_columns_ >= every_) commit_streamed(row);
}

void FrolovRun::close_stream() {
  if (stream_fd_ >= 0) ::close(stream_fd_);
  stream_fd_ = -1;
}

std::string FrolovRun::row_file(FrolovFunction which, int m) {
  return std::string(frolov_function_name(which)) + "_" + std::to_string(m) + ".bin";
}

std::string FrolovRun::path(const std::string& name) const {
  return (std::filesystem::path(options_.checkpoint_dir) / name).string();
}

void FrolovRun::commit_streamed(const FrolovRowWindow& row) {
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
  FrolovCurrentRecord cur{which_, m_, saved_columns_,     row.row_mask(),
                          1,      1,  current_fnv_.hex(), std::move(state)};
  write_state(&cur);
}

void FrolovRun::read_marks(const nlohmann::json& stream) {
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

void FrolovRun::save_current(const FrolovRowWindow& row, std::int64_t ja, std::int64_t jb) {
  const std::int64_t c = row.computed();
  const std::int8_t* data = row.h().data();
  write_at(path("current.bin"), saved_columns_, data + saved_columns_, c - saved_columns_,
           saved_columns_ == 0);
  current_fnv_.add(data + saved_columns_, c - saved_columns_);
  saved_columns_ = c;
  FrolovCurrentRecord cur{which_, m_, c, row.row_mask(), ja, jb, current_fnv_.hex(), nullptr};
  write_state(&cur);
}

void FrolovRun::write_state(const FrolovCurrentRecord* cur) const {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : rows_) {
    nlohmann::json j = {{"certificate", r.which == FrolovFunction::g ? to_json(r.g) : to_json(r.f)},
                        {"f_bound", r.f_bound},
                        {"cells", r.cells},
                        {"bytes", r.bytes},
                        {"fnv1a64", r.fnv}};
    rows.push_back(std::move(j));
  }
  nlohmann::json current = nullptr;
  if (cur != nullptr) {
    current = {{"function", frolov_function_name(cur->which)},
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

void FrolovRun::open_checkpoint() {
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

void FrolovRun::parse_state(const nlohmann::json& s) {
  const std::string where = "checkpoint: '" + path("state.json") + "'";
  if (s.at("format").get<std::string>() != "igv verify period checkpoint (Frolov rows)" ||
      s.at("version").get<int>() != 1)
    throw InputError(where + " is not a version 1 checkpoint of verify period");
  const std::string game = s.at("game").get<std::string>();
  if (game != game_)
    throw InputError(where + " is a checkpoint of " + game + ", not of " + game_ +
                     " (mismatched checkpoint)");
  // Rows in the order the run proves them: g 0, g 1, …, then (with f) f 0, f 1, …; a
  // checkpoint written before 26 November 2026 holds g 0, f 0, g 1, f 1, …: each function's
  // rows must come in order and start at row 0, whatever the interleaving.
  std::size_t i = 0;
  int next_g = 0, next_f = 0;
  for (const auto& r : s.at("rows")) {
    FrolovRowRecord rec;
    const auto& c = r.at("certificate");
    const std::string function = c.at("function").get<std::string>();
    rec.which = function == "f" ? FrolovFunction::f : FrolovFunction::g;
    int& next = rec.which == FrolovFunction::g ? next_g : next_f;
    const int m = next++;
    if ((function != "g" && !(function == "f" && with_f_)) || c.at("m").get<int>() != m ||
        m > max_row_)
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
    FrolovCurrentRecord c;
    c.which = cur.at("function").get<std::string>() == "f" ? FrolovFunction::f : FrolovFunction::g;
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
      if (!c.stream.is_object()) throw InputError(where + ": 'stream' is not an object (corrupt)");
    }
    // The row in progress is the next one the run would prove (g rows first). An f row in
    // progress before the g rows are all done (the order before 26 November 2026) is not
    // continued: the row starts again once its turn comes.
    if (c.columns < 1 || c.ja < 1 || c.jb < 1 ||
        (c.which == FrolovFunction::g ? c.m != next_g : !with_f_ || c.m != next_f))
      throw InputError(where + ": the row in progress is not the next row (corrupt)");
    if (c.which == FrolovFunction::g || next_g > max_row_) current_ = c;
  }
}

}  // namespace igv
