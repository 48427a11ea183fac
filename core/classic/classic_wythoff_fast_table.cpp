#include "core/classic/classic_wythoff_fast_table.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/memory_budget.h"

namespace igv {

namespace {

/// Words per bitset: room for every value up to the number of options of the last square
/// (rows - 1) + (cols - 1) + min(rows, cols) - 1, which bounds every mex of the sweep.
std::uint64_t words_per_set(std::int64_t rows, std::int64_t cols) {
  const auto bits = static_cast<std::uint64_t>(rows + cols + std::min(rows, cols));
  return bits / 64 + 1;
}

void check_size(std::int64_t rows, std::int64_t cols) {
  if (rows < 0 || cols < 0 || rows > (std::int64_t{1} << 30) || cols > (std::int64_t{1} << 30)) {
    throw BudgetExceeded("Wythoff table of " + std::to_string(rows) + " x " + std::to_string(cols) +
                         " squares: outside what can be swept");
  }
}

/// The sweep: calls visit(x, y, G(x, y)) for every square, row by row. With `upper` (and
/// rows <= cols) only the squares y >= x: G is symmetric (the rules treat the two heaps alike),
/// so the values of row x left of the diagonal, G(x, y') for y' < x, are those of column x
/// above it, G(y', x), already computed: the row's set starts as a copy of column x's.
template <bool upper, class Visit>
void sweep(std::int64_t rows, std::int64_t cols, Visit&& visit) {
  if (rows == 0 || cols == 0) return;
  if (upper && rows > cols) throw std::logic_error("Wythoff upper sweep with rows > cols");
  const std::uint64_t words = words_per_set(rows, cols);
  const auto R = static_cast<std::size_t>(rows), C = static_cast<std::size_t>(cols);
  const std::size_t diagonals = upper ? C : R + C - 1;
  std::vector<std::uint64_t> row(words), col(C * words), diag(diagonals * words);
  std::vector<std::uint64_t> col_low(C, 0), diag_low(diagonals, 0);
  const auto has = [](const std::uint64_t* set, std::uint64_t v) {
    return ((set[v / 64] >> (v % 64)) & 1) != 0;
  };
  const auto put = [&has](std::uint64_t* set, std::uint64_t v, std::uint64_t& low) {
    set[v / 64] |= std::uint64_t{1} << (v % 64);
    while (has(set, low)) ++low;
  };
  for (std::size_t x = 0; x < R; ++x) {
    std::uint64_t row_low = 0;
    std::size_t y0 = 0;
    if constexpr (upper) {
      std::copy(col.begin() + static_cast<std::ptrdiff_t>(x * words),
                col.begin() + static_cast<std::ptrdiff_t>((x + 1) * words), row.begin());
      row_low = col_low[x];
      y0 = x;
    } else {
      std::fill(row.begin(), row.end(), 0);
    }
    for (std::size_t y = y0; y < C; ++y) {
      std::uint64_t* c = col.data() + y * words;
      // Diagonal y - x, shifted to be >= 0 when the sweep has squares below the diagonal.
      const std::size_t d = upper ? y - x : y + R - 1 - x;
      std::uint64_t* g = diag.data() + d * words;
      // Every value below `from` is in one of the three sets.
      const std::uint64_t from = std::max({row_low, col_low[y], diag_low[d]});
      std::uint64_t w = from / 64;
      std::uint64_t v = 0;
      for (;; ++w) {
        if (w >= words) throw std::logic_error("Wythoff sweep: a mex beyond the bitsets");
        const std::uint64_t taken = row[w] | c[w] | g[w];
        if (taken != ~std::uint64_t{0}) {
          v = w * 64 + static_cast<unsigned>(std::countr_one(taken));
          break;
        }
      }
      visit(static_cast<std::int64_t>(x), static_cast<std::int64_t>(y), v);
      put(row.data(), v, row_low);
      put(c, v, col_low[y]);
      put(g, v, diag_low[d]);
    }
  }
}

}  // namespace

std::uint64_t WythoffGrundyTable::memory_bytes(std::int64_t rows, std::int64_t cols,
                                               bool keep_table) {
  check_size(rows, cols);
  const auto R = static_cast<std::uint64_t>(rows), C = static_cast<std::uint64_t>(cols);
  const std::uint64_t words = words_per_set(rows, cols);
  std::uint64_t bytes = 8 * words * (1 + C + R + C) + 8 * (R + 2 * C);
  if (keep_table) bytes += 4 * R * C;
  return bytes;
}

WythoffGrundyTable::WythoffGrundyTable(std::int64_t rows, std::int64_t cols,
                                       std::uint64_t max_bytes)
    : rows_(rows), cols_(cols) {
  const std::uint64_t bytes = memory_bytes(rows, cols, true);
  if (bytes > max_bytes) {
    throw BudgetExceeded("Wythoff table of " + std::to_string(rows) + " x " + std::to_string(cols) +
                         " squares needs " + std::to_string(bytes >> 20) + " MiB, more than the " +
                         std::to_string(max_bytes >> 20) + " MiB allowed");
  }
  require_memory_budget(bytes, "the Wythoff table of " + std::to_string(rows) + " x " +
                                   std::to_string(cols) + " squares");
  table_.resize(static_cast<std::size_t>(rows * cols));
  sweep<false>(rows, cols, [&](std::int64_t x, std::int64_t y, std::uint64_t v) {
    if (v > 0xFFFFFFFFu) throw BudgetExceeded("Wythoff table: a value above 2^32");
    table_[static_cast<std::size_t>(x * cols + y)] = static_cast<std::uint32_t>(v);
  });
}

Value WythoffGrundyTable::value(std::int64_t x, std::int64_t y) const {
  if (x < 0 || y < 0 || x >= rows_ || y >= cols_) {
    throw std::out_of_range("Wythoff table: G(" + std::to_string(x) + ", " + std::to_string(y) +
                            ") asked, the table covers " + std::to_string(rows_) + " x " +
                            std::to_string(cols_) + " squares");
  }
  return table_[static_cast<std::size_t>(x * cols_ + y)];
}

Value wythoff_grundy_value(std::int64_t x, std::int64_t y, std::uint64_t max_bytes,
                           std::uint64_t max_squares) {
  if (x < 0 || y < 0) throw std::out_of_range("Wythoff position with a negative heap");
  const std::int64_t rows = std::min(x, y) + 1, cols = std::max(x, y) + 1;
  check_size(rows, cols);
  const std::uint64_t bytes = WythoffGrundyTable::memory_bytes(rows, cols, false);
  const auto squares = static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(cols);
  if (bytes > max_bytes || squares > max_squares) {
    throw BudgetExceeded("the Grundy value of Wythoff's (" + std::to_string(x) + ", " +
                         std::to_string(y) + ") needs a sweep of " + std::to_string(squares) +
                         " squares and " + std::to_string(bytes >> 20) + " MiB (at most " +
                         std::to_string(max_squares) + " squares and " +
                         std::to_string(max_bytes >> 20) + " MiB are swept)");
  }
  require_memory_budget(bytes, "the Wythoff sweep of " + std::to_string(squares) + " squares");
  Value out = -1;
  sweep<true>(rows, cols, [&](std::int64_t a, std::int64_t b, std::uint64_t v) {
    if (a == rows - 1 && b == cols - 1) out = static_cast<Value>(v);
  });
  return out;
}

}  // namespace igv
