#include "core/frolov/frolov_pair_stream.h"

#include <algorithm>
#include <bit>
#include <numeric>
#include <stdexcept>
#include <string>

#include "core/base/fault.h"
#include "core/base/trusted/errors.h"
#include "core/base/trusted/memory_budget.h"

namespace igv {

namespace {

/// Bit h + kBias of a table column stands for the value n + h of the column at n.
constexpr int kBias = 32;

}  // namespace

FrolovRowPairStream::FrolovRowPairStream(FrolovFunction which, int m,
                                         std::span<const PeriodicRow> lower,
                                         std::int64_t table_bytes)
    : which_(which), m_(m), lower_(lower) {
  if (m < 2 || m > kFrolovWindowMaxRow)
    throw InputError("Frolov rows " + std::to_string(m - 1) + " and " + std::to_string(m) +
                     ": the pair kernel handles rows 2.." + std::to_string(kFrolovWindowMaxRow));
  if (lower.size() != static_cast<std::size_t>(m - 1))
    throw std::logic_error("FrolovRowPairStream: row " + std::to_string(m) + " needs " +
                           std::to_string(m - 1) + " lower rows, got " +
                           std::to_string(lower.size()));
  for (int i = 0; i < m - 1; ++i) {
    const auto& r = lower[static_cast<std::size_t>(i)];
    if (r.m != i || r.which != which)
      throw std::logic_error("FrolovRowPairStream: lower rows out of order");
    if (r.preperiod < 0 || r.period < 1 ||
        static_cast<std::int64_t>(r.h.size()) != r.preperiod + r.period)
      throw std::logic_error("FrolovRowPairStream: row " + std::to_string(i) +
                             " does not hold one preperiod and one period");
  }
  // The longest prefix of rows whose table fits: P + L columns of 8 bytes, every h in
  // [−kBias, kBias − 1] (so that bit h + kBias is a bit of the word).
  table_bytes =
      std::min<std::int64_t>(table_bytes, static_cast<std::int64_t>(std::min<std::uint64_t>(
                                              memory_budget() / 4, std::uint64_t{1} << 62)));
  std::int64_t P = 0, L = 1;
  for (int i = 0; i < m - 1; ++i) {
    const auto& r = lower[static_cast<std::size_t>(i)];
    const std::int64_t columns = table_bytes / 8;
    const std::int64_t q = L / std::gcd(L, r.period);  // lcm(L, period) = q · period
    if (q > columns / r.period) break;
    const std::int64_t L2 = q * r.period;
    const std::int64_t P2 = std::max(P, r.preperiod);
    if (P2 > columns - L2) break;
    const auto [lo, hi] = std::minmax_element(r.h.begin(), r.h.end());
    if (*lo < -kBias || *hi > kBias - 1) break;
    P = P2;
    L = L2;
    table_rows_ = i + 1;
  }
  if (table_rows_ > 0) {
    table_preperiod_ = P;
    table_.assign(static_cast<std::size_t>(P + L), 0);
    std::uint64_t* t = table_.data();
    for (int i = 0; i < table_rows_; ++i) {
      const PeriodicRow& r = lower[static_cast<std::size_t>(i)];
      const std::int8_t* h = r.h.data();
      const std::int64_t end = r.preperiod + r.period;
      std::int64_t c = 0;
      for (std::int64_t n = 0; n < P + L; ++n) {
        t[n] |= std::uint64_t{1} << (h[c] + kBias);
        if (++c == end) c = r.preperiod;
      }
    }
  }
  below_.row = m - 1;
  top_.row = m;
  for (RowState* s : {&below_, &top_}) {
    s->offset = s->row + 1;
    s->cursor.assign(static_cast<std::size_t>(m - 1 - table_rows_), 0);
  }
  restore(0, (std::uint64_t{1} << below_.offset) - 1, (std::uint64_t{1} << top_.offset) - 1);
}

void FrolovRowPairStream::seek(RowState& s, std::int64_t column) const {
  s.column = column;
  if (!table_.empty()) {
    const auto size = static_cast<std::int64_t>(table_.size());
    s.table_cursor =
        column < size ? column
                      : table_preperiod_ + (column - table_preperiod_) % (size - table_preperiod_);
  }
  for (std::size_t i = 0; i < s.cursor.size(); ++i)
    s.cursor[i] = lower_[static_cast<std::size_t>(table_rows_) + i].index(column);
}

void FrolovRowPairStream::restore(std::int64_t column, std::uint64_t below_mask,
                                  std::uint64_t top_mask) {
  if (column < 0) throw std::logic_error("FrolovRowPairStream::restore: negative column");
  seek(below_, column);
  seek(top_, column);
  below_.row_mask = below_mask;
  top_.row_mask = top_mask;
}

void FrolovRowPairStream::fail_mex(const RowState& s, std::int64_t n) const {
  throw std::logic_error("Frolov row kernel: mex of row " + std::to_string(s.row) + " at column " +
                         std::to_string(n) +
                         " lies above the 64-value window (would contradict (G7))");
}

void FrolovRowPairStream::fail_missing(const RowState& s, std::int64_t n) const {
  throw std::logic_error("Frolov row kernel: value " + std::to_string(n - s.offset) +
                         " missing from row " + std::to_string(s.row) + " after column " +
                         std::to_string(n) + " (would contradict (G8))");
}

namespace {

/// The lower rows read byte by byte (those beyond the table), as raw pointers for the loop.
struct ByteRows {
  static constexpr int kMax = kFrolovWindowMaxRow;
  int count = 0;
  const std::int8_t* h[kMax]{};
  std::int64_t restart[kMax]{};  // preperiod
  std::int64_t end[kMax]{};      // preperiod + period
};

/// The byte rows of `count` lower rows from row `first` on (the rows a lane reads one by one).
ByteRows byte_rows(std::span<const PeriodicRow> lower, int first, std::size_t count) {
  ByteRows bytes;
  bytes.count = static_cast<int>(count);
  for (int i = 0; i < bytes.count; ++i) {
    const PeriodicRow& r = lower[static_cast<std::size_t>(first + i)];
    bytes.h[i] = r.h.data();
    bytes.restart[i] = r.preperiod;
    bytes.end[i] = r.preperiod + r.period;
  }
  return bytes;
}

/// One row's loop state in registers.
struct Lane {
  std::uint64_t row_mask;
  std::int64_t table_cursor;
  std::int64_t cursor[ByteRows::kMax];
  int offset;
  int shift;  // kBias − offset: the table word shifted right by this is the row's window
};

}  // namespace

// The column's values taken in the lower rows, relative to the lane's window; then the mex.
// `fail` is 0 on success, 1 when the mex is above the window, 2 when a value leaves it unseen.
#define IGV_PAIR_STEP(lane, extra, out_h, fail)                                     \
  do {                                                                              \
    std::uint64_t taken_ = (lane).row_mask | (extra);                               \
    if (table != nullptr) {                                                         \
      taken_ |= table[(lane).table_cursor] >> (lane).shift;                         \
      if (++(lane).table_cursor == table_size) (lane).table_cursor = table_restart; \
    }                                                                               \
    for (int r_ = 0; r_ < bytes.count; ++r_) {                                      \
      std::int64_t& c_ = (lane).cursor[r_];                                         \
      const int bit_ = bytes.h[r_][c_] + (lane).offset;                             \
      if (++c_ == bytes.end[r_]) c_ = bytes.restart[r_];                            \
      if (bit_ >= 0 && bit_ < 64) taken_ |= std::uint64_t{1} << bit_;               \
    }                                                                               \
    const int mex_ = std::countr_one(taken_);                                       \
    if (mex_ >= 64) {                                                               \
      (fail) = 1;                                                                   \
      break;                                                                        \
    }                                                                               \
    (lane).row_mask |= std::uint64_t{1} << mex_;                                    \
    if (((lane).row_mask & 1U) == 0) {                                              \
      (fail) = 2;                                                                   \
      break;                                                                        \
    }                                                                               \
    (lane).row_mask >>= 1;                                                          \
    (out_h) = static_cast<std::int8_t>(mex_ - (lane).offset);                       \
  } while (false)

namespace {

Lane load_lane(std::uint64_t row_mask, std::int64_t table_cursor,
               const std::vector<std::int64_t>& cursor, int offset) {
  Lane lane{};
  lane.row_mask = row_mask;
  lane.table_cursor = table_cursor;
  for (std::size_t i = 0; i < cursor.size(); ++i) lane.cursor[i] = cursor[i];
  lane.offset = offset;
  lane.shift = kBias - offset;
  return lane;
}

}  // namespace

void FrolovRowPairStream::stream(std::int8_t* below, std::int8_t* top, std::int64_t count) {
  if (below_.column != top_.column) {
    stream_below(below, count);
    stream_top(below, top, count);
    return;
  }
#if IGV_FAULT_INJECTION
  if (fault::armed_for("rook-misere/rows")) {
    stream_below(below, count);
    stream_top(below, top, count);
    return;
  }
#endif
  const ByteRows bytes = byte_rows(lower_, table_rows_, below_.cursor.size());
  const std::uint64_t* table = table_.empty() ? nullptr : table_.data();
  const auto table_size = static_cast<std::int64_t>(table_.size());
  const std::int64_t table_restart = table_preperiod_;
  Lane a = load_lane(below_.row_mask, below_.table_cursor, below_.cursor, below_.offset);
  Lane b = load_lane(top_.row_mask, top_.table_cursor, top_.cursor, top_.offset);
  const std::int64_t n0 = below_.column;
  std::int64_t i = 0;
  int fail = 0;
  bool top_failed = false;
  for (; i < count; ++i) {
    std::int8_t ha = 0, hb = 0;
    IGV_PAIR_STEP(a, 0, ha, fail);
    if (fail != 0) break;
    // Row m − 1's value n + ha is in row m's column: bit ha + offset of row m's window.
    const int bit = ha + b.offset;
    const std::uint64_t extra = bit >= 0 && bit < 64 ? std::uint64_t{1} << bit : 0;
    IGV_PAIR_STEP(b, extra, hb, fail);
    if (fail != 0) {
      top_failed = true;
      break;
    }
    below[i] = ha;
    top[i] = hb;
  }
  if (fail != 0) {
    const RowState& s = top_failed ? top_ : below_;
    if (fail == 1) fail_mex(s, n0 + i);
    fail_missing(s, n0 + i);
  }
  below_.row_mask = a.row_mask;
  top_.row_mask = b.row_mask;
  below_.table_cursor = a.table_cursor;
  top_.table_cursor = b.table_cursor;
  for (int r = 0; r < bytes.count; ++r) {
    below_.cursor[static_cast<std::size_t>(r)] = a.cursor[r];
    top_.cursor[static_cast<std::size_t>(r)] = b.cursor[r];
  }
  below_.column += count;
  top_.column += count;
}

void FrolovRowPairStream::stream_below(std::int8_t* below, std::int64_t count) {
  stream_top(nullptr, below, count);
}

// Row m − 1 when `below` is null (its own lane, nothing handed from above), else row m.
void FrolovRowPairStream::stream_top(const std::int8_t* below, std::int8_t* out,
                                     std::int64_t count) {
  RowState& s = below == nullptr ? below_ : top_;
  const ByteRows bytes = byte_rows(lower_, table_rows_, s.cursor.size());
  const std::uint64_t* table = table_.empty() ? nullptr : table_.data();
  const auto table_size = static_cast<std::int64_t>(table_.size());
  const std::int64_t table_restart = table_preperiod_;
  Lane a = load_lane(s.row_mask, s.table_cursor, s.cursor, s.offset);
  const std::int64_t n0 = s.column;
  std::int64_t i = 0;
  int fail = 0;
  for (; i < count; ++i) {
    std::uint64_t extra = 0;
    if (below != nullptr) {
      const int bit = below[i] + a.offset;
      if (bit >= 0 && bit < 64) extra = std::uint64_t{1} << bit;
    }
    std::int8_t h = 0;
    IGV_PAIR_STEP(a, extra, h, fail);
    if (fail != 0) break;
#if IGV_FAULT_INJECTION
    if (fault::armed_for("rook-misere/rows")) {
      h = static_cast<std::int8_t>(fault::at("rook-misere/rows",
                                             std::to_string(s.row) + "," + std::to_string(n0 + i),
                                             h + a.offset) -
                                   a.offset);
    }
#endif
    out[i] = h;
  }
  if (fail == 1) fail_mex(s, n0 + i);
  if (fail == 2) fail_missing(s, n0 + i);
  s.row_mask = a.row_mask;
  s.table_cursor = a.table_cursor;
  for (int r = 0; r < bytes.count; ++r) s.cursor[static_cast<std::size_t>(r)] = a.cursor[r];
  s.column += count;
}

#undef IGV_PAIR_STEP

}  // namespace igv
