#include "properties/base/sprague_grundy.h"

#include <rapidcheck.h>

#include <stdexcept>
#include <string>

#include "core/base/trusted/errors.h"
#include "properties/base/check_helpers.h"
#include "properties/base/property_runner.h"
#include "properties/base/random_games.h"

namespace igv {

std::vector<GameGraph> all_game_graphs(int n) {
  // 2^(n(n-1)/2) graphs: 1,024 on 5 nodes, 2^21 on 7 and 2^120 on 16 (and a shift past 63 bits):
  // 7 nodes is the most that fits.
  constexpr int kMaxExhaustiveNodes = 7;
  if (n < 0 || n > kMaxExhaustiveNodes) {
    throw std::invalid_argument("every game graph on " + std::to_string(n) + " nodes: only 0.." +
                                std::to_string(kMaxExhaustiveNodes) +
                                " nodes are enumerated (2^(n(n-1)/2) graphs)");
  }
  // Enumerate the edge subsets of the n(n-1)/2 possible edges i -> j (j < i).
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  for (int i = 1; i < n; ++i)
    for (int j = 0; j < i; ++j) edges.emplace_back(i, j);
  std::vector<GameGraph> out;
  const std::uint64_t count = std::uint64_t{1} << edges.size();
  out.reserve(count);
  for (std::uint64_t mask = 0; mask < count; ++mask) {
    GameGraph g;
    g.options.resize(static_cast<std::size_t>(n));
    for (std::size_t e = 0; e < edges.size(); ++e) {
      if ((mask >> e) & 1U) g.options[edges[e].first].push_back(edges[e].second);
    }
    g.start = static_cast<std::uint32_t>(n - 1);
    out.push_back(std::move(g));
  }
  return out;
}

std::vector<bool> p_positions_by_definition(const GameGraph& g) {
  // Options have smaller indices, so increasing index order is a valid evaluation order.
  std::vector<bool> is_p(g.options.size());
  for (std::size_t v = 0; v < g.options.size(); ++v) {
    bool some_option_p = false;
    for (auto o : g.options[v]) some_option_p = some_option_p || is_p[o];
    is_p[v] = !some_option_p;
  }
  return is_p;
}

namespace {

std::vector<Value> grundy_values(const GameGraph& g) {
  NaiveSolver<GraphRules> solver(GraphRules{&g});
  std::vector<Value> out;
  for (std::uint32_t v = 0; v < g.options.size(); ++v) out.push_back(solver.value(v));
  return out;
}

Value combine(Value a, Value b, const std::string& operation) {
  if (operation == "xor") return nim_sum(a, b);
  if (operation == "plus") return a + b;
  throw std::invalid_argument("unknown operation '" + operation + "' (expected xor or plus)");
}

// First node where the property fails, or -1.
long first_zero_p_mismatch(const GameGraph& g) {
  const auto values = grundy_values(g);
  const auto p = p_positions_by_definition(g);
  for (std::size_t v = 0; v < values.size(); ++v) {
    if ((values[v] == 0) != p[v]) return static_cast<long>(v);
  }
  return -1;
}

struct SumMismatch {
  std::uint32_t a, b;
  Value sum_value, left, right;
};

std::optional<SumMismatch> first_sum_mismatch(const GameGraph& g, const GameGraph& h,
                                              const std::string& operation) {
  const auto gv = grundy_values(g);
  const auto hv = grundy_values(h);
  NaiveSolver<GraphSumRules> sum(GraphSumRules{&g, &h});
  for (std::uint32_t a = 0; a < g.options.size(); ++a) {
    for (std::uint32_t b = 0; b < h.options.size(); ++b) {
      const Value s = sum.value({a, b});
      if (s != combine(gv[a], hv[b], operation)) return SumMismatch{a, b, s, gv[a], hv[b]};
    }
  }
  return std::nullopt;
}

}  // namespace

void prop_zeros_are_p_positions(const GameGraph& g) {
  const long bad = first_zero_p_mismatch(g);
  RC_ASSERT(bad == -1L);
}

void prop_sum_rule(const GameGraph& g, const GameGraph& h, const std::string& operation) {
  const auto bad = first_sum_mismatch(g, h, operation);
  if (bad) {
    RC_FAIL("g(G+H) = " + std::to_string(bad->sum_value) + " at (" + std::to_string(bad->a) + ", " +
            std::to_string(bad->b) + ") but g(G) = " + std::to_string(bad->left) +
            ", g(H) = " + std::to_string(bad->right));
  }
}

// ---------------------------------------------------------------------------------------------
// Checkers: exhaustive over every graph up to a few nodes (verified on that domain), then
// RapidCheck on random graphs beyond it (recorded in the evidence; a failure refutes).
// ---------------------------------------------------------------------------------------------
namespace {

Outcome merge_random(Outcome exhaustive, const Outcome& random) {
  exhaustive.evidence["random"] = random.evidence;
  if (random.verdict == Verdict::refuted) {
    Outcome o = random;
    o.evidence["exhaustive"] = exhaustive.evidence;
    return o;
  }
  if (random.verdict == Verdict::passed) {
    exhaustive.summary += "; " + random.summary + " beyond";
  }
  return exhaustive;
}

Outcome check_zeros_are_p_positions(const Claim& c, const CheckContext& ctx) {
  const int n_max = param<int>(c, "exhaustive_nodes");
  const int random_nodes = param<int>(c, "random_max_nodes");
  std::uint64_t graphs = 0, nodes = 0;
  for (int n = 1; n <= n_max; ++n) {
    for (const auto& g : all_game_graphs(n)) {
      ++graphs;
      nodes += g.options.size();
      if (long bad = first_zero_p_mismatch(g); bad != -1) {
        return exhaustive_outcome(
            {{"graphs", "every acyclic game graph with 1.." + std::to_string(n_max) + " nodes"}},
            graphs, {{"graph", g.describe()}, {"node", bad}}, "");
      }
    }
  }
  Outcome o = exhaustive_outcome(
      {{"graphs", "every game graph with 1.." + std::to_string(n_max) +
                      " nodes (node i moves to any subset of lower nodes)"},
       {"positions", nodes}},
      graphs, nullptr,
      "g = 0 exactly at the P-positions of Definition 1 in all " + std::to_string(graphs) +
          " graphs with at most " + std::to_string(n_max) + " nodes");
  o.evidence["method"] =
      "naive Grundy values (memoised mex) against win/loss recursion of Definition 1";
  const Outcome r = run_property(
      ctx, "zeros of g are the P-positions (random graphs)",
      [random_nodes]() { prop_zeros_are_p_positions(*random_game_graph(random_nodes)); });
  return merge_random(std::move(o), r);
}

Outcome check_sum_rule(const Claim& c, const CheckContext& ctx) {
  const std::string op = param<std::string>(c, "operation");
  const int n_max = param<int>(c, "exhaustive_nodes");
  const int random_nodes = param<int>(c, "random_max_nodes");
  std::vector<GameGraph> small;
  for (int n = 1; n <= n_max; ++n)
    for (auto& g : all_game_graphs(n)) small.push_back(std::move(g));
  std::uint64_t pairs = 0;
  for (const auto& g : small) {
    for (const auto& h : small) {
      ++pairs;
      if (auto bad = first_sum_mismatch(g, h, op)) {
        return exhaustive_outcome(
            {{"pairs", "every pair of game graphs with 1.." + std::to_string(n_max) + " nodes"}},
            pairs,
            {{"G", g.describe()},
             {"H", h.describe()},
             {"position", {bad->a, bad->b}},
             {"g(G+H)", bad->sum_value},
             {"g(G)", bad->left},
             {"g(H)", bad->right}},
            "");
      }
    }
  }
  Outcome o = exhaustive_outcome(
      {{"pairs", "every pair (G, H) of game graphs with 1.." + std::to_string(n_max) +
                     " nodes, every position (a, b) of G + H"}},
      pairs, nullptr,
      "holds at every position of all " + std::to_string(pairs) + " sums of graphs with at most " +
          std::to_string(n_max) + " nodes");
  o.evidence["method"] = "naive solver on the sum's own moves (Definition 4) against the " + op +
                         " of the parts' values";
  const Outcome r =
      run_property(ctx, "g(G+H) = g(G) " + op + " g(H) (random graphs)", [op, random_nodes]() {
        const auto g = *random_game_graph(random_nodes);
        const auto h = *random_game_graph(random_nodes);
        prop_sum_rule(g, h, op);
      });
  return merge_random(std::move(o), r);
}

CheckerSchema zeros_are_p_positions_schema() {
  return {
      .establishes =
          "g(v) = 0 exactly at the P-positions (win/loss recursion of the rules) on "
          "every acyclic game graph with at most `exhaustive_nodes` nodes (and on "
          "random graphs beyond: passed)",
      .params = {field::integer("exhaustive_nodes", "most nodes of the exhaustive graphs")
                     .in(0, 6)
                     .fallback(5),
                 field::integer("random_max_nodes", "most nodes of a random graph")
                     .in(1, 64)
                     .fallback(24)},
      .asserted = std::nullopt,
      .example_params = {{"exhaustive_nodes", 4}},
  };
}

CheckerSchema sum_rule_schema() {
  return {
      .establishes =
          "g(G + H), by the naive solver on the sum's own moves, equals the named "
          "operation of g(G) and g(H) at every position of every sum of two game "
          "graphs with at most `exhaustive_nodes` nodes (and random graphs beyond: "
          "passed)",
      .params = {field::choice("operation", {"xor", "plus"},
                               "the stated rule: g(G + H) = g(G) xor g(H), or g(G) + g(H)")
                     .needed(),
                 field::integer("exhaustive_nodes", "most nodes of the exhaustive graphs")
                     .in(0, 4)
                     .fallback(4),
                 field::integer("random_max_nodes", "most nodes of a random graph")
                     .in(1, 32)
                     .fallback(12)},
      .asserted = std::nullopt,
      .example_params = {{"operation", "xor"}, {"exhaustive_nodes", 3}},
  };
}

}  // namespace

IGV_REGISTER_CHECKER("graph.zeros_are_p_positions",
                     "g(v) = 0 iff v is a P-position, on every small game graph and random ones",
                     check_zeros_are_p_positions, zeros_are_p_positions_schema());
IGV_REGISTER_CHECKER("sum_rule.random_graphs",
                     "g(G+H) against g(G) xor g(H) on every pair of small game graphs and random "
                     "ones",
                     check_sum_rule, sum_rule_schema());

}  // namespace igv
