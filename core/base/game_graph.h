// A finite impartial game given as an explicit acyclic graph, and the sum of two such games.
//
// Node i may move only to nodes j < i, so every graph is acyclic and every play ends
// (Ferguson §1.2, the ending condition). These are the "random finite impartial games" on
// which the Sprague–Grundy sum rule is checked, not only Nim.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/base/naive_solver.h"

namespace igv {

/// options[i] lists the nodes reachable from node i in one move; each is < i.
struct GameGraph {
  std::vector<std::vector<std::uint32_t>> options;
  std::uint32_t start = 0;  ///< the position whose value is asked

  /// Builds a graph from arbitrary integer lists: entry x of row i becomes the edge
  /// i -> x mod i (row 0 has no moves). Duplicate edges are kept; they do not change a mex.
  /// The start is the last node. This is how random graphs (and their shrinks) are made.
  static GameGraph from_rows(const std::vector<std::vector<std::uint32_t>>& rows);

  /// "n=3; 1:0; 2:0,1" — for counterexamples in reports.
  [[nodiscard]] std::string describe() const;
};

/// Rules of a single graph game, for NaiveSolver. Position = node index.
struct GraphRules {
  const GameGraph* graph;
  using Position = std::uint32_t;
  [[nodiscard]] std::vector<Position> moves(Position p) const {
    const auto& o = graph->options[p];
    return {o.begin(), o.end()};
  }
};

/// Rules of the sum G + H from its own moves (Frolov 2012, Definition 4):
/// F(v1, v2) = F1(v1) x {v2}  ∪  {v1} x F2(v2).
struct GraphSumRules {
  const GameGraph* left;
  const GameGraph* right;
  using Position = std::pair<std::uint32_t, std::uint32_t>;
  struct Hash {
    std::size_t operator()(const Position& p) const noexcept {
      return (static_cast<std::size_t>(p.first) << 32) ^ p.second;
    }
  };
  [[nodiscard]] std::vector<Position> moves(const Position& p) const {
    std::vector<Position> out;
    for (auto a : left->options[p.first]) out.emplace_back(a, p.second);
    for (auto b : right->options[p.second]) out.emplace_back(p.first, b);
    return out;
  }
};

}  // namespace igv
