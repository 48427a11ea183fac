#include "core/frolov/frolov_tables.h"

#include <bit>
#include <stdexcept>
#include <string>

#include "core/base/trusted/errors.h"

namespace igv {

namespace {

void require_shape(std::int64_t rows, std::int64_t cols) {
  if (rows < 0 || cols < 0) {
    throw InputError("Frolov table: rows and columns must be non-negative, got " +
                     std::to_string(rows) + " x " + std::to_string(cols));
  }
  // A grid stores every cell and the sweep visits each: 2^27 cells (1 GiB of values) is the
  // most that fits. Checked before rows * cols is formed, which could overflow.
  constexpr std::int64_t kMaxCells = std::int64_t{1} << 27;
  if (rows != 0 && cols > kMaxCells / rows) {
    throw BudgetExceeded("Frolov table: " + std::to_string(rows) + " x " + std::to_string(cols) +
                         " cells, more than the " + std::to_string(kMaxCells) + " that fit");
  }
}

}  // namespace

FrolovGrid frolov_grid_naive(FrolovFunction which, std::int64_t rows, std::int64_t cols) {
  require_shape(rows, cols);
  FrolovGrid grid{which, rows, cols, std::vector<Value>(static_cast<std::size_t>(rows * cols), 0)};
  auto cell = [&](std::int64_t m, std::int64_t n) -> Value& {
    return grid.cells[static_cast<std::size_t>(m * cols + n)];
  };
  std::vector<Value> seen;
  for (std::int64_t m = 0; m < rows; ++m) {
    for (std::int64_t n = 0; n < cols; ++n) {
      if (which == FrolovFunction::g && m == 0 && n == 0) {
        cell(m, n) = kFrolovGCorner;  // (G2): g(0, 0) = −1.
        continue;
      }
      seen.clear();
      for (std::int64_t left = 0; left < n; ++left) seen.push_back(cell(m, left));
      for (std::int64_t above = 0; above < m; ++above) seen.push_back(cell(above, n));
      // Formula (1), second line: in row 0 of f the value 0 is excluded.
      if (which == FrolovFunction::f && m == 0) seen.push_back(0);
      cell(m, n) = mex(seen);
    }
  }
  return grid;
}

namespace {

/// A growing set of non-negative integers with its least absent element.
class LowestAbsentSet {
 public:
  void insert(Value v) {
    if (v < 0) return;
    const auto word = static_cast<std::size_t>(v) / 64;
    if (word >= words_.size()) words_.resize(word + 1, 0);
    words_[word] |= std::uint64_t{1} << (static_cast<std::size_t>(v) % 64);
    while (contains(lowest_absent_)) ++lowest_absent_;
  }
  [[nodiscard]] bool contains(Value v) const {
    const auto word = static_cast<std::size_t>(v) / 64;
    return word < words_.size() && ((words_[word] >> (static_cast<std::size_t>(v) % 64)) & 1U);
  }
  [[nodiscard]] Value lowest_absent() const { return lowest_absent_; }
  /// Word `w` of the bitset (0 beyond the end).
  [[nodiscard]] std::uint64_t word(std::size_t w) const {
    return w < words_.size() ? words_[w] : 0;
  }

 private:
  std::vector<std::uint64_t> words_;
  Value lowest_absent_ = 0;
};

/// mex(A ∪ B): every value below max(lowest_absent(A), lowest_absent(B)) is in the union, so
/// the scan starts there and ORs the two bitsets word by word.
Value mex_of_union(const LowestAbsentSet& a, const LowestAbsentSet& b) {
  const Value start = std::max(a.lowest_absent(), b.lowest_absent());
  auto w = static_cast<std::size_t>(start) / 64;
  std::uint64_t word = a.word(w) | b.word(w);
  word |= (std::uint64_t{1} << (static_cast<std::size_t>(start) % 64)) - 1;  // below start
  while (word == ~std::uint64_t{0}) {
    ++w;
    word = a.word(w) | b.word(w);
  }
  return static_cast<Value>(w * 64 + static_cast<std::size_t>(std::countr_one(word)));
}

}  // namespace

FrolovGrid frolov_grid_sweep(FrolovFunction which, std::int64_t rows, std::int64_t cols) {
  require_shape(rows, cols);
  FrolovGrid grid{which, rows, cols, std::vector<Value>(static_cast<std::size_t>(rows * cols), 0)};
  std::vector<LowestAbsentSet> row_sets(static_cast<std::size_t>(rows));
  std::vector<LowestAbsentSet> col_sets(static_cast<std::size_t>(cols));
  // Row 0 of f never holds 0 (formula (1)): mark 0 as taken in that row from the start.
  if (which == FrolovFunction::f && rows > 0) row_sets[0].insert(0);
  for (std::int64_t m = 0; m < rows; ++m) {
    auto& row = row_sets[static_cast<std::size_t>(m)];
    for (std::int64_t n = 0; n < cols; ++n) {
      auto& col = col_sets[static_cast<std::size_t>(n)];
      const Value v = (which == FrolovFunction::g && m == 0 && n == 0) ? kFrolovGCorner
                                                                       : mex_of_union(row, col);
      grid.cells[static_cast<std::size_t>(m * cols + n)] = v;
      row.insert(v);
      col.insert(v);
    }
  }
  return grid;
}

}  // namespace igv
