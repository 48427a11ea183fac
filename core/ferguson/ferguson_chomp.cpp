#include "core/ferguson/ferguson_chomp.h"

#include <algorithm>
#include <limits>
#include <string>

#include "core/base/trusted/errors.h"

namespace igv {

void chomp_require_diagram(const ChompRules::Position& rows, const std::string& what) {
  if (rows.empty()) throw InputError(what + ": the board must keep at least the poisoned square");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (rows[i] < 1) throw InputError(what + ": row " + std::to_string(i + 1) + " has no square");
    if (i > 0 && rows[i] > rows[i - 1]) {
      throw InputError(what + ": row lengths must not increase upwards (row " +
                       std::to_string(i + 1) + " is longer than row " + std::to_string(i) + ")");
    }
  }
}

ChompRules::Position chomp_bite(const ChompRules::Position& rows, std::int64_t column,
                                std::int64_t row) {
  ChompRules::Position out;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::int64_t length =
        static_cast<std::int64_t>(i) + 1 >= row ? std::min(rows[i], column - 1) : rows[i];
    if (length > 0) out.push_back(length);
  }
  return out;
}

ChompRules::Position chomp_rectangle(std::int64_t columns, std::int64_t rows) {
  if (columns < 1 || rows < 1) throw InputError("chomp board: expected at least 1 x 1");
  return ChompRules::Position(static_cast<std::size_t>(rows), columns);
}

std::int64_t chomp_squares(const ChompRules::Position& rows) {
  std::int64_t s = 0;
  for (auto r : rows) s += r;
  return s;
}

