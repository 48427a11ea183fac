// The fast Grundy kernel of Wythoff's game: the table swept row by row with bitsets.
//
// G(x, y) is the mex of the values already in row x (G(x, y'), y' < y), in column y
// (G(x', y), x' < x) and on the diagonal y - x (G(x - k, y - k)). The sweep keeps one bitset of
// the values taken in the current row, one per column and one per diagonal, and for each of them
// the least value it lacks (its own mex, which only grows). Every value below the largest of the
// three is in the union, so the mex of the union is found by scanning words from there: a few
// word operations per square instead of the x + y + min(x, y) options the naive kernel reads.
// The bitsets are as wide as the number of options of the last square, so no bound on the
// values is assumed.
//
// Memory: about (2 cols + rows) * (rows + cols + min(rows, cols)) / 8 bytes of bitsets, plus
// four bytes per square when the table is kept.
#pragma once

#include <cstdint>
#include <vector>

#include "core/base/trusted/primitives.h"

namespace igv {

class WythoffGrundyTable {
 public:
  /// G(x, y) for 0 <= x < rows, 0 <= y < cols. Throws BudgetExceeded when memory_bytes(rows,
  /// cols, true) exceeds `max_bytes` (at once, before allocating).
  WythoffGrundyTable(std::int64_t rows, std::int64_t cols,
                     std::uint64_t max_bytes = std::uint64_t{1} << 30);

  [[nodiscard]] std::int64_t rows() const { return rows_; }
  [[nodiscard]] std::int64_t cols() const { return cols_; }
  /// G(x, y); throws std::out_of_range outside the table.
  [[nodiscard]] Value value(std::int64_t x, std::int64_t y) const;

  /// Bytes the sweep of a rows x cols table holds (with the table itself when `keep_table`).
  static std::uint64_t memory_bytes(std::int64_t rows, std::int64_t cols, bool keep_table);

 private:
  std::int64_t rows_, cols_;
  std::vector<std::uint32_t> table_;
};

/// G(x, y) alone: the sweep of rows 0..min(x, y) over columns 0..max(x, y), only the squares
/// on or above the diagonal (G is symmetric: the rules treat the two heaps alike), keeping no
/// table. Throws BudgetExceeded when the
/// sweep would hold more than `max_bytes` or visit more than `max_squares` squares.
Value wythoff_grundy_value(std::int64_t x, std::int64_t y,
                           std::uint64_t max_bytes = std::uint64_t{1} << 28,
                           std::uint64_t max_squares = std::uint64_t{1} << 27);

}  // namespace igv
