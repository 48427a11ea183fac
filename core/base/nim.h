// Nim (Frolov 2012, §1): a sum of heaps H_a + H_b + …; a move takes 1..n from one heap.
// g(H_a + H_b + …) = a ⊕ b ⊕ … (Bouton). Also the rook game g(m, n) = m ⊕ n (Table 1, left),
// which is the two-heap Nim H_m + H_n.
#pragma once

#include <cstdint>
#include <vector>

#include "core/base/naive_solver.h"
#include "core/base/trusted/position.h"

namespace igv {

/// Rules of Nim on a list of heaps: lower one heap to any smaller size.
struct NimRules {
  using Position = std::vector<std::int64_t>;
  using Hash = IntVectorHash;
  [[nodiscard]] std::vector<Position> moves(const Position& heaps) const;
};

/// Rules of the rook game: a rook at (m, n) moves left or up any number of squares,
/// to (m', n) or (m, n') with m' < m, n' < n (Frolov 2012, §1, Fig. 1a).
struct RookRules {
  using Position = std::pair<std::int64_t, std::int64_t>;
  struct Hash {
    std::size_t operator()(const Position& p) const noexcept {
      return std::hash<std::int64_t>{}(p.first * 1000003 + p.second);
    }
  };
  [[nodiscard]] std::vector<Position> moves(const Position& p) const;
};

/// Closed form: the nim-sum of the heaps.
Value nim_value_xor(const Position& heaps);

/// Winning moves of a Nim position from its value: heap i goes to heap_i ⊕ v when smaller.
std::vector<Position> nim_winning_moves_xor(const Position& heaps);

}  // namespace igv
