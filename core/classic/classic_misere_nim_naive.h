// The naive kernel of misère Nim: the outcome of a position by memoised search over every move
// of the rules. A position with no move has the misère terminal outcome (a win for the player
// to move); any other position is a win when some move leads to a loss, else a loss. Positions
// are memoised sorted (the order of the heaps does not change the game). No use of Bouton's
// theorem.
#pragma once

#include <cstddef>
#include <unordered_map>

#include "core/base/naive_solver.h"
#include "core/classic/classic_misere_nim_rules.h"

namespace igv {

class MisereNimNaiveSolver {
 public:
  explicit MisereNimNaiveSolver(std::size_t max_positions = 20'000'000)
      : max_positions_(max_positions) {}

  /// kMisereWin or kMisereLoss for the player to move. Throws BudgetExceeded when more than
  /// max_positions positions would be stored.
  Value outcome(const MisereNimRules::Position& heaps);

  [[nodiscard]] std::size_t positions_stored() const { return memo_.size(); }

 private:
  MisereNimRules rules_;
  std::size_t max_positions_;
  std::unordered_map<MisereNimRules::Position, Value, IntVectorHash> memo_;
};

}  // namespace igv
