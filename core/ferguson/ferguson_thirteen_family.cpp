// Game family "thirteen" (Ferguson §1.5 exercise 3) and its kernels: naive (NaiveSolver over the
// rules) and table (the base-5 array of ThirteenTable).
#include <random>
#include <set>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "core/ferguson/ferguson_family.h"
#include "core/ferguson/ferguson_thirteen.h"

namespace igv {
namespace {

class ThirteenGame : public GameInstance {
 public:
  [[nodiscard]] std::string spec() const override { return "thirteen"; }

  /// The cards turned so far, in any order ("3,4,3"), or "start".
  [[nodiscard]] Position parse_position(std::string_view text) const override {
    Position counts = thirteen_start();
    if (text == "start" || text.empty()) return counts;
    for (auto card : parse_int_list(text, "thirteen position")) {
      if (card < 1 || card > kThirteenCardValues) {
        throw InputError("thirteen position '" + std::string(text) + "': card " +
                         std::to_string(card) + " is not a value 1..6 (an ace counts 1)");
      }
      if (++counts[static_cast<std::size_t>(card - 1)] > kThirteenCopiesPerValue) {
        throw InputError("thirteen position '" + std::string(text) +
                         "': more than four cards of value " + std::to_string(card));
      }
    }
    if (thirteen_total(counts) > kThirteenLimit) {
      throw InputError("thirteen position '" + std::string(text) +
                       "': the total exceeds 31, the game is over");
    }
    return counts;
  }

  [[nodiscard]] std::string format_position(const Position& counts) const override {
    Position cards;
    for (std::size_t v = 0; v < counts.size(); ++v) {
      for (std::int64_t k = 0; k < counts[v]; ++k)
        cards.push_back(static_cast<std::int64_t>(v) + 1);
    }
    return cards.empty() ? "start" : format_int_list(cards, false);
  }

  [[nodiscard]] ValueAnswer value(const Position& counts) const override {
    const ThirteenTable table;
    std::vector<std::string> wins;
    nlohmann::json cards = nlohmann::json::array();
    for (const auto& next : ThirteenRules{}.moves(counts)) {
      if (table.value(next) == 0) {
        wins.push_back(format_position(next));
        for (std::size_t v = 0; v < next.size(); ++v) {
          if (next[v] != counts[v]) cards.push_back(v + 1);
        }
      }
    }
    auto out =
        ferguson_value_report(spec(), format_position(counts), table.value(counts), wins, "table",
                              "Sprague-Grundy values of all 5^6 count vectors with total <= 31, "
                              "bottom-up from the rules of Thirteen");
    out.details["total"] = thirteen_total(counts);
    out.details["winning_cards"] = cards;
    return out;
  }

  /// Every position reachable with at most `size` cards turned.
  [[nodiscard]] std::vector<Position> domain(std::int64_t size) const override {
    std::vector<Position> out{thirteen_start()}, frontier{thirteen_start()};
    std::set<Position> seen{thirteen_start()};
    for (std::int64_t depth = 0; depth < size && !frontier.empty(); ++depth) {
      std::vector<Position> next;
      for (const auto& p : frontier) {
        for (auto& q : ThirteenRules{}.moves(p)) {
          if (seen.insert(q).second) {
            out.push_back(q);
            next.push_back(q);
          }
        }
      }
      frontier = std::move(next);
    }
    return out;
  }

  /// A random play of about `size` turns from the start.
  [[nodiscard]] Position sample(std::uint64_t seed, std::int64_t size) const override {
    std::mt19937_64 rng(seed);
    Position p = thirteen_start();
    for (std::int64_t t = 0; t < size; ++t) {
      const auto moves = ThirteenRules{}.moves(p);
      if (moves.empty()) break;
      p = moves[rng() % moves.size()];
    }
    return p;
  }
};

GameFamily thirteen_family() {
  GameFamily family{
      "thirteen",
      "Thirteen (Mott-Smith 1954; Ferguson §1.5 ex. 3): turn cards A..6, four of each; "
      "exceeding 31 loses",
      "thirteen",
      "the cards turned so far as values 1..6 in any order, e.g. 3,4,3; 'start' for none",
      [](std::string_view params) -> std::unique_ptr<GameInstance> {
        if (!params.empty())
          throw InputError(
              "game 'thirteen' takes no parameters, got 'thirteen:" + std::string(params) + "'");
        return std::make_unique<ThirteenGame>();
      }};
  family.plot.shape = PlotHints::Shape::enumeration;
  family.plot.name = [](const GameSpec&) { return std::string("Thirteen"); };
  return family;
}
IGV_REGISTER_GAME("thirteen", thirteen_family);

Kernel thirteen_naive_kernel() {
  return {"thirteen", "naive", true, "memoised mex over every card that keeps the total <= 31",
          [](const GameInstance&, std::span<const Position> ps) {
            NaiveSolver<ThirteenRules> solver;
            std::vector<Value> out;
            for (const auto& p : ps) out.push_back(solver.value(p));
            return out;
          }};
}
Kernel thirteen_table_kernel() {
  return {"thirteen", "table", false, "bottom-up over the 5^6 count vectors in decreasing total",
          [](const GameInstance&, std::span<const Position> ps) {
            const ThirteenTable table;
            std::vector<Value> out;
            for (const auto& p : ps) out.push_back(table.value(p));
            return out;
          }};
}
IGV_REGISTER_KERNEL(thirteen_naive_kernel);
IGV_REGISTER_KERNEL(thirteen_table_kernel);

}  // namespace
}  // namespace igv
