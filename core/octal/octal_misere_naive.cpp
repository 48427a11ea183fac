#include "core/octal/octal_misere_naive.h"

#include <string>

#include "core/base/errors.h"

namespace igv {

Value OctalMisereNaiveSolver::outcome(const OctalMisereRules::Position& heaps) {
  for (auto h : heaps) {
    if (h < 0) throw InputError("octal-misere naive search: a negative heap " + std::to_string(h));
  }
  const auto start = octal_misere_canonical(heaps);
  if (auto it = memo_.find(start); it != memo_.end()) return it->second;
  // Iterative depth-first search (an explicit stack): a position is decided once every option
  // is. The options from the rules are canonical already.
  struct Frame {
    OctalMisereRules::Position pos;
    std::vector<OctalMisereRules::Position> options;
    std::size_t next = 0;
  };
  std::vector<Frame> stack;
  stack.push_back(Frame{start, rules_.moves(start), 0});
  while (!stack.empty()) {
    Frame& top = stack.back();
    bool descended = false;
    while (top.next < top.options.size()) {
      const auto& option = top.options[top.next];
      if (memo_.find(option) == memo_.end()) {
        Frame child{option, rules_.moves(option), 0};
        stack.push_back(std::move(child));
        descended = true;
        break;
      }
      ++top.next;
    }
    if (descended) continue;
    Value result = OctalMisereRules::kTerminalOutcome;
    if (!top.options.empty()) {
      result = kOctalMisereLoss;
      for (const auto& o : top.options) {
        if (memo_.at(o) == kOctalMisereLoss) {
          result = kOctalMisereWin;
          break;
        }
      }
    }
    if (memo_.size() >= max_positions_) {
      throw BudgetExceeded("octal-misere naive search: more than " +
                           std::to_string(max_positions_) + " positions would be stored");
    }
    memo_.emplace(std::move(top.pos), result);
    stack.pop_back();
  }
  return memo_.at(start);
}

}  // namespace igv
