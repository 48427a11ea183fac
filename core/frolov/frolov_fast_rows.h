// Rows of Frolov's tables as h(m, n) = value(m, n) − n, the fast row kernel, and the compact
// storage of a proved row by one preperiod plus one period.
//
// Source: 000_a85f04da58584fa6 (Frolov 2012), §4, proof of Theorem 1: h(m, n) = g(m, n) − n lies
// in [−m, m − 1] by (G7) and (G8), so a row is a sequence over 2m symbols; for f, Theorem 2's
// rows f(m, n) ≤ m + n and f(m, n) > n − m give h ∈ [−m + 1, m]. Both fit in one signed byte
// for every row this harness can reach (m ≤ 31, see kFrolovWindowMaxRow), so a row is stored as
// std::int8_t, the narrowest type that holds it.
//
// The row kernel (`FrolovRowWindow`) computes row m from proved lower rows with a 64-bit
// sliding window of the values near n. It does not assume (G7)/(G8): it checks, cell by cell,
// that every value leaving the window below was already in the row, and that the mex falls
// inside the window; if either fails it throws std::logic_error rather than return a wrong value.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/base/trusted/primitives.h"
#include "core/frolov/frolov_tables.h"

namespace igv {

/// Highest row the 64-bit window kernel supports: values lie in [n − m − 1, n + m], a span of
/// 2m + 2 ≤ 64 values.
inline constexpr int kFrolovWindowMaxRow = 31;

/// A row known to be arithmetically periodic: h(n + period) = h(n) for n ≥ preperiod
/// (Frolov 2012, Definition 5 with saltus = period). Stores h[0 .. preperiod + period).
struct PeriodicRow {
  FrolovFunction which = FrolovFunction::g;
  int m = 0;
  std::int64_t preperiod = 0;
  std::int64_t period = 1;
  std::vector<std::int8_t> h;

  /// Index into h for column n >= 0 (periodic reduction beyond the stored range); throws
  /// std::out_of_range for a negative column or one whose index the row does not store (a column
  /// from a claims file is never trusted to be in range).
  [[nodiscard]] std::int64_t index(std::int64_t n) const {
    const std::int64_t i = n < preperiod + period ? n : preperiod + (n - preperiod) % period;
    if (n < 0 || i >= static_cast<std::int64_t>(h.size())) {
      throw std::out_of_range("row " + std::to_string(m) + ": column " + std::to_string(n) +
                              " is not a column of the row (columns are 0 or more)");
    }
    return i;
  }
  [[nodiscard]] Value value(std::int64_t n) const {
    return n + h[static_cast<std::size_t>(index(n))];
  }
};

/// One signed byte per column in one anonymous mapping that grows with mremap (the kernel moves
/// page tables, not bytes): growing never copies the columns nor holds a second buffer, and the
/// memory used is the pages the computed columns touch.
class ColumnBytes {
 public:
  /// At most `capacity` columns; std::length_error beyond them, std::bad_alloc when the
  /// mapping cannot grow.
  explicit ColumnBytes(std::int64_t capacity);
  ~ColumnBytes();
  ColumnBytes(const ColumnBytes&) = delete;
  ColumnBytes& operator=(const ColumnBytes&) = delete;

  [[nodiscard]] std::int64_t size() const { return size_; }
  [[nodiscard]] std::int64_t capacity() const { return capacity_; }
  [[nodiscard]] const std::int8_t* data() const { return data_; }
  [[nodiscard]] std::int8_t operator[](std::int64_t n) const { return data_[n]; }
  /// Appends one column.
  void push_back(std::int8_t v) {
    if (size_ == mapped_) grow(size_ + 1);
    data_[size_++] = v;
  }
  /// Appends `count` columns read from `src` (a resumed checkpoint).
  void append(const std::int8_t* src, std::int64_t count);

 private:
  void grow(std::int64_t at_least);
  std::int8_t* data_ = nullptr;
  std::int64_t size_ = 0;
  std::int64_t capacity_ = 0;
  std::int64_t mapped_ = 0;
};

/// Row m of f or g as a stream, column by column, from proved lower rows 0..m−1: the row
/// kernel's whole state (a few bytes per lower row), nothing of the row's columns. A copy
/// continues exactly as the original would (the lower rows are read-only and shared), which
/// is how the streamed period search compares a row with itself without storing it
/// (core/frolov/frolov_period.cpp).
class FrolovRowStream {
 public:
  /// `lower` must hold rows 0..m−1 of the same function, in order; they must outlive this.
  /// `streamed_below` > 0: only rows 0..m − 1 − streamed_below are in `lower`; the values of the
  /// other lower rows are handed to stream_above() column by column (rows not known periodic,
  /// computed beside this one: core/frolov/frolov_lower_bound_search.cpp).
  FrolovRowStream(FrolovFunction which, int m, std::span<const PeriodicRow> lower,
                  int streamed_below = 0);

