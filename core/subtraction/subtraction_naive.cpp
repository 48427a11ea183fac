#include "core/subtraction_naive.h"

#include "core/errors.h"

namespace igv {

std::vector<Value> subtraction_values_naive(const SubtractionSet& set, SubtractionPlay play,
                                            std::int64_t count) {
  if (count < 0) throw InputError("subtraction: negative prefix length " + std::to_string(count));
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
