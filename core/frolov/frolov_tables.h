// Frolov's two tables, f(m, n) = f_m : n and g(m, n) = its inverse in n, computed on a
// rectangle 0 ≤ m < rows, 0 ≤ n < cols.
//
// Source: 000_a85f04da58584fa6 (Frolov 2012, "Digital Deletion and the misère rook game").
//  - f: §2, formula (1): f_m : x = mex{f_m : x', f_{m'} : x | m' < m, x' < x} for m > 0, and
//    f_0 : x = mex{f_0 : x', 0 | x' < x} ("0 must not appear in row 0").
//  - g: §3, property (G2): g(m, n) = mex(R(m, n) ∪ C(m, n)) for m + n > 0, g(0, 0) = −1, where
//    R is the row to the left of (m, n) and C the column above it.
//
// Two routes: `frolov_grid_naive` is the formula read literally (collect every value to the
// left and above, take the mex: O(m + n) per cell); `frolov_grid_sweep` keeps one bitset per row
// and per column with a "lowest absent" pointer each, so that a cell costs a short word scan.
// They share nothing but igv::mex's definition.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/base/trusted/primitives.h"
#include "core/frolov/trusted/frolov_rules.h"

namespace igv {

/// A rectangle of values, row-major: at(m, n) for 0 ≤ m < rows, 0 ≤ n < cols.
struct FrolovGrid {
  FrolovFunction which = FrolovFunction::g;
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  std::vector<Value> cells;

  [[nodiscard]] Value at(std::int64_t m, std::int64_t n) const {
    return cells[static_cast<std::size_t>(m * cols + n)];
  }
};

/// The value at the forbidden corner of g: g(0, 0) = −1 (Frolov 2012, (G2)).
inline constexpr Value kFrolovGCorner = -1;

/// Formula (1) / (G2) read literally: for each cell the mex of the explicit list of values to
/// the left and above (and 0 in row 0 of f). Reference kernel.
FrolovGrid frolov_grid_naive(FrolovFunction which, std::int64_t rows, std::int64_t cols);

/// Same values through per-row and per-column bitsets with lowest-absent pointers. Fast kernel.
FrolovGrid frolov_grid_sweep(FrolovFunction which, std::int64_t rows, std::int64_t cols);

}  // namespace igv