  /// Columns computed so far.
  [[nodiscard]] std::int64_t computed() const { return column_; }
  /// The values already in the row, relative to the window of the next column (a checkpoint).
  [[nodiscard]] std::uint64_t row_mask() const { return row_mask_; }

  /// Computes the next `count` columns into `out`; throws std::logic_error if the window
  /// invariant fails (which would contradict (G7)/(G8)).
  void stream(std::int8_t* out, std::int64_t count);
  /// stream() for a row with streamed lower rows: `above[r][i]` is h of the r-th streamed row
  /// (in row order) at the i-th of the `count` columns.
  void stream_above(std::int8_t* out, std::int64_t count,
                    std::span<const std::int8_t* const> above);

  /// Continues from a saved state: the stream stands at column `column` with `row_mask`.
  void restore(std::int64_t column, std::uint64_t row_mask);

 private:
  friend class FrolovRowWindow;
  FrolovFunction which_;
  int m_;
  int offset_;  // bit i of a mask stands for the value n − offset_ + i
  std::span<const PeriodicRow> lower_;
  std::vector<std::int64_t> cursor_;  // per lower row: its index for the next column
  std::uint64_t row_mask_ = 0;        // values already in the row, relative to the window
  std::int64_t column_ = 0;           // the next column to compute

  std::int8_t next_column(std::uint64_t taken_above = 0);
};

/// Computes row m of f or g, column by column, from proved lower rows 0..m−1, and stores the
/// columns it computes (one byte each) unless asked to stream them.
class FrolovRowWindow {
 public:
  /// `lower` must hold rows 0..m−1 of the same function, in order; they must outlive this.
  /// `max_columns`: the most columns the row may grow to (address space is reserved for them).
  /// `streamed_below`: as for FrolovRowStream.
  FrolovRowWindow(FrolovFunction which, int m, std::span<const PeriodicRow> lower,
                  std::int64_t max_columns = std::int64_t{1} << 32, int streamed_below = 0);

  /// Computes columns up to (excluding) `count`; throws std::logic_error if the window
  /// invariant fails (which would contradict (G7)/(G8)). `tick` (if set) is called every 2^16
  /// columns, before the column is computed, so that a caller can stop a long run (by throwing
  /// BudgetExceeded) or save the state (computed(), row_mask(), h()).
  void extend_to(std::int64_t count, const std::function<void()>& tick = {});

  /// h(m, n) for every stored column n.
  [[nodiscard]] std::span<const std::int8_t> h() const {
    return {h_.data(), static_cast<std::size_t>(h_.size())};
  }
  /// Columns computed so far, stored or streamed.
  [[nodiscard]] std::int64_t computed() const { return stream_.computed(); }
  /// Columns stored (h() covers [0, stored())): all of them unless stream() was used.
  [[nodiscard]] std::int64_t stored() const { return h_.size(); }
  /// The row kernel's state at computed(): a copy continues the row from there.
  [[nodiscard]] const FrolovRowStream& state() const { return stream_; }

  /// Computes the next `count` columns into `out` without storing them (a streamed row keeps
  /// only its first columns; core/frolov/frolov_period.cpp). Same checks as extend_to.
  void stream(std::int8_t* out, std::int64_t count) { stream_.stream(out, count); }
  /// FrolovRowStream::stream_above.
  void stream_above(std::int8_t* out, std::int64_t count,
                    std::span<const std::int8_t* const> above) {
    stream_.stream_above(out, count, above);
  }
  /// The values already in the row, relative to the window of the next column (a checkpoint).
  [[nodiscard]] std::uint64_t row_mask() const { return stream_.row_mask(); }

  /// Continues a row saved by a checkpoint: append_restored() the saved columns h(m, 0..c−1)
  /// in order (stored when `store`, else only counted: a streamed row), then finish_restore()
  /// with the row_mask() saved at column c.
  void append_restored(std::span<const std::int8_t> columns, bool store = true);
  /// Counts `count` restored columns that are not stored (a streamed row's compact checkpoint).
  void skip_restored(std::int64_t count) { stream_.column_ += count; }
  void finish_restore(std::uint64_t row_mask) { stream_.restore(stream_.column_, row_mask); }

 private:
  FrolovRowStream stream_;
  ColumnBytes h_;
};

/// Rows 0..m of f or g on the columns 0..count − 1 (m ≤ kFrolovWindowMaxRow), each computed by a
/// FrolovRowWindow from the rows below it, which are held whole: row r is returned as a
/// PeriodicRow of preperiod `count` and period 1 whose h covers exactly the columns computed (no
/// period is assumed; a column ≥ count is out of range). One byte a column a row. Throws
/// BudgetExceeded before computing when (m + 1)·count bytes exceed memory_budget().
std::vector<PeriodicRow> frolov_rows_prefix(FrolovFunction which, int m, std::int64_t count);

}  // namespace igv
