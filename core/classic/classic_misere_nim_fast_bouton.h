// The fast kernel of misère Nim: Bouton's misère rule (Bouton 1901–02, §8; Winning Ways
// ch. 13). When every heap is at most 1, the player to move loses exactly when the number of
// heaps of size 1 is odd; otherwise the player to move loses exactly when the nim-sum of the
// heaps is 0. O(number of heaps); winning moves follow from the rule.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/base/trusted/primitives.h"
#include "core/classic/classic_misere_nim_rules.h"

namespace igv {

/// kMisereWin or kMisereLoss by Bouton's misère rule.
Value misere_nim_outcome_bouton(const std::vector<std::int64_t>& heaps);

/// Calls fn(i, target) for every winning move of `heaps` (heap i lowered to `target`), in heap
/// order, each once; returns their number. None when the position is a loss.
std::size_t for_each_misere_nim_winning_move(
    const std::vector<std::int64_t>& heaps,
    const std::function<void(std::size_t, std::int64_t)>& fn);

}  // namespace igv
