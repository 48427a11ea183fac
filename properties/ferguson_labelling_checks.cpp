// Checkers of Ferguson §1.3 (004_2d19be0a5059ae39): the labelling algorithm (Steps 1–4), the
// characteristic property (1)–(3) and its misère variant, the labelling's P-positions against
// "Sprague–Grundy value 0" on the project's games, and the §1.3 account of the §1.1 game.
#include "properties/ferguson_labelling_checks.h"

#include <rapidcheck.h>

#include "core/errors.h"
#include "core/ferguson_chomp.h"
#include "core/ferguson_dynamic.h"
#include "core/ferguson_empty_divide.h"
#include "core/ferguson_thirteen.h"
#include "core/naive_solver.h"
#include "core/nim.h"
#include "properties/check_helpers.h"
#include "properties/property_runner.h"
#include "properties/random_games.h"

namespace igv {

std::vector<bool> mover_wins_by_game_tree(const GameGraph& g, PlayConvention convention) {
  // Options have smaller indices (GameGraph's invariant), so increasing order is an evaluation
  // order. A player without a move loses in normal play and wins in misère play; otherwise the
  // player to move wins iff some move leaves the opponent in a losing position.
  std::vector<bool> wins(g.options.size());
  for (std::size_t v = 0; v < g.options.size(); ++v) {
    if (g.options[v].empty()) {
      wins[v] = convention == PlayConvention::misere;
      continue;
    }
    bool some_losing_option = false;
    for (auto o : g.options[v]) some_losing_option = some_losing_option || !wins[o];
    wins[v] = some_losing_option;
  }
  return wins;
}

std::size_t labellings_with_characteristic_property(const GameGraph& g, PlayConvention convention) {
  const std::size_t n = g.options.size();
  if (n > 20) throw std::invalid_argument("labelling uniqueness: too many nodes to enumerate");
  std::size_t count = 0;
  std::vector<PnLabel> labels(n);
  for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << n); ++mask) {
    for (std::size_t i = 0; i < n; ++i) labels[i] = (mask >> i) & 1U ? PnLabel::P : PnLabel::N;
    if (!characteristic_property_violation(g.options, labels, convention)) ++count;
  }
  return count;
}

std::optional<std::string> labelling_failure(const GameGraph& g, PlayConvention convention,
                                             bool check_uniqueness) {
  const auto labels = label_positions(g.options, convention);
  if (auto v = characteristic_property_violation(g.options, labels, convention)) {
    return "Steps 1-4 give a labelling that breaks the characteristic property: " + *v;
  }
  const auto wins = mover_wins_by_game_tree(g, convention);
  for (std::size_t i = 0; i < labels.size(); ++i) {
    if ((labels[i] == PnLabel::N) != wins[i]) {
      return "node " + std::to_string(i) + " is labelled " + to_string(labels[i]) +
             " but game-tree search says the player to move " + (wins[i] ? "wins" : "loses");
    }
  }
  if (check_uniqueness) {
    const auto count = labellings_with_characteristic_property(g, convention);
    if (count != 1)
      return std::to_string(count) + " labellings satisfy (1)-(3), expected exactly one";
  }
  return std::nullopt;
}

void prop_labelling_characteristic(const GameGraph& g, PlayConvention convention) {
  const auto failure = labelling_failure(g, convention, g.options.size() <= 12);
  RC_ASSERT(!failure.has_value());
}

void prop_labelling_value_zero_iff_p(const GameGraph& g) {
  NaiveSolver<GraphRules> solver(GraphRules{&g});
  const auto labels = label_positions(g.options, PlayConvention::normal);
  for (std::uint32_t v = 0; v < g.options.size(); ++v) {
    RC_ASSERT((solver.value(v) == 0) == (labels[v] == PnLabel::P));
  }
}

