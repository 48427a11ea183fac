// Wythoff's game (W. A. Wythoff, "A modification of the game of Nim", Nieuw Archief voor
// Wiskunde 7 (1907) 199–202; Winning Ways ch. 3; OEIS A004481 for the Grundy table): two
// heaps x, y; a move removes any positive number of tokens from one heap, or the same positive
// number from both. The rules are written once, here.
#pragma once

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace igv {

/// Rules of Wythoff's game for NaiveSolver: the position is the pair of heaps (x, y).
struct WythoffRules {
  using Position = std::pair<std::int64_t, std::int64_t>;
  struct Hash {
    std::size_t operator()(const Position& p) const noexcept {
      return std::hash<std::int64_t>{}(p.first * 1000003 + p.second);
    }
  };
  /// Every option: (x', y) for 0 <= x' < x, (x, y') for 0 <= y' < y, (x - k, y - k) for
  /// 1 <= k <= min(x, y).
  [[nodiscard]] std::vector<Position> moves(const Position& p) const;
};

}  // namespace igv
