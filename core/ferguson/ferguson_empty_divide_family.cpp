// Game family "empty-and-divide" (Ferguson §1.5) and its kernels: naive (NaiveSolver over the
// rules), table (bottom-up over m + n) and lowest-zero-bit (the closed form this harness found;
// see core/ferguson/ferguson_empty_divide.h).
#include <algorithm>
#include <random>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/naive_solver.h"
#include "core/base/trusted/errors.h"
#include "core/ferguson/ferguson_empty_divide.h"
#include "core/ferguson/ferguson_family.h"

namespace igv {
namespace {

/// Up to this many chips in a box, `verify value` also runs the naive solver from the rules
/// (about m * n * (m + n) work) and reports its value beside the closed form's.
constexpr std::int64_t kNaiveValueLimit = 150;

class EmptyDivideGame : public GameInstance {
 public:
  [[nodiscard]] std::string spec() const override { return "empty-and-divide"; }
  [[nodiscard]] int coordinates() const override { return 2; }
  [[nodiscard]] Position parse_position(std::string_view text) const override {
    Position p = parse_int_list(text, "empty-and-divide position");
    if (p.size() != 2 || p[0] < 1 || p[1] < 1) {
      throw InputError("empty-and-divide position '" + std::string(text) +
                       "': expected 'm,n' with m > 0 and n > 0 chips in the two boxes");
    }
    return p;
  }
  [[nodiscard]] ValueAnswer value(const Position& p) const override {
    const Value v = empty_divide_value_lowest_zero_bit(p[0], p[1]);
    std::vector<std::string> wins;
    for (const auto& [a, b] : EmptyDivideRules{}.moves({p[0], p[1]})) {
      if (empty_divide_value_lowest_zero_bit(a, b) == 0) wins.push_back(format_position({a, b}));
    }
    std::sort(wins.begin(), wins.end());
    wins.erase(std::unique(wins.begin(), wins.end()), wins.end());
    auto out = ferguson_value_report(
        spec(), format_position(p), v, wins, "lowest-zero-bit",
        "closed form g(m,n) = index of the lowest 0 bit of (m-1)|(n-1), checked against the rules "
        "on every (m,n) with m,n <= 64 by the kernel cross-check");
    if (std::max(p[0], p[1]) <= kNaiveValueLimit) {
      NaiveSolver<EmptyDivideRules> naive;
      out.details["naive_value"] = naive.value({p[0], p[1]});
    }
    return out;
  }
  [[nodiscard]] std::vector<Position> domain(std::int64_t size) const override {
    std::vector<Position> out;
    for (std::int64_t m = 1; m <= size; ++m)
      for (std::int64_t n = 1; n <= size; ++n) out.push_back({m, n});
    return out;
  }
  [[nodiscard]] Position sample(std::uint64_t seed, std::int64_t size) const override {
    std::mt19937_64 rng(seed);
    const auto s = static_cast<std::uint64_t>(std::max<std::int64_t>(size, 1));
    return {1 + static_cast<std::int64_t>(rng() % s), 1 + static_cast<std::int64_t>(rng() % s)};
  }
};

GameFamily empty_divide_family() {
  GameFamily family{
      "empty-and-divide",
      "Empty and Divide (Ferguson 1998): empty one box, divide the other between both",
      "empty-and-divide", "m,n (chips in the two boxes, both >= 1), e.g. 3,5",
      [](std::string_view params) -> std::unique_ptr<GameInstance> {
        if (!params.empty()) throw InputError("game 'empty-and-divide' takes no parameters");
        return std::make_unique<EmptyDivideGame>();
      }};
  family.position_shape = PositionShape::pair;
  return family;
}
IGV_REGISTER_GAME("empty-and-divide", empty_divide_family);

Kernel empty_divide_naive_kernel() {
  return {"empty-and-divide", "naive", true, "memoised mex over every empty-and-divide move",
          [](const GameInstance&, std::span<const Position> ps) {
            NaiveSolver<EmptyDivideRules> solver;
            std::vector<Value> out;
            for (const auto& p : ps) out.push_back(solver.value({p.at(0), p.at(1)}));
            return out;
          }};
}
Kernel empty_divide_table_kernel() {
  return {"empty-and-divide", "table", false, "bottom-up table over increasing m + n",
          [](const GameInstance&, std::span<const Position> ps) {
            std::int64_t size = 1;
            for (const auto& p : ps) size = std::max({size, p.at(0), p.at(1)});
            const auto table = empty_divide_value_table(size);
            std::vector<Value> out;
            for (const auto& p : ps) {
              out.push_back(table[static_cast<std::size_t>((p[0] - 1) * size + (p[1] - 1))]);
            }
            return out;
          }};
}
Kernel empty_divide_closed_form_kernel() {
  return {"empty-and-divide", "lowest-zero-bit", false,
          "closed form: index of the lowest 0 bit of (m-1)|(n-1) (found by this harness)",
          [](const GameInstance&, std::span<const Position> ps) {
            std::vector<Value> out;
            for (const auto& p : ps)
              out.push_back(empty_divide_value_lowest_zero_bit(p.at(0), p.at(1)));
            return out;
          }};
}
IGV_REGISTER_KERNEL(empty_divide_naive_kernel);
IGV_REGISTER_KERNEL(empty_divide_table_kernel);
IGV_REGISTER_KERNEL(empty_divide_closed_form_kernel);

}  // namespace
}  // namespace igv