namespace {

PlayConvention convention_param(const Claim& c) {
  const auto s = param<std::string>(c, "convention", "normal");
  if (s == "normal") return PlayConvention::normal;
  if (s == "misere") return PlayConvention::misere;
  throw std::invalid_argument("claim " + c.id + ": convention must be 'normal' or 'misere'");
}

// ---------------------------------------------------------------------------------------------
// ferguson.labelling.characteristic: every game graph on at most `exhaustive_nodes` nodes, or
// random graphs of at most `random_max_nodes` nodes (RapidCheck).
// ---------------------------------------------------------------------------------------------
Outcome check_characteristic(const Claim& c, const CheckContext& ctx) {
  const PlayConvention convention = convention_param(c);
  if (c.params.contains("random_max_nodes")) {
    const int max_nodes = param<int>(c, "random_max_nodes", 24);
    Outcome o = run_property(
        ctx,
        "Steps 1-4 satisfy (1)-(3), agree with game-tree search, and are the only such labelling",
        [=]() {
          const GameGraph g = *random_game_graph(max_nodes);
          prop_labelling_characteristic(g, convention);
        });
    o.evidence["convention"] = param<std::string>(c, "convention", "normal");
    o.evidence["games"] = "random acyclic game graphs of up to " + std::to_string(max_nodes) +
                          " nodes; uniqueness of the labelling enumerated up to 12 nodes";
    return o;
  }
  const int max_nodes = static_cast<int>(ctx.scaled(param<int>(c, "exhaustive_nodes", 6)));
  if (max_nodes > 7)
    throw BudgetExceeded("more than 2^21 graphs on " + std::to_string(max_nodes) + " nodes");
  std::uint64_t games = 0;
  nlohmann::json counterexample = nullptr;
  for (int n = 1; n <= max_nodes && counterexample.is_null(); ++n) {
    for (const auto& g : all_game_graphs(n)) {
      ++games;
      if (auto failure = labelling_failure(g, convention, true)) {
        counterexample = {{"game", g.describe()}, {"failure", *failure}};
        break;
      }
    }
  }
  Outcome o = exhaustive_outcome(
      "every acyclic game graph on 1.." + std::to_string(max_nodes) +
          " nodes (node i may move to any subset of 0..i-1)",
      games, counterexample,
      counterexample.is_null()
          ? "on all " + std::to_string(games) +
                " games: Steps 1-4 label every node, the labels satisfy (1)-(3), match game-tree "
                "search, and are the only labelling satisfying (1)-(3)"
          : "");
  o.evidence["convention"] = param<std::string>(c, "convention", "normal");
  if (convention == PlayConvention::misere) {
    // The literal misère reading ((1') terminal positions are N, with (2) applied to them too)
    // is unsatisfiable: a terminal position has no move at all. See the claim's `reading`.
    o.evidence["reading"] =
        "(2) is applied to non-terminal N-positions: with (2) applied to terminal N-positions no "
        "labelling of "
        "any game would exist, since a terminal position has no move";
  }
  return o;
}

// ---------------------------------------------------------------------------------------------
// ferguson.labelling.value_zero_iff_p: on every game of the project, the labelling's P-positions
// are exactly the positions of Sprague–Grundy value 0 (NaiveSolver's mex).
// ---------------------------------------------------------------------------------------------
template <class Rules>
nlohmann::json compare_with_values(const std::string& game, const Rules& rules,
                                   const std::vector<typename Rules::Position>& starts,
                                   std::uint64_t& positions, nlohmann::json& counterexample) {
  const auto graph = explore_reachable(rules, starts);
  const auto labels = label_positions(graph.options, PlayConvention::normal);
  NaiveSolver<Rules> solver(rules);
  std::uint64_t p_count = 0;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const bool zero = solver.value(graph.positions[i]) == 0;
    p_count += labels[i] == PnLabel::P;
    if (zero != (labels[i] == PnLabel::P) && counterexample.is_null()) {
      counterexample = {
          {"game", game}, {"node", i}, {"label", to_string(labels[i])}, {"value_zero", zero}};
    }
  }
  positions += labels.size();
  return {{"game", game}, {"positions", labels.size()}, {"p_positions", p_count}};
}

