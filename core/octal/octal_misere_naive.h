// The naive (reference) kernel of `octal-misere:CODE`: the outcome of a sum of heaps of an
// octal game under misère play by memoised search over every move of the rules
// (OctalMisereRules::moves). A position with no move has the misère terminal outcome (a win
// for the player to move: the opponent moved last); any other position is a win when some move
// leads to a loss, else a loss. Positions are memoised canonical (sorted non-empty heaps). No
// theory of misère play is used.
#pragma once

#include <cstddef>
#include <unordered_map>

#include "core/base/naive_solver.h"
#include "core/octal/octal_misere_rules.h"

namespace igv {

class OctalMisereNaiveSolver {
 public:
  explicit OctalMisereNaiveSolver(OctalCode code, std::size_t max_positions = 5'000'000)
      : rules_{std::move(code)}, max_positions_(max_positions) {}

  /// kOctalMisereWin or kOctalMisereLoss for the player to move. Heaps of 0 are ignored.
  /// Throws InputError for a negative heap, BudgetExceeded when more than max_positions
  /// positions would be stored (the family refuses positions above kOctalMisereMaxTokens
  /// before calling it).
  Value outcome(const OctalMisereRules::Position& heaps);

  [[nodiscard]] std::size_t positions_stored() const { return memo_.size(); }
  [[nodiscard]] const OctalMisereRules& rules() const { return rules_; }

 private:
  OctalMisereRules rules_;
  std::size_t max_positions_;
  std::unordered_map<OctalMisereRules::Position, Value, IntVectorHash> memo_;
};

}  // namespace igv
