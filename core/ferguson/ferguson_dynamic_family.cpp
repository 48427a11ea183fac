// Game families "dynamic-subtraction" (Ferguson §1.5 (a)) and "fibonacci-nim" (§1.5 (b)) and
// their kernels: naive (NaiveSolver over (heap, largest take)) and table (the running-mex table
// of DynamicSubtractionTable).
#include <algorithm>
#include <random>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/naive_solver.h"
#include "core/base/trusted/errors.h"
#include "core/ferguson/ferguson_dynamic.h"
#include "core/ferguson/ferguson_family.h"

namespace igv {
namespace {

/// `verify value` builds the value table up to the heap (about heap^2 / 2 entries of 2 bytes);
/// above this heap it reports the outcome and the winning moves from the closed form only.
constexpr std::int64_t kValueTableHeapLimit = 4000;

class DynamicGame : public GameInstance {
 public:
  explicit DynamicGame(DynamicRule rule) : rule_(rule) {}
  [[nodiscard]] std::string spec() const override {
    return rule_ == DynamicRule::at_most_previous ? "dynamic-subtraction" : "fibonacci-nim";
  }
  /// "n" (the start of a game on n chips: (n, n-1)) or "heap,max_take".
  [[nodiscard]] Position parse_position(std::string_view text) const override {
    Position p = parse_int_list(text, spec() + " position");
    if (p.size() == 1) {
      const auto start = dynamic_start(p[0]);
      return {start.first, start.second};
    }
    if (p.size() != 2 || p[0] < 0 || p[1] < 0) {
      throw InputError(spec() + " position '" + std::string(text) +
                       "': expected 'n' (a new game on n chips) or 'heap,max_take' with both >= 0");
    }
    return p;
  }
  [[nodiscard]] ValueAnswer value(const Position& p) const override {
    const std::int64_t heap = p[0], max_take = std::min(p[1], p[0]);
    const std::int64_t multiplier = static_cast<std::int64_t>(rule_);
    const bool closed_p = rule_ == DynamicRule::at_most_previous
                              ? dynamic_a_is_p_closed_form(heap, max_take)
                              : fibonacci_nim_is_p_closed_form(heap, max_take);
    const std::int64_t closed_take = heap == 0 ? 0
                                     : rule_ == DynamicRule::at_most_previous
                                         ? largest_power_of_two_dividing(heap)
                                         : zeckendorf_greedy(heap).back();
    ValueAnswer out;
    if (heap <= kValueTableHeapLimit) {
      const DynamicSubtractionTable table(rule_, heap);
      std::vector<std::string> wins;
      nlohmann::json takes = nlohmann::json::array();
      for (std::int64_t t = 1; t <= max_take; ++t) {
        if (table.value(heap - t, multiplier * t) == 0) {
          wins.push_back(format_position({heap - t, multiplier * t}));
          takes.push_back(t);
        }
      }
      out = ferguson_value_report(
          spec(), format_position(p), table.value(heap, max_take), wins, "table",
          "Sprague-Grundy values of every (heap, max take) up to the heap, bottom-up "
          "with a running mex");
      out.details["winning_takes"] = takes;
    } else {
      out.game = spec();
      out.position = format_position(p);
      out.value_not_computed = true;
      out.outcome = closed_p ? "P" : "N";
      out.kernel = "closed form";
      out.how =
          "heap above the table limit: outcome from the closed form, which the claims check "
          "against the rules up to their stated bounds";
      out.winning_moves.emplace();
      if (!closed_p)
        out.winning_moves->push_back(
            format_position({heap - closed_take, multiplier * closed_take}));
    }
    out.details["closed_form"] = {
        {"outcome", closed_p ? "P" : "N"},
        {"rule", rule_ == DynamicRule::at_most_previous
                     ? "P iff the largest power of 2 dividing the heap exceeds the largest take"
                     : "P iff the smallest Zeckendorf term of the heap exceeds the largest take"},
        {"take", closed_p ? 0 : closed_take}};
    return out;
  }
  [[nodiscard]] std::vector<Position> domain(std::int64_t size) const override {
    std::vector<Position> out;
    for (std::int64_t h = 0; h <= size; ++h)
      for (std::int64_t k = 0; k <= h; ++k) out.push_back({h, k});
    return out;
  }
  [[nodiscard]] Position sample(std::uint64_t seed, std::int64_t size) const override {
    std::mt19937_64 rng(seed);
    const auto h = static_cast<std::int64_t>(
        rng() % static_cast<std::uint64_t>(std::max<std::int64_t>(size, 1) + 1));
    return {h, static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(h + 1))};
  }

 private:
  DynamicRule rule_;
};

GameFamily dynamic_family() {
  return {"dynamic-subtraction",
          "Ferguson §1.5 (a): take at least 1 (not the whole pile at first), then at most the "
          "previous take",
          "dynamic-subtraction",
          "n (a new game on n chips, i.e. heap n with largest take n-1) or heap,max_take",
          [](std::string_view params) -> std::unique_ptr<GameInstance> {
            if (!params.empty()) throw InputError("game 'dynamic-subtraction' takes no parameters");
            return std::make_unique<DynamicGame>(DynamicRule::at_most_previous);
          }};
}
GameFamily fibonacci_nim_family() {
  return {"fibonacci-nim",
          "Fibonacci Nim (Whinihan 1963; Ferguson §1.5 (b)): take at most twice the previous take",
          "fibonacci-nim",
          "n (a new game on n chips, i.e. heap n with largest take n-1) or heap,max_take",
          [](std::string_view params) -> std::unique_ptr<GameInstance> {
            if (!params.empty()) throw InputError("game 'fibonacci-nim' takes no parameters");
            return std::make_unique<DynamicGame>(DynamicRule::at_most_twice_previous);
          }};
}
IGV_REGISTER_GAME("dynamic-subtraction", dynamic_family);
IGV_REGISTER_GAME("fibonacci-nim", fibonacci_nim_family);

template <DynamicRule rule>
Kernel naive_kernel() {
  return {rule == DynamicRule::at_most_previous ? "dynamic-subtraction" : "fibonacci-nim", "naive",
          true, "memoised mex over every take of 1..max_take",
          [](const GameInstance&, std::span<const Position> ps) {
            NaiveSolver<DynamicSubtractionRules> solver(DynamicSubtractionRules{rule});
            std::vector<Value> out;
            for (const auto& p : ps) out.push_back(solver.value({p.at(0), p.at(1)}));
            return out;
          }};
}
template <DynamicRule rule>
Kernel table_kernel() {
  return {rule == DynamicRule::at_most_previous ? "dynamic-subtraction" : "fibonacci-nim", "table",
          false, "bottom-up table of (heap, max take) with a running mex",
          [](const GameInstance&, std::span<const Position> ps) {
            std::int64_t max_heap = 0;
            for (const auto& p : ps) max_heap = std::max(max_heap, p.at(0));
            const DynamicSubtractionTable table(rule, max_heap);
            std::vector<Value> out;
            for (const auto& p : ps) out.push_back(table.value(p[0], p.at(1)));
            return out;
          }};
}
IGV_REGISTER_KERNEL(naive_kernel<DynamicRule::at_most_previous>);
IGV_REGISTER_KERNEL(table_kernel<DynamicRule::at_most_previous>);
IGV_REGISTER_KERNEL(naive_kernel<DynamicRule::at_most_twice_previous>);
IGV_REGISTER_KERNEL(table_kernel<DynamicRule::at_most_twice_previous>);

}  // namespace
}  // namespace igv
