// Checks of Ferguson §1.3 (004_2d19be0a5059ae39): the P/N labelling algorithm and the
// characteristic property of P- and N-positions, normal and misère. Shared by the checkers and
// by the Boost.Test suite (tests/ferguson/test_ferguson.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/base/game_graph.h"
#include "core/ferguson/ferguson_labelling.h"

namespace igv {

/// Who wins from each node by exhaustive game-tree search from the rules alone (the player who
/// cannot move loses in normal play, wins in misère play): true when the player to move wins.
/// Independent of label_positions; the graph must be acyclic with options below each node.
std::vector<bool> mover_wins_by_game_tree(const GameGraph& g, PlayConvention convention);

/// The number of P/N labellings of all nodes that satisfy (1)–(3) of §1.3 (2^nodes candidates).
std::size_t labellings_with_characteristic_property(const GameGraph& g, PlayConvention convention);

/// Everything §1.3 says about one game, or a description of the first failure:
///  - Steps 1–4 label every node (the game ends, so nothing is left unlabelled);
///  - the labelling satisfies the characteristic property (1)–(3);
///  - P-positions are exactly those from which the previous player wins (game-tree search), i.e.
///    "the strategy of moving to P-positions wins";
///  - with `check_uniqueness`, no other labelling satisfies (1)–(3) ("defined recursively").
std::optional<std::string> labelling_failure(const GameGraph& g, PlayConvention convention,
                                             bool check_uniqueness);

/// RapidCheck property: labelling_failure is empty (uniqueness checked up to 12 nodes).
void prop_labelling_characteristic(const GameGraph& g, PlayConvention convention);

/// RapidCheck property: on a random game, value 0 (NaiveSolver's mex) <=> labelled P (normal).
void prop_labelling_value_zero_iff_p(const GameGraph& g);

}  // namespace igv
