// Thirteen (Geoffrey Mott-Smith, 1954), Ferguson §1.5 exercise 3 (004_2d19be0a5059ae39):
// the A, 2, 3, 4, 5 and 6 of each of the four suits (24 cards) lie face up; players take turns
// turning a card over and adding its value (an ace counts 1) to a running total; the first
// player to make the total exceed 31 loses.
//
// A player who can only exceed 31 must do so and loses, so the game is normal play with the
// moves "turn an unturned card that keeps the total at most 31". A position is how many cards of
// each value have been turned; the total follows from it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/naive_solver.h"
#include "core/base/trusted/primitives.h"

namespace igv {

/// Card values A..6 (the exercise: "A, 2, 3, 4, 5 and 6 of each suit").
inline constexpr int kThirteenCardValues = 6;
/// Four suits, so each value can be chosen at most four times.
inline constexpr int kThirteenCopiesPerValue = 4;
/// "The first player to make the total exceed 31 loses."
inline constexpr int kThirteenLimit = 31;

/// Rules of Thirteen. Position: counts[v-1] = cards of value v turned so far (0..4).
struct ThirteenRules {
  using Position = std::vector<std::int64_t>;
  using Hash = IntVectorHash;
  [[nodiscard]] std::vector<Position> moves(const Position& counts) const;
};

/// The running total of a position: sum of v * counts[v-1].
std::int64_t thirteen_total(const ThirteenRules::Position& counts);

/// The start: no card turned.
ThirteenRules::Position thirteen_start();

/// Fast route: Sprague–Grundy values of every position with total <= 31, computed bottom-up
/// over an array indexed by the counts in base 5 (5^6 = 15625 entries), in decreasing order of
/// the total (a move always raises it). Shares nothing with NaiveSolver but the rules and mex.
class ThirteenTable {
 public:
  ThirteenTable();
  /// Value of a position (counts 0..4, total <= 31).
  [[nodiscard]] Value value(const ThirteenRules::Position& counts) const;
  /// Positions with total <= 31 (the state space solved).
  [[nodiscard]] std::size_t positions() const { return positions_; }

 private:
  std::vector<Value> values_;  // -1 for count vectors whose total exceeds 31
  std::size_t positions_ = 0;
};

/// One turn of a simulated play of exercise 3(a).
struct ThirteenTurn {
  int player = 1;          ///< 1 = the first player, 2 = the opponent
  int card = 0;            ///< the card turned (0 when the player had no move within 31)
  std::int64_t total = 0;  ///< the total after the turn
  std::string note;        ///< why this card
};

/// Exercise 3(a): the first player follows the strategy of exercise 2 (move so that 31 minus
/// the total is a P-position of the subtraction game with S = {1, …, 6}, the P-positions being
/// found by the §1.3 labelling of that game), the opponent always turns a 4. The play stops at
/// the first turn where the strategy's card is no longer available; `exact_value_at_break` is
/// the Sprague–Grundy value (from the rules) of the position the first player then faces.
struct ThirteenStrategyPlay {
  std::vector<ThirteenTurn> turns;
  bool strategy_broke = false;
  int needed_card = 0;  ///< the card the strategy wanted when it broke
  ThirteenRules::Position position_at_break;
  Value exact_value_at_break = -1;
  std::vector<int> legal_cards_at_break;  ///< cards the first player may still turn
};
ThirteenStrategyPlay thirteen_play_subtraction_strategy_vs_fours();

}  // namespace igv