std::vector<ChompRules::Position> ChompRules::moves(const Position& rows) const {
  std::vector<Position> out;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (std::int64_t c = 1; c <= rows[r]; ++c) {
      if (r == 0 && c == 1) continue;  // the poisoned square
      out.push_back(chomp_bite(rows, c, static_cast<std::int64_t>(r) + 1));
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The box table. A diagram in a box of R rows and C columns is a non-increasing sequence of R
// lengths in 0..C (zeros for missing rows). Read top-down, a_1 <= a_2 <= … <= a_R; then
// b_i = a_i + (i - 1) is strictly increasing in 0..R+C-1, and rank = sum_i binom(b_i, i) is a
// bijection onto 0..binom(R+C, R)-1 (the combinatorial number system). Lowering any a_i lowers
// b_i and, binom(b, i) being strictly increasing in b >= i - 1, lowers the rank.
// ---------------------------------------------------------------------------------------------
ChompBoxTable::ChompBoxTable(int max_rows, int max_columns, bool outcome_only)
    : rows_(max_rows), columns_(max_columns), outcome_only_(outcome_only) {
  if (max_rows < 1 || max_columns < 1) throw InputError("chomp box: expected at least 1 x 1");
  // One entry per diagram in the box, C(rows + columns, rows) of them: 2^27 is the most that fits
  // (the benchmark's 14 x 14 box has C(28, 14) = 40,116,600). Checked before any table is made.
  constexpr std::uint64_t kMaxDiagrams = std::uint64_t{1} << 27;
  {
    __extension__ typedef unsigned __int128 Wide;  // partial binomials need more than 64 bits
    const std::int64_t k = std::min(max_rows, max_columns);
    const std::int64_t n = std::int64_t{max_rows} + max_columns;
    Wide c = 1;
    for (std::int64_t i = 1; i <= k; ++i) {
      c = c * static_cast<Wide>(n - k + i) / static_cast<Wide>(i);
      if (c > kMaxDiagrams) {
        throw BudgetExceeded("chomp box " + std::to_string(max_rows) + " x " +
                             std::to_string(max_columns) + ": more than " +
                             std::to_string(kMaxDiagrams) + " diagrams");
      }
    }
  }
  const int top = max_rows + max_columns;
  binomial_.assign(static_cast<std::size_t>(top) + 1,
                   std::vector<std::uint64_t>(static_cast<std::size_t>(max_rows) + 2, 0));
  for (int n = 0; n <= top; ++n) {
    binomial_[static_cast<std::size_t>(n)][0] = 1;
    for (int k = 1; k <= max_rows + 1 && k <= n; ++k) {
      binomial_[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)] =
          binomial_[static_cast<std::size_t>(n - 1)][static_cast<std::size_t>(k - 1)] +
          (k <= n - 1 ? binomial_[static_cast<std::size_t>(n - 1)][static_cast<std::size_t>(k)]
                      : 0);
    }
  }
  const std::uint64_t count =
      binomial_[static_cast<std::size_t>(top)][static_cast<std::size_t>(max_rows)];
  if (count > (1ULL << 32)) throw BudgetExceeded("chomp box: more than 2^32 diagrams");
  values_.assign(count, 0);
  const auto R = static_cast<std::size_t>(max_rows);
  // Enumerate b in colex order, which is rank order 0, 1, 2, …
  std::vector<int> b(R);
  for (std::size_t i = 0; i < R; ++i) b[i] = static_cast<int>(i);
  std::vector<int> a(R), bitten(R);
  std::vector<char> seen;
  for (std::uint64_t index = 0; index < count; ++index) {
    for (std::size_t i = 0; i < R; ++i) a[i] = b[i] - static_cast<int>(i);  // top-down lengths
    // a[R-1] is the bottom row, which holds the poison; a[R-1] == 0 is the empty board, which
    // is not a position (the poison was eaten); give it value 0, it is never read.
    seen.assign(static_cast<std::size_t>(a[R - 1]) * R + 2, 0);
    bool found_p = false;
    for (std::size_t r = 0; r < R && !found_p; ++r) {  // r: row from the top (R-1 = bottom)
      for (int c = 1; c <= a[r] && !found_p; ++c) {    // bite at column c of that row
        if (r == R - 1 && c == 1) continue;            // the poisoned square
        // Rows at or above r (indices <= r) are cut to c - 1.
        for (std::size_t i = 0; i < R; ++i) bitten[i] = i <= r ? std::min(a[i], c - 1) : a[i];
        const Value v = values_[rank(bitten)];
        if (outcome_only_) {
          if (v == 0) found_p = true;
        } else if (static_cast<std::size_t>(v) < seen.size()) {
          seen[static_cast<std::size_t>(v)] = 1;
        }
      }
    }
    Value result = 0;
    if (outcome_only_) {
      result = found_p ? 1 : 0;
    } else {
      while (seen[static_cast<std::size_t>(result)]) ++result;
    }
    if (result > std::numeric_limits<std::uint16_t>::max())
      throw BudgetExceeded("chomp box: value above 16 bits");
    values_[index] = static_cast<std::uint16_t>(result);
    // Next combination in colex order.
    std::size_t i = 0;
    while (i + 1 < R && b[i] + 1 == b[i + 1]) ++i;
    ++b[i];
    for (std::size_t j = 0; j < i; ++j) b[j] = static_cast<int>(j);
  }
}

std::uint64_t ChompBoxTable::rank(const std::vector<int>& lengths_top_down) const {
  std::uint64_t r = 0;
  for (std::size_t i = 0; i < lengths_top_down.size(); ++i) {
    r += binomial_[static_cast<std::size_t>(lengths_top_down[i]) + i][i + 1];
  }
  return r;
}

Value ChompBoxTable::value(const ChompRules::Position& rows) const {
  chomp_require_diagram(rows, "chomp position");
  if (static_cast<int>(rows.size()) > rows_ || rows.front() > columns_) {
    throw InputError("chomp position does not fit the " + std::to_string(columns_) + " x " +
                     std::to_string(rows_) + " box of this table");
  }
  std::vector<int> top_down(static_cast<std::size_t>(rows_), 0);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    top_down[static_cast<std::size_t>(rows_) - 1 - i] = static_cast<int>(rows[i]);
  }
  return values_[rank(top_down)];
}

}  // namespace igv
