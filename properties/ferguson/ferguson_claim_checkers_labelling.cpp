// Checkers of Ferguson §1.3 (004_2d19be0a5059ae39): the labelling algorithm (Steps 1–4), the
// characteristic property (1)–(3) and its misère variant, the labelling's P-positions against
// "Sprague–Grundy value 0" on the project's games, and the §1.3 account of the §1.1 game.
#include "properties/ferguson/ferguson_claim_checkers_labelling.h"

#include <rapidcheck.h>

#include "core/base/naive_solver.h"
#include "core/base/nim.h"
#include "core/base/trusted/errors.h"
#include "core/ferguson/ferguson_chomp.h"
#include "core/ferguson/ferguson_dynamic.h"
#include "core/ferguson/ferguson_empty_divide.h"
#include "core/ferguson/ferguson_thirteen.h"
#include "properties/base/check_helpers.h"
#include "properties/base/property_runner.h"
#include "properties/base/random_games.h"

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
  return param<std::string>(c, "convention") == "misere" ? PlayConvention::misere
                                                         : PlayConvention::normal;
}

// ---------------------------------------------------------------------------------------------
// ferguson.labelling.characteristic: every game graph on at most `exhaustive_nodes` nodes, or
// random graphs of at most `random_max_nodes` nodes (RapidCheck).
// ---------------------------------------------------------------------------------------------
Outcome check_characteristic(const Claim& c, const CheckContext& ctx) {
  const PlayConvention convention = convention_param(c);
  if (param<bool>(c, "random")) {
    const int max_nodes = param<int>(c, "random_max_nodes");
    Outcome o = run_property(
        ctx,
        "Steps 1-4 satisfy (1)-(3), agree with game-tree search, and are the only such labelling",
        [=]() {
          const GameGraph g = *random_game_graph(max_nodes);
          prop_labelling_characteristic(g, convention);
        });
    o.evidence["convention"] = param<std::string>(c, "convention");
    o.evidence["games"] = "random acyclic game graphs of up to " + std::to_string(max_nodes) +
                          " nodes; uniqueness of the labelling enumerated up to 12 nodes";
    return o;
  }
  const int max_nodes = static_cast<int>(domain_param(c, ctx, "exhaustive_nodes"));
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
  o.evidence["convention"] = param<std::string>(c, "convention");
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
  const auto bound = [&](const char* key, std::int64_t) { return domain_param(c, ctx, key); };
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
  const auto& asserted = c.asserted;
  // The printed lists are initial runs ("0, 4, 8, 12, 16 等"): each must be exactly the positions
  // of its label from 0 up to its largest entry, in increasing order.
  std::int64_t largest_listed = 0;
  for (const char* key : {"p_positions", "n_positions"})
    for (const auto& n : asserted.at(key))
      largest_listed = std::max(largest_listed, n.get<std::int64_t>());
  const std::int64_t max_heap = std::max(domain_param(c, ctx, "max_heap"), largest_listed);
  const auto labels = label_reachable(TakeOneToThreeRules{}, {max_heap}, PlayConvention::normal);
  nlohmann::json counterexample = nullptr;
  for (const auto& [key, want] :
       {std::pair<const char*, PnLabel>{"p_positions", PnLabel::P}, {"n_positions", PnLabel::N}}) {
    const auto& printed = asserted.at(key);
    nlohmann::json labelled = nlohmann::json::array();
    const std::int64_t last = printed.empty() ? -1 : printed.back().get<std::int64_t>();
    for (std::int64_t n = 0; n <= last; ++n)
      if (labels.at(n) == want) labelled.push_back(n);
    for (std::size_t i = 0; i < std::max(printed.size(), labelled.size()); ++i) {
      const nlohmann::json p = i < printed.size() ? printed[i] : nlohmann::json(nullptr);
      const nlohmann::json l = i < labelled.size() ? labelled[i] : nlohmann::json(nullptr);
      if (p != l) {
        counterexample = {{"list", key}, {"index", i}, {"printed", p}, {"labelled", l}};
        break;
      }
    }
    if (!counterexample.is_null()) break;
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

CheckerSchema characteristic_schema() {
  CheckerSchema s;
  s.establishes =
      "on every acyclic game graph of at most exhaustive_nodes nodes (or on random "
      "graphs), Steps 1-4 label every node, the labels satisfy (1)-(3) of the stated "
      "convention, match game-tree search, and are the only such labelling";
  s.params = {
      field::choice("convention", {"normal", "misere"}, "the play convention of (1)").needed(),
      field::boolean("random", "random graphs (RapidCheck) instead of every small graph")
          .fallback(false),
      field::integer("exhaustive_nodes", "largest graph enumerated")
          .in(1, 7)
          .fallback(6)
          .budget_scaled(),
      field::integer("random_max_nodes", "largest random graph (with random = true)")
          .in(1, 200)
          .fallback(24)};
  s.example_params = {{"convention", "normal"}, {"exhaustive_nodes", 4}};
  return s;
}

CheckerSchema value_zero_iff_p_schema() {
  CheckerSchema s;
  s.establishes =
      "on every position of the listed games within the bounds, the §1.3 labelling "
      "says P exactly where the Sprague-Grundy value is 0";
  s.params = {
      field::integer("nim_max_heap", "nim: three heaps of at most this")
          .in(1, 30)
          .fallback(6)
          .budget_scaled(),
      field::integer("rook_max", "rook: squares up to (m, m)")
          .in(1, 1000)
          .fallback(30)
          .budget_scaled(),
      field::integer("empty_divide_max", "Empty and Divide: 1 <= m, n <= this")
          .in(1, 500)
          .fallback(40)
          .budget_scaled(),
      field::integer("chomp_box", "Chomp: every diagram in this square box")
          .in(1, 9)
          .fallback(6)
          .budget_scaled(),
      field::integer("dynamic_max_heap", "dynamic subtraction and Fibonacci Nim: heaps up to this")
          .in(1, 3000)
          .fallback(120)
          .budget_scaled()};
  s.example_params = {{"nim_max_heap", 3}, {"rook_max", 10}};
  return s;
}

CheckerSchema takeaway_schema() {
  CheckerSchema s;
  s.establishes =
      "the §1.3 labelling of take-1-to-3 gives exactly the asserted P- and "
      "N-positions up to their largest entries, and P exactly at the multiples of 4 "
      "on 0..max_heap";
  s.params = {field::integer("max_heap", "largest heap labelled")
                  .at_least(1)
                  .fallback(10000)
                  .budget_scaled()};
  s.asserted = field::object(
      "",
      {field::integers("p_positions", "the printed P-positions, all of them from 0 up to the last")
           .needed(),
       field::integers("n_positions", "the printed N-positions, all of them from 0 up to the last")
           .needed()},
      "the printed initial runs of P- and N-positions");
  s.example_params = {{"max_heap", 100}};
  s.example_asserted = {{"p_positions", {0, 4, 8}}, {"n_positions", {1, 2, 3, 5}}};
  return s;
}

}  // namespace

IGV_REGISTER_CHECKER(
    "ferguson.labelling.characteristic",
    "Steps 1-4 of §1.3 satisfy the characteristic property (normal or misère), agree with "
    "game-tree search and are the unique such labelling",
    check_characteristic, characteristic_schema());
IGV_REGISTER_CHECKER("ferguson.labelling.value_zero_iff_p",
                     "P/N labelling vs Sprague-Grundy value 0 on every game of the project",
                     check_value_zero_iff_p, value_zero_iff_p_schema());
IGV_REGISTER_CHECKER(
    "ferguson.labelling.takeaway",
    "§1.3: the labelling of the take-1-to-3 game gives P exactly at multiples of 4",
    check_takeaway_labelling, takeaway_schema());

}  // namespace igv
