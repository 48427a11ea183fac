// Empty and Divide (Ferguson 1998), Ferguson §1.5 (004_2d19be0a5059ae39): two boxes hold m and
// n chips (m, n > 0), written (m, n). A move empties one box and divides the contents of the
// other between the two boxes, at least one chip in each. The only terminal position is (1, 1);
// the last player to move wins. The exercise asks for all P-positions.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/base/trusted/primitives.h"

namespace igv {

/// Rules of Empty and Divide. Position (m, n), both >= 1.
struct EmptyDivideRules {
  using Position = std::pair<std::int64_t, std::int64_t>;
  struct Hash {
    std::size_t operator()(const Position& p) const noexcept {
      return std::hash<std::int64_t>{}(p.first * 1'000'003 + p.second);
    }
  };
  /// Empty box 1 and split n, or empty box 2 and split m: every (a, k - a), 1 <= a < k.
  [[nodiscard]] std::vector<Position> moves(const Position& p) const;
};

/// Fast route, a closed form found by this harness and checked against the naive solver on the
/// stated domains (see properties/ferguson/ferguson_claim_checkers_empty_divide.cpp): the
/// Sprague–Grundy value of (m, n) is the position of the lowest 0 bit of (m - 1) OR (n - 1). It is
/// used as a kernel only because the cross-check tests compare it with the rules on every (m, n)
/// <= 64.
Value empty_divide_value_lowest_zero_bit(std::int64_t m, std::int64_t n);

/// Sprague–Grundy values of every (m, n) with 1 <= m, n <= size, bottom-up over a table
/// (independent of NaiveSolver's hash map). Row-major, entry (m-1)*size + (n-1).
std::vector<Value> empty_divide_value_table(std::int64_t size);

}  // namespace igv
