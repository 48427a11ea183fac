// Chomp (Schuh 1952, Gale 1974), Ferguson §1.5 (004_2d19be0a5059ae39): squares are removed from
// an m x n board; a move takes a square and removes every square to its right and above it;
// whoever takes the (1, 1) square, which is poisoned, loses.
//
// Squares are (column, row), (1, 1) the poisoned corner at the lower left, as the notes'
// coordinates (6, 2) and (2, 3) on the 8 x 3 board require (the board has 3 rows, so the second
// coordinate is the row). A position is a Young diagram: its row lengths from the bottom row up,
// non-increasing. Taking the poison is never a winning move, so the game is normal play on the
// moves that keep (1, 1): the position with only the poison left is terminal, and a P-position.
#pragma once

#include <cstdint>
#include <vector>

#include "core/base/naive_solver.h"
#include "core/base/trusted/primitives.h"

namespace igv {

/// Rules of Chomp. Position: row lengths, bottom row first, non-increasing, all >= 1.
struct ChompRules {
  using Position = std::vector<std::int64_t>;
  using Hash = IntVectorHash;
  /// Every bite at a square other than (1, 1).
  [[nodiscard]] std::vector<Position> moves(const Position& rows) const;
};

/// The board after biting square (column, row) (1-based): every row >= `row` is cut to at most
/// column - 1 squares; empty rows disappear.
ChompRules::Position chomp_bite(const ChompRules::Position& rows, std::int64_t column,
                                std::int64_t row);

/// The full board with `columns` columns and `rows` rows.
ChompRules::Position chomp_rectangle(std::int64_t columns, std::int64_t rows);

/// Squares of a position.
std::int64_t chomp_squares(const ChompRules::Position& rows);

/// Checks that `rows` is a Young diagram (non-increasing, positive); throws InputError.
void chomp_require_diagram(const ChompRules::Position& rows, const std::string& what);

/// Fast route: Sprague–Grundy values of every Young diagram inside a box of `max_rows` rows and
/// `max_columns` columns, in an array indexed by the combinatorial number system (a bite lowers
/// some row lengths, which strictly lowers the index, so ascending order solves options first).
/// With `outcome_only`, only P (0) / N (1) is stored and a position stops at its first move to a
/// P-position — enough for "who wins" questions, and several times faster.
class ChompBoxTable {
 public:
  ChompBoxTable(int max_rows, int max_columns, bool outcome_only = false);
  /// Value (or 0/1 outcome) of a diagram that fits in the box.
  [[nodiscard]] Value value(const ChompRules::Position& rows) const;
  [[nodiscard]] std::uint64_t diagrams() const { return values_.size(); }
  [[nodiscard]] std::uint64_t bytes() const { return values_.size() * sizeof(values_[0]); }

 private:
  [[nodiscard]] std::uint64_t rank(const std::vector<int>& lengths_top_down) const;
  int rows_, columns_;
  bool outcome_only_;
  std::vector<std::vector<std::uint64_t>> binomial_;
  std::vector<std::uint16_t> values_;
};

}  // namespace igv
