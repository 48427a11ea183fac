#include "core/classic/classic_misere_nim_naive.h"

#include <algorithm>
#include <string>

#include "core/base/errors.h"

namespace igv {

namespace {
MisereNimRules::Position sorted(MisereNimRules::Position p) {
  std::sort(p.begin(), p.end());
  return p;
}
}  // namespace

Value MisereNimNaiveSolver::outcome(const MisereNimRules::Position& heaps) {
  const auto start = sorted(heaps);
  if (auto it = memo_.find(start); it != memo_.end()) return it->second;
  // Iterative depth-first search (an explicit stack): a position is decided once every option
  // is, as in NaiveSolver, but with the misère terminal outcome and win/loss instead of mex.
  struct Frame {
    MisereNimRules::Position pos;
    std::vector<MisereNimRules::Position> options;
    std::size_t next = 0;
  };
  const auto frame = [&](const MisereNimRules::Position& p) {
    Frame f{p, rules_.moves(p), 0};
    for (auto& o : f.options) std::sort(o.begin(), o.end());
    return f;
  };
  std::vector<Frame> stack;
  stack.push_back(frame(start));
  while (!stack.empty()) {
    Frame& top = stack.back();
    bool descended = false;
    while (top.next < top.options.size()) {
      if (memo_.find(top.options[top.next]) == memo_.end()) {
        Frame child = frame(top.options[top.next]);
        stack.push_back(std::move(child));
        descended = true;
        break;
      }
      ++top.next;
    }
    if (descended) continue;
    Value result = MisereNimRules::kTerminalOutcome;
    if (!top.options.empty()) {
      result = kMisereLoss;
      for (const auto& o : top.options) {
        if (memo_.at(o) == kMisereLoss) {
          result = kMisereWin;
          break;
        }
      }
    }
    if (memo_.size() >= max_positions_) {
      throw BudgetExceeded("misère Nim naive search: more than " + std::to_string(max_positions_) +
                           " positions would be stored");
    }
    memo_.emplace(std::move(top.pos), result);
    stack.pop_back();
  }
  return memo_.at(start);
}

}  // namespace igv