Outcome check_value_zero_iff_p(const Claim& c, const CheckContext& ctx) {
  const auto bound = [&](const char* key, std::int64_t fallback) {
    return ctx.scaled(param<std::int64_t>(c, key, fallback));
  };
  std::uint64_t positions = 0;
  nlohmann::json counterexample = nullptr;
  nlohmann::json games = nlohmann::json::array();
  {
    const auto h = bound("nim_max_heap", 6);
    games.push_back(compare_with_values("nim, three heaps of at most " + std::to_string(h),
                                        NimRules{}, {NimRules::Position{h, h, h}}, positions,
                                        counterexample));
  }
  {
    const auto m = bound("rook_max", 30);
    games.push_back(compare_with_values(
        "rook, squares up to (" + std::to_string(m) + "," + std::to_string(m) + ")", RookRules{},
        {RookRules::Position{m, m}}, positions, counterexample));
  }
  games.push_back(compare_with_values("thirteen, every position reachable from the start",
                                      ThirteenRules{}, {thirteen_start()}, positions,
                                      counterexample));
  {
    const auto m = bound("empty_divide_max", 40);
    std::vector<EmptyDivideRules::Position> starts;
    for (std::int64_t a = 1; a <= m; ++a)
      for (std::int64_t b = 1; b <= m; ++b) starts.emplace_back(a, b);
    games.push_back(compare_with_values("empty-and-divide, 1 <= m, n <= " + std::to_string(m),
                                        EmptyDivideRules{}, starts, positions, counterexample));
  }
  {
    const auto s = bound("chomp_box", 6);
    games.push_back(compare_with_values(
        "chomp, every diagram in the " + std::to_string(s) + "x" + std::to_string(s) + " box",
        ChompRules{}, {chomp_rectangle(s, s)}, positions, counterexample));
  }
  for (const auto rule : {DynamicRule::at_most_previous, DynamicRule::at_most_twice_previous}) {
    const auto h = bound("dynamic_max_heap", 120);
    const std::string name =
        rule == DynamicRule::at_most_previous ? "dynamic-subtraction" : "fibonacci-nim";
    games.push_back(
        compare_with_values(name + ", every (heap, max take) with heap <= " + std::to_string(h),
                            DynamicSubtractionRules{rule},
                            {DynamicSubtractionRules::Position{h, h}}, positions, counterexample));
  }
  Outcome o = exhaustive_outcome(
      games, positions, counterexample,
      counterexample.is_null()
          ? "on all " + std::to_string(positions) +
                " positions of the listed games, labelled P <=> Sprague-Grundy value 0"
          : "");
  return o;
}

// ---------------------------------------------------------------------------------------------
// ferguson.labelling.takeaway: §1.3 on the game of §1.1 (take 1, 2 or 3): the labelling finds
// P-positions 0, 4, 8, 12, 16, … and N-positions 1, 2, 3, 5, 6, 7, 9, 10, 11, …
// ---------------------------------------------------------------------------------------------
struct TakeOneToThreeRules {
  using Position = std::int64_t;
  [[nodiscard]] std::vector<Position> moves(Position heap) const {
    std::vector<Position> out;
    for (Position take = 1; take <= 3 && take <= heap; ++take) out.push_back(heap - take);
    return out;
  }
};

Outcome check_takeaway_labelling(const Claim& c, const CheckContext& ctx) {
  const std::int64_t max_heap = ctx.scaled(param<std::int64_t>(c, "max_heap", 10000));
  const auto labels = label_reachable(TakeOneToThreeRules{}, {max_heap}, PlayConvention::normal);
  // The listed P- and N-positions (asserted) first, then "P iff 4 divides n" on 0..max_heap.
  const auto& asserted = c.asserted;
  nlohmann::json counterexample = nullptr;
  for (const auto& [key, want] :
       {std::pair<const char*, PnLabel>{"p_positions", PnLabel::P}, {"n_positions", PnLabel::N}}) {
    for (const auto& n : asserted.at(key)) {
      if (labels.at(n.get<std::int64_t>()) != want && counterexample.is_null()) {
        counterexample = {{"heap", n},
                          {"printed", to_string(want)},
                          {"labelled", to_string(labels.at(n.get<std::int64_t>()))}};
      }
    }
  }
  for (std::int64_t n = 0; n <= max_heap && counterexample.is_null(); ++n) {
    const bool p = labels.at(n) == PnLabel::P;
    if (p != (n % 4 == 0))
      counterexample = {{"heap", n}, {"labelled", p ? "P" : "N"}, {"divisible_by_4", n % 4 == 0}};
  }
  return exhaustive_outcome(
      "heaps 0.." + std::to_string(max_heap) + " of the §1.1 game, labelled by Steps 1-4",
      static_cast<std::uint64_t>(max_heap + 1), counterexample,
      counterexample.is_null() ? "Steps 1-4 label exactly the multiples of 4 as P on 0.." +
                                     std::to_string(max_heap) + ", including every listed position"
                               : "");
}

}  // namespace

IGV_REGISTER_CHECKER(
    "ferguson.labelling.characteristic",
    "Steps 1-4 of §1.3 satisfy the characteristic property (normal or misère), agree with "
    "game-tree search and are the unique such labelling",
    check_characteristic);
IGV_REGISTER_CHECKER("ferguson.labelling.value_zero_iff_p",
                     "P/N labelling vs Sprague-Grundy value 0 on every game of the project",
                     check_value_zero_iff_p);
IGV_REGISTER_CHECKER(
    "ferguson.labelling.takeaway",
    "§1.3: the labelling of the take-1-to-3 game gives P exactly at multiples of 4",
    check_takeaway_labelling);

}  // namespace igv
