// The naive route for Welter's game: memoised mex over every move, from the rules alone
// (WelterRules + NaiveSolver). Small positions only: the reachable positions are the n-subsets
// of {0, …, max coin}.
#pragma once

#include <cstdint>
#include <vector>

#include "core/base/naive_solver.h"
#include "core/welter/welter_fast_inverse.h"
#include "core/welter/welter_rules.h"

namespace igv {

class WelterNaive {
 public:
  /// Positions whose reachable set may exceed `max_states` are refused with BudgetExceeded. The
  /// memo keeps every position solved so far, across calls (NaiveSolver's own cap applies).
  explicit WelterNaive(std::uint64_t max_states = 3'000'000);

  /// Sprague–Grundy value from the rules.
  Value value(const WelterCoins& coins);

  /// Every winning move, by trying every move.
  std::vector<WelterMove> winning_moves(const WelterCoins& coins);

  [[nodiscard]] std::size_t positions_stored() const { return solver_.positions_stored(); }

 private:
  std::uint64_t max_states_;
  NaiveSolver<WelterRules> solver_;
};

}  // namespace igv
