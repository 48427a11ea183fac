// The generic naive solver: Sprague–Grundy values straight from a game's rules.
//
// A `Rules` type supplies `using Position = …;`, a hash for it (`Rules::Hash`, or std::hash),
// and `std::vector<Position> moves(const Position&) const`. The value of a position is the mex
// of the values of its options (Frolov 2012, Definition 3). The search is iterative (an explicit
// stack), so deep games do not overflow the call stack, and memoised in a hash map.
//
// This is the reference route for every game: it knows nothing but the rules and mex. Its search,
// memoised_search, is also the naive kernels' of the misère games (octal-misere, misere-nim),
// which decide a position by win/loss (outcome_from_options) instead of mex.
#pragma once

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/primitives.h"

namespace igv {

/// Hash for std::vector of integers (positions given as integer lists).
struct IntVectorHash {
  template <class T>
  std::size_t operator()(const std::vector<T>& v) const noexcept {
    std::size_t h = 0x9e3779b97f4a7c15ULL ^ v.size();
    for (const T& x : v) {
      h ^= std::hash<T>{}(x) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    }
    return h;
  }
};

namespace detail {
template <class R, class = void>
struct RulesHash {
  using type = std::hash<typename R::Position>;
};
template <class R>
struct RulesHash<R, std::void_t<typename R::Hash>> {
  using type = typename R::Hash;
};
}  // namespace detail

/// The memoised depth-first search of every naive kernel: the value of `start` is
/// `decide(values of its options)`, every option decided first. The search is iterative (an
/// explicit stack), so deep games do not overflow the call stack. `moves(p)` gives the options of
/// p as `memo` keys them (a family that memoises canonical positions returns canonical options);
/// `decide` receives their values in that order. Every position reached is kept in `memo`; more
/// than `max_positions` of them is BudgetExceeded ("WHO: more than N positions would be stored").
template <class Position, class Hash, class Moves, class Decide>
Value memoised_search(std::unordered_map<Position, Value, Hash>& memo, const Position& start,
                      Moves&& moves, Decide&& decide, std::size_t max_positions, const char* who) {
  if (auto it = memo.find(start); it != memo.end()) return it->second;
  struct Frame {
    Position pos;
    std::vector<Position> options;
    std::size_t next = 0;
  };
  std::vector<Frame> stack;
  stack.push_back(Frame{start, moves(start), 0});
  std::vector<Value> vals;
  while (!stack.empty()) {
    Frame& top = stack.back();
    bool descended = false;
    while (top.next < top.options.size()) {
      const Position& opt = top.options[top.next];
      if (memo.find(opt) == memo.end()) {
        Frame child{opt, moves(opt), 0};
        stack.push_back(std::move(child));
        descended = true;
        break;
      }
      ++top.next;
    }
    if (descended) continue;
    vals.clear();
    vals.reserve(top.options.size());
    for (const Position& opt : top.options) vals.push_back(memo.at(opt));
    if (memo.size() >= max_positions) {
      throw BudgetExceeded(std::string(who) + ": more than " + std::to_string(max_positions) +
                           " positions would be stored");
    }
    memo.emplace(std::move(top.pos), decide(std::span<const Value>(vals)));
    stack.pop_back();
  }
  return memo.at(start);
}

/// The outcome (0 loss, 1 win for the player to move) of a position from its options'
/// outcomes: a win when some option is a loss; a position with no option has `terminal` (the
/// misère terminal rule makes it a win).
inline Value outcome_from_options(std::span<const Value> options, Value terminal) {
  if (options.empty()) return terminal;
  for (const Value o : options) {
    if (o == 0) return 1;
  }
  return 0;
}

/// Memoised mex over every move; values of all positions reached are kept.
template <class Rules>
class NaiveSolver {
 public:
  using Position = typename Rules::Position;
  using Hash = typename detail::RulesHash<Rules>::type;

  explicit NaiveSolver(Rules rules = Rules{}, std::size_t max_positions = 50'000'000)
      : rules_(std::move(rules)), max_positions_(max_positions) {}

  /// Sprague–Grundy value of `start`.
  Value value(const Position& start) {
    return memoised_search(
        memo_, start, [this](const Position& p) { return rules_.moves(p); },
        [](std::span<const Value> vals) { return mex(vals); }, max_positions_, "naive solver");
  }

  /// Options of `p` whose value is 0: the winning moves (empty when p is a P-position).
  std::vector<Position> winning_moves(const Position& p) {
    std::vector<Position> wins;
    for (const Position& opt : rules_.moves(p)) {
      if (value(opt) == 0) wins.push_back(opt);
    }
    return wins;
  }

  [[nodiscard]] std::size_t positions_stored() const { return memo_.size(); }
  [[nodiscard]] const Rules& rules() const { return rules_; }

 private:
  Rules rules_;
  std::size_t max_positions_;
  std::unordered_map<Position, Value, Hash> memo_;
};

}  // namespace igv
