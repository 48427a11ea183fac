#include "core/octal/octal_misere_naive.h"

#include <string>

#include "core/base/trusted/errors.h"

namespace igv {

static_assert(kOctalMisereLoss == 0 && kOctalMisereWin == 1,
              "outcome_from_options codes a loss 0 and a win 1");

Value OctalMisereNaiveSolver::outcome(const OctalMisereRules::Position& heaps) {
  for (auto h : heaps) {
    if (h < 0) throw InputError("octal-misere naive search: a negative heap " + std::to_string(h));
  }
  // The options from the rules are canonical already.
  return memoised_search(
      memo_, octal_misere_canonical(heaps),
      [this](const OctalMisereRules::Position& p) { return rules_.moves(p); },
      [](std::span<const Value> options) {
        return outcome_from_options(options, OctalMisereRules::kTerminalOutcome);
      },
      max_positions_, "octal-misere naive search");
}

}  // namespace igv
