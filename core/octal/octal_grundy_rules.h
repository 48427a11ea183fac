// Grundy's game (Berlekamp, Conway, Guy, Winning Ways, 2nd ed., vol. 1, ch. 4; OEIS A002188):
// a move splits one heap into two non-empty heaps of different sizes. A heap of 1 or 2 has no
// move. A position is a sum of heaps; its value is the nim-sum of the heaps' values.
//
// The rules are written once, here: every kernel enumerates a heap's moves through
// for_each_grundy_split().
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace igv {

/// One move of a heap n: the two heaps it leaves, `smaller` < `larger`, smaller + larger = n.
struct GrundySplit {
  std::int64_t smaller = 0;
  std::int64_t larger = 0;
  friend bool operator==(const GrundySplit&, const GrundySplit&) = default;
};

/// Calls fn(GrundySplit) for every move of a heap of size n: n = a + (n - a) with
/// 1 <= a < n - a (the two heaps non-empty and unequal), each unordered split once.
template <class Fn>
void for_each_grundy_split(std::int64_t n, Fn&& fn) {
  for (std::int64_t a = 1; a < n - a; ++a) fn(GrundySplit{a, n - a});
}

/// Every move of a heap of size n, as for_each_grundy_split lists them.
std::vector<GrundySplit> grundy_splits(std::int64_t n);

/// Rules of Grundy's game on a sum of heaps for NaiveSolver: a move replaces one heap by the
/// two unequal heaps of a split. Positions are kept sorted (a sum does not depend on order).
struct GrundySumRules {
  using Position = std::vector<std::int64_t>;
  struct Hash {
    std::size_t operator()(const Position& p) const noexcept;
  };
  [[nodiscard]] std::vector<Position> moves(const Position& heaps) const;
};

}  // namespace igv
