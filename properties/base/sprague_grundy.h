// The Sprague–Grundy theory as properties over random finite impartial games.
//
// - zeros are P-positions: g(v) = 0 exactly when v is a P-position, with P/N decided straight
//   from Definition 1 of 000_a85f04da58584fa6 (no mex involved): v is N iff some option is P.
//   (000 §1, after Definition 3; 003, "Grundy値について".)
// - the sum rule: g(G + H) = g(G) ⊕ g(H), the left side computed by the naive solver on the
//   sum's own moves (Definition 4), the right from the parts. (003, 定理 (Sprague-Grundy);
//   000 §1.) `operation` = "xor" as the documents state it; "plus" exists for the test suite's
//   deliberately false claim.
#pragma once

#include <string>

#include "core/base/game_graph.h"

namespace igv {

/// RC_ASSERTs that every node's Grundy value is 0 iff the node is a P-position.
void prop_zeros_are_p_positions(const GameGraph& g);

/// RC_ASSERTs g(G + H) = g(G) op g(H) at every pair of nodes.
void prop_sum_rule(const GameGraph& g, const GameGraph& h, const std::string& operation = "xor");

/// "true" when v is a P-position by Definition 1 (computed by win/loss recursion, memoised).
std::vector<bool> p_positions_by_definition(const GameGraph& g);

}  // namespace igv
