// Dawson's Kayles from its own rules (003_44ff00b94ceef14c, opening section): two players place
// 1×2 tiles in turn on a 1×n strip of squares, tiles may not overlap, and the player who cannot
// place a tile loses. A position is the set of free squares; a move covers two adjacent free
// squares. This is the independent route to the claim that the strip game is the octal game
// 0.07: the generic NaiveSolver knows nothing of heaps, splits or nim-sums.
#pragma once

#include <cstdint>
#include <vector>

#include "core/base/naive_solver.h"

namespace igv {

struct DawsonStripRules {
  /// Free squares, increasing.
  using Position = std::vector<std::int64_t>;
  using Hash = IntVectorHash;
  /// Every placement of a tile on two free squares x, x + 1.
  [[nodiscard]] std::vector<Position> moves(const Position& free_squares) const;
};

/// The empty 1×n strip: squares 0..n-1 free.
DawsonStripRules::Position empty_strip(std::int64_t n);

}  // namespace igv
