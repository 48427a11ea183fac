#include "core/base/nim.h"

#include <limits>
#include <random>

#include "core/base/game_family.h"
#include "core/base/heap_sums.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "core/base/trusted/memory_budget.h"

namespace igv {

std::vector<NimRules::Position> NimRules::moves(const Position& heaps) const {
  std::vector<Position> out;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    for (std::int64_t smaller = 0; smaller < heaps[i]; ++smaller) {
      Position next = heaps;
      next[i] = smaller;
      out.push_back(std::move(next));
    }
  }
  return out;
}

std::vector<RookRules::Position> RookRules::moves(const Position& p) const {
  std::vector<Position> out;
  for (std::int64_t m = 0; m < p.first; ++m) out.emplace_back(m, p.second);
  for (std::int64_t n = 0; n < p.second; ++n) out.emplace_back(p.first, n);
  return out;
}

Value nim_value_xor(const Position& heaps) {
  Value v = 0;
  for (auto h : heaps) v = nim_sum(v, h);
  return v;
}

std::vector<Position> nim_winning_moves_xor(const Position& heaps) {
  std::vector<Position> out;
  const Value v = nim_value_xor(heaps);
  if (v == 0) return out;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    const Value target = nim_sum(heaps[i], v);
    if (target < heaps[i]) {
      Position next = heaps;
      next[i] = target;
      out.push_back(std::move(next));
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Game families "nim" (a list of heaps) and "rook" (a square m,n of the normal rook game).
// ---------------------------------------------------------------------------------------------
namespace {

void require_non_negative(const Position& p, const std::string& what) {
  for (auto x : p) {
    if (x < 0)
      throw InputError(what + ": heap sizes must be non-negative, got " + std::to_string(x));
  }
}

/// Nim: a heap-sum game in the comma-list syntax, valued by the closed form (a winning move
/// lowers heap h to h xor the value, so no option is enumerated).
class NimGame : public NimSumHeapGame {
 public:
  NimGame() : NimSumHeapGame({.whole_lists = true, .most_heaps = 4}, {.heap_values = false}) {}
  [[nodiscard]] std::string spec() const override { return "nim"; }
  [[nodiscard]] Position parse_position(std::string_view text) const override {
    Position p = parse_int_list(text, "nim position");
    require_non_negative(p, "nim position");
    return p;
  }
  [[nodiscard]] std::string format_position(const Position& p) const override {
    return format_int_list(p);
  }

 protected:
  [[nodiscard]] HeapValues heap_values(std::int64_t) const override {
    return {[](std::int64_t h) { return static_cast<Value>(h); }, "xor",
            "nim-sum of the heaps (Bouton); a winning move lowers heap h to h xor value"};
  }
  void for_each_option_of_value(std::int64_t heap, Value target, const HeapValueFn&,
                                const OptionFn& fn) const override {
    // Each winning move is a copy of the whole position: value_limited writes out only the
    // first max_moves (nim 1..30000 has thousands of moves of 30,000 heaps each).
    if (target < heap) {
      const std::int64_t left[] = {target};
      fn(left);
    }
  }
};

class RookGame : public GameInstance {
 public:
  [[nodiscard]] std::string spec() const override { return "rook"; }
  [[nodiscard]] int coordinates() const override { return 2; }
  [[nodiscard]] Position parse_position(std::string_view text) const override {
    Position p = parse_int_list(text, "rook position");
    if (p.size() != 2)
      throw InputError("rook position: expected 'm,n', got '" + std::string(text) + "'");
    require_non_negative(p, "rook position");
    return p;
  }
  [[nodiscard]] ValueAnswer value(const Position& p) const override {
    ValueAnswer a;
    a.game = spec();
    a.position = format_position(p);
    a.value = nim_value_xor(p);
    a.winning_moves.emplace();
    for (const auto& m : nim_winning_moves_xor(p)) a.winning_moves->push_back(format_position(m));
    a.kernel = "xor";
    a.how = "g(m, n) = m xor n";
    return a;
  }
  [[nodiscard]] std::vector<Position> domain(std::int64_t size) const override {
    std::vector<Position> out;
    for (std::int64_t m = 0; m <= size; ++m)
      for (std::int64_t n = 0; n <= size; ++n) out.push_back({m, n});
    return out;
  }
  [[nodiscard]] Position sample(std::uint64_t seed, std::int64_t size) const override {
    std::mt19937_64 rng(seed);
    const auto s = static_cast<std::uint64_t>(size + 1);
    return {static_cast<std::int64_t>(rng() % s), static_cast<std::int64_t>(rng() % s)};
  }
};

GameFamily nim_family() {
  GameFamily family{
      "nim", "Nim: a sum of heaps; a move lowers one heap", "nim",
      "a comma list of heap sizes, e.g. 3,5,6",
      [](std::string_view params) -> std::unique_ptr<GameInstance> {
        if (!params.empty())
          throw InputError("game 'nim' takes no parameters, got 'nim:" + std::string(params) + "'");
        return std::make_unique<NimGame>();
      }};
  family.plot.name = [](const GameSpec&) { return std::string("Nim"); };
  family.position_shape = PositionShape::heap_sums;
  return family;
}
GameFamily rook_family() {
  GameFamily family{
      "rook", "the rook game of Frolov's Table 1 (left): H_m + H_n", "rook",
      "m,n (the rook's square)", [](std::string_view params) -> std::unique_ptr<GameInstance> {
        if (!params.empty())
          throw InputError("game 'rook' takes no parameters, got 'rook:" + std::string(params) +
                           "'");
        return std::make_unique<RookGame>();
      }};
  family.position_shape = PositionShape::pair;
  return family;
}
IGV_REGISTER_GAME("nim", nim_family);
IGV_REGISTER_GAME("rook", rook_family);

namespace {

/// The naive solver's bound compared with what `p` must reach before the first move list is
/// built: a heap h has h options, each a different position, so a heap above the bound is beyond
/// it (a heap of 2^63 − 1 has as many moves, and its move list grew to gigabytes before any
/// limit stopped it: issue 37). Throws BudgetExceeded.
void require_naive_reach(const Position& p, const char* game) {
  constexpr std::int64_t kMost = 50'000'000;  // NaiveSolver's default bound
  for (const auto h : p) {
    if (h > kMost) {
      throw BudgetExceeded(std::string("the naive kernel of ") + game + " would visit more than " +
                           std::to_string(h) + " positions from a heap of " + std::to_string(h) +
                           ", more than its bound of " + std::to_string(kMost) +
                           " (use the xor kernel)");
    }
  }
}

}  // namespace

Kernel nim_naive_kernel() {
  return {"nim", "naive", true, "memoised mex over every move of the rules",
          [](const GameInstance&, std::span<const Position> ps) {
            NaiveSolver<NimRules> solver;
            std::vector<Value> out;
            for (const auto& p : ps) {
              require_naive_reach(p, "nim");
              out.push_back(solver.value(p));
            }
            return out;
          }};
}
Kernel nim_xor_kernel() {
  Kernel k{"nim", "xor", false, "closed form: nim-sum of the heaps",
           [](const GameInstance&, std::span<const Position> ps) {
             std::vector<Value> out;
             for (const auto& p : ps) out.push_back(nim_value_xor(p));
             return out;
           }};
  k.independent_positions = true;  // a closed form per position
  return k;
}
Kernel rook_naive_kernel() {
  return {"rook", "naive", true, "memoised mex over every rook move",
          [](const GameInstance&, std::span<const Position> ps) {
            NaiveSolver<RookRules> solver;
            std::vector<Value> out;
            for (const auto& p : ps) {
              require_naive_reach(p, "rook");
              out.push_back(solver.value({p.at(0), p.at(1)}));
            }
            return out;
          }};
}
Kernel rook_xor_kernel() {
  return {"rook", "xor", false, "closed form: m xor n",
          [](const GameInstance&, std::span<const Position> ps) {
            std::vector<Value> out;
            for (const auto& p : ps) out.push_back(nim_sum(p.at(0), p.at(1)));
            return out;
          }};
}
IGV_REGISTER_KERNEL(nim_naive_kernel);
IGV_REGISTER_KERNEL(nim_xor_kernel);
IGV_REGISTER_KERNEL(rook_naive_kernel);
IGV_REGISTER_KERNEL(rook_xor_kernel);

}  // namespace
}  // namespace igv
