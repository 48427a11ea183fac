#include "core/frolov/frolov_fast_rows.h"

#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

#include "core/base/trusted/errors.h"
#include "core/base/fault.h"
#include "core/base/trusted/memory_budget.h"

namespace igv {

ColumnBytes::ColumnBytes(std::int64_t capacity) : capacity_(capacity < 1 ? 1 : capacity) {}

ColumnBytes::~ColumnBytes() {
  if (data_ != nullptr) ::munmap(data_, static_cast<std::size_t>(mapped_));
}

void ColumnBytes::grow(std::int64_t at_least) {
  if (at_least > capacity_) {
    throw std::length_error("Frolov row kernel: more than the " + std::to_string(capacity_) +
                            " columns allowed for the row");
  }
  const std::int64_t want =
      std::min(capacity_, std::max({at_least, 2 * mapped_, std::int64_t{1} << 20}));
  void* p = data_ == nullptr ? ::mmap(nullptr, static_cast<std::size_t>(want),
                                      PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                             : ::mremap(data_, static_cast<std::size_t>(mapped_),
                                        static_cast<std::size_t>(want), MREMAP_MAYMOVE);
  if (p == MAP_FAILED) throw std::bad_alloc();
  data_ = static_cast<std::int8_t*>(p);
  mapped_ = want;
}

void ColumnBytes::append(const std::int8_t* src, std::int64_t count) {
  if (count < 0) throw std::logic_error("ColumnBytes::append: negative count");
  if (size_ + count > mapped_) grow(size_ + count);
  std::memcpy(data_ + size_, src, static_cast<std::size_t>(count));
  size_ += count;
}

FrolovRowStream::FrolovRowStream(FrolovFunction which, int m, std::span<const PeriodicRow> lower,
                                 int streamed_below)
    : which_(which), m_(m), offset_(m + 1), lower_(lower), cursor_(lower.size(), 0) {
  if (m < 0 || m > kFrolovWindowMaxRow) {
    throw InputError("Frolov row " + std::to_string(m) + ": the row kernel handles rows 0.." +
                     std::to_string(kFrolovWindowMaxRow));
  }
  if (streamed_below < 0 || streamed_below > m ||
      lower.size() != static_cast<std::size_t>(m - streamed_below)) {
    throw std::logic_error("FrolovRowWindow: row " + std::to_string(m) + " needs " +
                           std::to_string(m - streamed_below) + " lower rows, got " +
                           std::to_string(lower.size()));
  }
  for (int i = 0; i < m - streamed_below; ++i) {
    const auto& r = lower[static_cast<std::size_t>(i)];
    if (r.m != i || r.which != which)
      throw std::logic_error("FrolovRowWindow: lower rows out of order");
  }
  // At n = 0 the window starts at value −offset_: every negative value counts as present.
  row_mask_ = (std::uint64_t{1} << offset_) - 1;
  // Formula (1): row 0 of f never holds 0, so 0 counts as present in that row.
  if (which_ == FrolovFunction::f && m_ == 0) row_mask_ |= std::uint64_t{1} << offset_;
}

FrolovRowWindow::FrolovRowWindow(FrolovFunction which, int m, std::span<const PeriodicRow> lower,
                                 std::int64_t max_columns, int streamed_below)
    : stream_(which, m, lower, streamed_below), h_(max_columns) {}

void FrolovRowWindow::append_restored(std::span<const std::int8_t> columns, bool store) {
  if (store) {
    if (stored() != computed())
      throw std::logic_error("FrolovRowWindow: stored columns after streamed ones");
    h_.append(columns.data(), static_cast<std::int64_t>(columns.size()));
  }
  stream_.column_ += static_cast<std::int64_t>(columns.size());
}

void FrolovRowStream::restore(std::int64_t column, std::uint64_t row_mask) {
  if (column < 0) throw std::logic_error("FrolovRowStream::restore: negative column");
  column_ = column;
  row_mask_ = row_mask;
  for (std::size_t i = 0; i < cursor_.size(); ++i) cursor_[i] = lower_[i].index(column_);
}

inline std::int8_t FrolovRowStream::next_column(std::uint64_t taken_above) {
  const std::int64_t n = column_++;
  std::uint64_t taken = row_mask_ | taken_above;
  for (std::size_t i = 0; i < cursor_.size(); ++i) {
    const PeriodicRow& r = lower_[i];
    std::int64_t& c = cursor_[i];
    const int bit = r.h[static_cast<std::size_t>(c)] + offset_;
    if (++c == r.preperiod + r.period) c = r.preperiod;
    // A column value below the window is below n − offset_, already in the row: irrelevant.
    if (bit >= 0 && bit < 64) taken |= std::uint64_t{1} << bit;
  }
  int bit;
  if (which_ == FrolovFunction::g && m_ == 0 && n == 0) {
    bit = offset_ - 1;  // (G2): g(0, 0) = −1, a negative value already counted as present
  } else {
    bit = std::countr_one(taken);
    if (bit >= 64) {
      throw std::logic_error("Frolov row kernel: mex of row " + std::to_string(m_) + " at column " +
                             std::to_string(n) +
                             " lies above the 64-value window (would contradict (G7))");
    }
  }
  row_mask_ |= std::uint64_t{1} << bit;
  // Moving to column n + 1 drops the value n − offset_ from the window: it must be in the row.
  if ((row_mask_ & 1U) == 0) {
    throw std::logic_error("Frolov row kernel: value " + std::to_string(n - offset_) +
                           " missing from row " + std::to_string(m_) + " after column " +
                           std::to_string(n) + " (would contradict (G8))");
  }
  row_mask_ >>= 1;
#if IGV_FAULT_INJECTION
  if (fault::armed_for("rook-misere/rows")) {
    return static_cast<std::int8_t>(
        fault::at("rook-misere/rows", std::to_string(m_) + "," + std::to_string(n), bit) - offset_);
  }
#endif
  return static_cast<std::int8_t>(bit - offset_);
}

void FrolovRowWindow::extend_to(std::int64_t count, const std::function<void()>& tick) {
  if (stored() != computed() && count > computed())
    throw std::logic_error("FrolovRowWindow: extend_to after stream");
  while (computed() < count) {
    if (tick && (computed() & 0xFFFF) == 0) tick();
    h_.push_back(stream_.next_column());
  }
}

void FrolovRowStream::stream(std::int8_t* out, std::int64_t count) {
  for (std::int64_t i = 0; i < count; ++i) out[i] = next_column();
}

void FrolovRowStream::stream_above(std::int8_t* out, std::int64_t count,
                                   std::span<const std::int8_t* const> above) {
  if (cursor_.size() + above.size() != static_cast<std::size_t>(m_))
    throw std::logic_error("FrolovRowStream::stream_above: wrong number of streamed rows");
  for (std::int64_t i = 0; i < count; ++i) {
    std::uint64_t taken = 0;
    for (const std::int8_t* r : above) {
      const int bit = r[i] + offset_;
      if (bit >= 0 && bit < 64) taken |= std::uint64_t{1} << bit;
    }
    out[i] = next_column(taken);
  }
}

std::vector<PeriodicRow> frolov_rows_prefix(FrolovFunction which, int m, std::int64_t count) {
  if (m < 0 || m > kFrolovWindowMaxRow)
    throw InputError("Frolov rows 0.." + std::to_string(m) + ": the row kernel handles rows 0.." +
                     std::to_string(kFrolovWindowMaxRow));
  if (count < 0) throw std::logic_error("frolov_rows_prefix: negative count");
  // Each row held once, plus the row being computed.
  require_memory_budget(
      saturated_product(static_cast<std::uint64_t>(m) + 2, static_cast<std::uint64_t>(count)),
      "Frolov rows 0.." + std::to_string(m) + " on " + std::to_string(count) + " columns");
  std::vector<PeriodicRow> rows;
  rows.reserve(static_cast<std::size_t>(m) + 1);
  for (int r = 0; r <= m; ++r) {
    PeriodicRow row{which, r, count, 1, {}};
    {
      FrolovRowWindow window(which, r, std::span<const PeriodicRow>(rows.data(), rows.size()),
                             std::max<std::int64_t>(count, 1));
      window.extend_to(count);
      row.h.assign(window.h().begin(), window.h().end());
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace igv
