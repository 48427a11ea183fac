// Trusted: the checker library, core/frolov/trusted/ (core/README.md, "The proof boundary").
//
// The rules of the three games of Frolov (2012), written once, for NaiveSolver.
//
// Source: 000_a85f04da58584fa6 (Frolov 2012).
//  - MisereRookRules: §3 (G1) and Fig. 1c: the rook game of §1 (a rook moves left or up any
//    number of squares) in which the player who puts the rook on the shaded square (0, 0)
//    loses. A move onto (0, 0) is therefore never made by a player who can avoid it; as the
//    paper does with g(0, 0) = −1 in (G2), we model it as a forbidden square: a rook at (0, 1)
//    or (1, 0) has no move, and (0, 0) is not a position of the game.
//  - HeapThenNimRules: §2, formula (1): the position H_a : *x, one heap of size a followed by
//    a game of value x (a Nim heap). A move lowers the heap (the rest stays), moves in the
//    rest, or, when a = 0, deletes the empty heap together with everything after it (the empty
//    game). Its value is f_a : x. (An empty game is written as the position (−1, 0).)
//  - DigitDeletionRules: §2, first paragraph: a position is a string of decimal digits; a move
//    lowers one digit (to any smaller digit) or deletes a 0 and every digit after it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace igv {

/// Which of Frolov's two functions: f(m, n) = f_m : n (§2, formula (1)) or g, its inverse in n
/// (§3, (G2)).
enum class FrolovFunction { f, g };

/// "f" or "g".
std::string_view to_string(FrolovFunction which);

struct PairHash {
  std::size_t operator()(const std::pair<std::int64_t, std::int64_t>& p) const noexcept {
    return std::hash<std::int64_t>{}(p.first * 0x9e3779b97f4a7c15LL ^ p.second);
  }
};

/// Misère rook game with the forbidden square (0, 0) (Frolov 2012, (G1), Fig. 1c).
struct MisereRookRules {
  using Position = std::pair<std::int64_t, std::int64_t>;
  using Hash = PairHash;
  [[nodiscard]] std::vector<Position> moves(const Position& p) const;
};

/// H_a : *x, the position whose value is f_a : x (Frolov 2012, §2, formula (1)).
struct HeapThenNimRules {
  using Position = std::pair<std::int64_t, std::int64_t>;
  using Hash = PairHash;
  /// The empty game, reached by deleting the empty heap H_0 with everything after it.
  static constexpr Position kEmpty{-1, 0};
  [[nodiscard]] std::vector<Position> moves(const Position& p) const;
};

/// Digital Deletion (Frolov 2012, §2; Conway, ONAG ch. 15).
struct DigitDeletionRules {
  using Position = std::string;
  [[nodiscard]] std::vector<Position> moves(const Position& digits) const;
};

}  // namespace igv
