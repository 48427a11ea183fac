// Rows m − 1 and m of f or g streamed together from proved rows 0..m − 2, with fewer reads a
// column than two FrolovRowStream (core/frolov/frolov_fast_rows.h): the producer's kernel of a
// row's lower bound (core/frolov/frolov_lower_bound_search.cpp).
//
// Source: 000_a85f04da58584fa6 (Frolov 2012), §4. The lower rows are periodic after their
// preperiods, so the set of values that a group of them puts in column n (one bit a value,
// relative to n) is itself a periodic sequence: of period L = the lcm of their periods, from
// P = the largest of their preperiods. FrolovRowPairStream builds that sequence once for the
// longest prefix of rows 0..m − 2 whose table fits kPairMaskTableBytes (8 bytes a column of
// P + L; rows 0..12 under row 15: t₁₂ = 50,803,200 columns, 406 MB), reads the remaining lower
// rows one byte a column as FrolovRowStream does (row 13 under row 15), and hands row m − 1's
// value to row m as it is computed. A column of the two rows then costs one 8-byte read and one
// byte read per row instead of m − 1 and m reads.
//
// The window of each row is FrolovRowStream's (bit i of a row's mask stands for the value
// n − (row + 1) + i), so row_mask() and restore() are interchangeable with two FrolovRowStream's
// (a checkpoint of either continues with the other), and the same checks are made cell by cell:
// a value leaving the window below must be in the row, the mex must fall in the window, else
// std::logic_error rather than a wrong value. Nothing is assumed of the values: a table row whose
// h lies outside [−32, 31] is left to the byte-read rows.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/frolov/frolov_fast_rows.h"

namespace igv {

/// Most bytes of the periodic mask table (the rows beyond go byte by byte).
inline constexpr std::int64_t kPairMaskTableBytes = std::int64_t{1} << 30;

class FrolovRowPairStream {
 public:
  /// `lower` must hold rows 0..m − 2 of the same function, in order (m ≥ 2); they must outlive
  /// this. `table_bytes`: the most bytes the mask table may take (0: no table, every lower row
  /// read byte by byte, as two FrolovRowStream do: a reference for the tests and the benchmark).
  FrolovRowPairStream(FrolovFunction which, int m, std::span<const PeriodicRow> lower,
                      std::int64_t table_bytes = kPairMaskTableBytes);

  /// Rows of `lower` whose values come from the table (rows 0..table_rows() − 1).
  [[nodiscard]] int table_rows() const { return table_rows_; }
  /// Columns of the table (its preperiod plus its period), 0 without a table.
  [[nodiscard]] std::int64_t table_columns() const {
    return static_cast<std::int64_t>(table_.size());
  }

  /// Both rows' next `count` columns, h(m − 1, ·) into `below` and h(m, ·) into `top`, in one
  /// loop on one core.
  void stream(std::int8_t* below, std::int8_t* top, std::int64_t count);
  /// Row m − 1 alone, its next `count` columns (with stream_top, the two rows can run on two
  /// threads, row m a block behind row m − 1; the two rows' states are independent).
  void stream_below(std::int8_t* below, std::int64_t count);
  /// Row m alone, its next `count` columns, given row m − 1's values at those columns.
  void stream_top(const std::int8_t* below, std::int8_t* top, std::int64_t count);

  [[nodiscard]] std::int64_t below_computed() const { return below_.column; }
  [[nodiscard]] std::int64_t top_computed() const { return top_.column; }
  [[nodiscard]] std::uint64_t below_mask() const { return below_.row_mask; }
  [[nodiscard]] std::uint64_t top_mask() const { return top_.row_mask; }
  /// Both rows continue from column `column` with the saved masks (FrolovRowStream::row_mask).
  void restore(std::int64_t column, std::uint64_t below_mask, std::uint64_t top_mask);

 private:
  /// One row's state: its column, mask and cursors into the table and the byte rows.
  struct RowState {
    int row = 0;     // m − 1 or m
    int offset = 0;  // row + 1: bit i stands for the value n − offset + i
    std::int64_t column = 0;
    std::uint64_t row_mask = 0;
    std::int64_t table_cursor = 0;
    std::vector<std::int64_t> cursor;  // per byte row: its index for the next column
  };
  void seek(RowState& s, std::int64_t column) const;
  [[noreturn]] void fail_mex(const RowState& s, std::int64_t n) const;
  [[noreturn]] void fail_missing(const RowState& s, std::int64_t n) const;

  FrolovFunction which_;
  int m_;
  std::span<const PeriodicRow> lower_;
  int table_rows_ = 0;
  std::int64_t table_preperiod_ = 0;
  std::vector<std::uint64_t> table_;  // bit h + 32 for each h of a table row at the column
  RowState below_, top_;
};

}  // namespace igv
