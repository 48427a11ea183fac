// The P/N labelling algorithm of Ferguson §1.3 (004_2d19be0a5059ae39, "Ferguson, Game Theory
// Part I: impartial games"), as an independent solver for any finite game graph.
//
// The algorithm, as the notes state it (normal play):
//   Step 1: label every terminal position P.
//   Step 2: label N every position that can reach a labelled P-position in one move.
//   Step 3: find the positions whose only moves are to labelled N-positions; label them P.
//   Step 4: if Step 3 found no new P-position, stop; otherwise return to Step 2.
// For misère play the notes replace (1) of the characteristic property by "every terminal
// position is an N-position"; the algorithm changes in Step 1 only.
//
// This solver never computes a Sprague–Grundy value: it is a second route, beside the mex of
// NaiveSolver, to the set of P-positions ("value 0 <=> P-position"). The implementation is the
// retrograde form of Steps 1–4 (a work queue instead of repeated sweeps): a position enters
// Step 2 as soon as one option is labelled P and Step 3 as soon as its last option is labelled
// N, which labels exactly the positions the sweeps label. On a graph with cycles, positions that
// the steps never reach stay `unlabelled` (the notes' "draw": play may go on for ever).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/base/naive_solver.h"
#include "core/base/trusted/errors.h"

namespace igv {

/// Normal play: the last player to move wins. Misère: the last player to move loses.
enum class PlayConvention { normal, misere };

/// The outcome label of a position: P (the previous player wins), N (the next player wins).
enum class PnLabel : std::uint8_t { unlabelled, P, N };

/// Options of every node of a finite game graph: options[i] lists the nodes reachable from i
/// in one move. Any directed graph is accepted (cycles leave nodes unlabelled).
using GameOptions = std::vector<std::vector<std::uint32_t>>;

/// Steps 1–4 of Ferguson §1.3 on every node of the graph. O(nodes + edges).
std::vector<PnLabel> label_positions(const GameOptions& options, PlayConvention convention);

/// Checks the characteristic property of Ferguson §1.3 for a labelling:
///   (1) every terminal position is P (misère: N);
///   (2) from every N-position there is at least one move to a P-position;
///   (3) from every P-position every move goes to an N-position.
/// Returns a description of the first violation, or nullopt when all three hold and every
/// node is labelled.
std::optional<std::string> characteristic_property_violation(const GameOptions& options,
                                                             const std::vector<PnLabel>& labels,
                                                             PlayConvention convention);

/// The positions reachable from `starts` under `Rules` (the NaiveSolver rules concept), as an
/// explicit graph: positions[i] is node i, options[i] its moves. Throws BudgetExceeded beyond
/// `max_positions` nodes.
template <class Rules>
struct ReachableGraph {
  std::vector<typename Rules::Position> positions;
  GameOptions options;
};

template <class Rules>
ReachableGraph<Rules> explore_reachable(const Rules& rules,
                                        const std::vector<typename Rules::Position>& starts,
                                        std::size_t max_positions = 20'000'000) {
  using Position = typename Rules::Position;
  using Hash = typename detail::RulesHash<Rules>::type;
  ReachableGraph<Rules> graph;
  std::unordered_map<Position, std::uint32_t, Hash> index;
  auto node_of = [&](const Position& p) -> std::uint32_t {
    auto [it, inserted] = index.emplace(p, static_cast<std::uint32_t>(graph.positions.size()));
    if (inserted) {
      if (graph.positions.size() >= max_positions) {
        throw BudgetExceeded("P/N labelling: more than " + std::to_string(max_positions) +
                             " reachable positions");
      }
      graph.positions.push_back(p);
      graph.options.emplace_back();
    }
    return it->second;
  };
  for (const auto& s : starts) node_of(s);
  // Breadth-first: node i's options are appended when i is expanded; new nodes go to the end.
  for (std::size_t i = 0; i < graph.positions.size(); ++i) {
    const std::vector<Position> moves = rules.moves(graph.positions[i]);
    std::vector<std::uint32_t> opts;
    opts.reserve(moves.size());
    for (const auto& m : moves) opts.push_back(node_of(m));
    graph.options[i] = std::move(opts);
  }
  return graph;
}

/// Labels of every position reachable from `starts`, keyed by position.
template <class Rules>
std::unordered_map<typename Rules::Position, PnLabel, typename detail::RulesHash<Rules>::type>
label_reachable(const Rules& rules, const std::vector<typename Rules::Position>& starts,
                PlayConvention convention, std::size_t max_positions = 20'000'000) {
  const auto graph = explore_reachable(rules, starts, max_positions);
  const auto labels = label_positions(graph.options, convention);
  std::unordered_map<typename Rules::Position, PnLabel, typename detail::RulesHash<Rules>::type>
      out;
  out.reserve(graph.positions.size());
  for (std::size_t i = 0; i < labels.size(); ++i) out.emplace(graph.positions[i], labels[i]);
  return out;
}

/// "P", "N" or "unlabelled".
const char* to_string(PnLabel label);

}  // namespace igv
