// Random finite impartial games for RapidCheck: GameGraph values with generation and shrinking.
//
// A graph is generated as rows of integers (row i lists edge targets, taken mod i), so
// RapidCheck's container shrinking removes nodes and edges and lowers targets: a failing case
// shrinks towards the smallest graph that still fails.
#pragma once

#include <rapidcheck.h>

#include <ostream>
#include <stdexcept>
#include <string>

#include "core/base/game_graph.h"

namespace igv {

inline void showValue(const GameGraph& g, std::ostream& os) {
  os << g.describe();
}

/// Random graphs with at most `max_nodes` nodes and `max_edges` options per node.
inline rc::Gen<GameGraph> random_game_graph(int max_nodes, int max_edges = 6) {
  // A size of 0 or less makes RapidCheck divide by zero; a size from a claims file is checked.
  if (max_nodes < 1 || max_nodes > 1'000 || max_edges < 1 || max_edges > 1'000) {
    throw std::invalid_argument("random game graphs: node and option counts must be 1..1000, got " +
                                std::to_string(max_nodes) + " and " + std::to_string(max_edges));
  }
  using Row = std::vector<std::uint32_t>;
  auto row =
      rc::gen::resize(max_edges, rc::gen::container<Row>(rc::gen::inRange<std::uint32_t>(0, 64)));
  return rc::gen::map(rc::gen::resize(max_nodes, rc::gen::container<std::vector<Row>>(row)),
                      &GameGraph::from_rows);
}

/// Every graph on exactly n nodes (node i moves to any subset of {0..i-1}): 2^(n(n-1)/2) graphs.
std::vector<GameGraph> all_game_graphs(int n);

}  // namespace igv

namespace rc {
/// Random games of at most 12 nodes, for RC_BOOST_PROP arguments.
template <>
struct Arbitrary<igv::GameGraph> {
  static Gen<igv::GameGraph> arbitrary() { return igv::random_game_graph(12); }
};
}  // namespace rc
