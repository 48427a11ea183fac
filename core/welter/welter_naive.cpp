#include "core/welter/welter_naive.h"

#include <string>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/position.h"

namespace igv {

WelterNaive::WelterNaive(std::uint64_t max_states)
    : max_states_(max_states), solver_(WelterRules{}) {}

Value WelterNaive::value(const WelterCoins& coins) {
  const std::uint64_t bound = welter_naive_state_bound(coins);
  if (bound > max_states_) {
    throw BudgetExceeded("naive Welter solver: position " + format_int_list(coins) + " may reach " +
                         std::to_string(bound) + " positions, more than " +
                         std::to_string(max_states_));
  }
  return solver_.value(coins);
}

std::vector<WelterMove> WelterNaive::winning_moves(const WelterCoins& coins) {
  return welter_winning_moves_by_trial(coins, [this](const WelterCoins& c) { return value(c); });
}

}  // namespace igv
