#include "core/octal/octal_strip.h"

#include <algorithm>
#include <random>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "core/octal/trusted/octal_naive.h"
#include "core/octal/trusted/octal_rules.h"

namespace igv {

std::vector<DawsonStripRules::Position> DawsonStripRules::moves(
    const Position& free_squares) const {
  std::vector<Position> out;
  for (std::size_t j = 0; j + 1 < free_squares.size(); ++j) {
    if (free_squares[j + 1] != free_squares[j] + 1) continue;
    Position next;
    next.reserve(free_squares.size() - 2);
    for (std::size_t m = 0; m < free_squares.size(); ++m) {
      if (m != j && m != j + 1) next.push_back(free_squares[m]);
    }
    out.push_back(std::move(next));
  }
  return out;
}

DawsonStripRules::Position empty_strip(std::int64_t n) {
  DawsonStripRules::Position p;
  for (std::int64_t x = 0; x < n; ++x) p.push_back(x);
  return p;
}

// ---------------------------------------------------------------------------------------------
// Game family "dawson-strip": positions are sets of free squares, e.g. "0..9" (an empty 1×10
// strip) or "0..3,6..9" (after a tile on squares 4 and 5). Kernels: "naive" (the generic solver
// on the rules, reference) and "octal-0.07" (each maximal run of free squares is a heap of 0.07;
// the value is the nim-sum of the heaps' values).
// ---------------------------------------------------------------------------------------------
namespace {

/// Largest number of free squares the naive solver is asked to handle.
constexpr std::int64_t kLargestStrip = 40;

DawsonStripRules::Position normalise(Position p, const std::string& what) {
  std::sort(p.begin(), p.end());
  if (std::adjacent_find(p.begin(), p.end()) != p.end()) {
    throw InputError(what + ": a square is listed twice");
  }
  if (!p.empty() && p.front() < 0) throw InputError(what + ": squares must be >= 0");
  return p;
}

/// Lengths of the maximal runs of consecutive free squares.
std::vector<std::int64_t> runs(const Position& free_squares) {
  std::vector<std::int64_t> out;
  for (std::size_t j = 0; j < free_squares.size();) {
    std::size_t m = j;
    while (m + 1 < free_squares.size() && free_squares[m + 1] == free_squares[m] + 1) ++m;
    out.push_back(static_cast<std::int64_t>(m - j + 1));
    j = m + 1;
  }
  return out;
}

class DawsonStripGame : public GameInstance {
 public:
  [[nodiscard]] std::string spec() const override { return "dawson-strip"; }
  [[nodiscard]] Position parse_position(std::string_view text) const override {
    if (text.empty()) return {};
    Position p = normalise(parse_int_list(text, "dawson-strip position (free squares, e.g. 0..9)"),
                           "dawson-strip position");
    if (static_cast<std::int64_t>(p.size()) > kLargestStrip) {
      throw InputError("dawson-strip position: at most " + std::to_string(kLargestStrip) +
                       " free squares (the naive solver's range)");
    }
    return p;
  }
  [[nodiscard]] std::string format_position(const Position& p) const override {
    return p.empty() ? std::string("(none)") : format_int_list(p);
  }
  [[nodiscard]] ValueAnswer value(const Position& p) const override {
    NaiveSolver<DawsonStripRules> solver;
    ValueAnswer a;
    a.game = spec();
    a.position = format_position(p);
    a.value = solver.value(p);
    a.winning_moves.emplace();
    for (const auto& m : solver.winning_moves(p)) a.winning_moves->push_back(format_position(m));
    a.kernel = "naive";
    a.how = "generic naive solver on the tile rules; " + std::to_string(solver.positions_stored()) +
            " positions";
    return a;
  }
  [[nodiscard]] std::vector<Position> domain(std::int64_t size) const override {
    std::vector<Position> out;
    for (std::int64_t n = 0; n <= std::min(size, kLargestStrip); ++n) out.push_back(empty_strip(n));
    return out;
  }
  [[nodiscard]] Position sample(std::uint64_t seed, std::int64_t size) const override {
    std::mt19937_64 rng(seed);
    Position p;
    for (std::int64_t x = 0; x < std::min(size, kLargestStrip); ++x) {
      if (rng() % 4 != 0) p.push_back(x);
    }
    return p;
  }
};

GameFamily dawson_strip_family() {
  GameFamily family{
      "dawson-strip",
      "Dawson's Kayles as the blog states it: 1x2 tiles on a 1xn strip",
      "dawson-strip",
      "the free squares, e.g. 0..9 (an empty 1x10 strip) or 0..3,6..9",
      [](std::string_view params) -> std::unique_ptr<GameInstance> {
        if (!params.empty()) {
          throw InputError("game 'dawson-strip' takes no parameters, got 'dawson-strip:" +
                           std::string(params) + "'");
        }
        return std::make_unique<DawsonStripGame>();
      },
      {"dawson-strip"},
      12};
  family.plot.shape = PlotHints::Shape::strips;
  family.plot.name = [](const GameSpec&) {
    return std::string("Dawson's Kayles as tiles on a strip");
  };
  return family;
}
IGV_REGISTER_GAME("dawson-strip", dawson_strip_family);

Kernel dawson_strip_naive_kernel() {
  return {"dawson-strip", "naive", true, "generic naive solver on the tile rules",
          [](const GameInstance&, std::span<const Position> ps) {
            NaiveSolver<DawsonStripRules> solver;
            std::vector<Value> out;
            for (const auto& p : ps) out.push_back(solver.value(p));
            return out;
          }};
}
Kernel dawson_strip_octal_kernel() {
  return {"dawson-strip", "octal-0.07", false,
          "runs of free squares as heaps of the octal game 0.07, nim-sum of their values",
          [](const GameInstance&, std::span<const Position> ps) {
            const OctalCode dawson = OctalCode::parse("0.07");
            std::int64_t longest = 0;
            for (const auto& p : ps)
              for (auto r : runs(p)) longest = std::max(longest, r);
            const auto g = octal_values_naive(dawson, longest);
            std::vector<Value> out;
            for (const auto& p : ps) {
              Value v = 0;
              for (auto r : runs(p)) v = nim_sum(v, g[static_cast<std::size_t>(r)]);
              out.push_back(v);
            }
            return out;
          }};
}
IGV_REGISTER_KERNEL(dawson_strip_naive_kernel);
IGV_REGISTER_KERNEL(dawson_strip_octal_kernel);

}  // namespace
}  // namespace igv
