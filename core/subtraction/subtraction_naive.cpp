#include "core/subtraction/trusted/subtraction_naive.h"

#include "core/base/trusted/errors.h"
#include "core/base/trusted/memory_budget.h"

namespace igv {

std::vector<Value> subtraction_values_naive(const SubtractionSet& set, SubtractionPlay play,
                                            std::int64_t count) {
  if (count < 0) throw InputError("subtraction: negative prefix length " + std::to_string(count));
  // The naive kernel stores every value and takes |S| steps for each: 2^28 values (2 GiB) is the
  // most that fits; larger heaps go through the proved period, never through this table.
  constexpr std::int64_t kMaxNaiveValues = std::int64_t{1} << 28;
  if (count > kMaxNaiveValues) {
    throw BudgetExceeded("subtraction: the naive kernel stores every value; " +
                         std::to_string(count) + " values are more than the " +
                         std::to_string(kMaxNaiveValues) + " that fit");
  }
  require_memory_budget(sizeof(Value) * static_cast<std::uint64_t>(count),
                        "the naive subtraction kernel's " + std::to_string(count) + " values");
  const SubtractionRules rules{set};
  std::vector<Value> values;
  values.reserve(static_cast<std::size_t>(count));
  std::vector<SubtractionRules::Position> options;
  MexSet option_values;
  for (std::int64_t n = 0; n < count; ++n) {
    rules.moves(n, options);
    if (options.empty() && play == SubtractionPlay::misere) {
      values.push_back(1);  // a terminal heap wins for the player to move in misère play
      continue;
    }
    option_values.clear();
    for (auto m : options) option_values.add(values[static_cast<std::size_t>(m)]);
    values.push_back(option_values.mex());
  }
  return values;
}

Value subtraction_value_naive(const SubtractionSet& set, SubtractionPlay play, std::int64_t n) {
  if (n < 0) throw InputError("subtraction position: heap " + std::to_string(n) + " is negative");
  return subtraction_values_naive(set, play, n + 1).back();
}

}  // namespace igv
