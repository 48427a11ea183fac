#include "core/classic/classic_misere_nim_naive.h"

#include <algorithm>
#include <string>

#include "core/base/trusted/errors.h"

namespace igv {

static_assert(kMisereLoss == 0 && kMisereWin == 1,
              "outcome_from_options codes a loss 0 and a win 1");

namespace {
MisereNimRules::Position sorted(MisereNimRules::Position p) {
  std::sort(p.begin(), p.end());
  return p;
}
}  // namespace

Value MisereNimNaiveSolver::outcome(const MisereNimRules::Position& heaps) {
  // Positions are memoised sorted, so the options are sorted too.
  return memoised_search(
      memo_, sorted(heaps),
      [this](const MisereNimRules::Position& p) {
        auto options = rules_.moves(p);
        for (auto& o : options) std::sort(o.begin(), o.end());
        return options;
      },
      [](std::span<const Value> options) {
        return outcome_from_options(options, MisereNimRules::kTerminalOutcome);
      },
      max_positions_, "misère Nim naive search");
}

}  // namespace igv
