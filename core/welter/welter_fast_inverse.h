// Inverting the Welter function: the winning moves of a Welter position, fast
// (002_ae6d722b5ea2de0c: "Conway provides an algorithm to invert the Welter function, allowing one
// to find winning moves from arbitrary positions").
//
// For a position P and a coin a of P, put Q = P \ {a}. By the two relations, y ↦ [Q | y] is a
// bijection from the free squares onto {0, 1, 2, …} (induction on |Q|: R2 and R1 are bijections of
// the free squares), so there is exactly one free square y — the "zero partner" of a — with
// [Q | y] = 0. The winning moves are a → y for the coins whose partner lies below them.
//
// How the partner is found. The bottom-up mating (welter_conway.h) nim-adds, at every trie node
// of depth k whose two children both hand up a coin l0, l1, the mate (l0 ⊕ l1) − 1 =
// l0 ⊕ l1 ⊕ (2^(k+1) − 1); the coins themselves cancel in pairs, so
//   [P] = (⊕ of the coins) ⊕ (⊕ over nodes u with both children of odd size of 2^(depth u + 1) −
//   1),
// and, since the number of pairs split at u is |child0|·|child1|, also
//   [P] = (⊕ of the coins) ⊕ (⊕ over pairs {p, q} ⊂ P of 2^(ν(p⊕q)+1) − 1),
// ν being the number of low-order bits p and q share. Moving a to y changes only the pairs
// containing a or y; the pairs meeting a or y above the node u where y's path leaves a's path
// cancel, which leaves an equation local to u's subtree. Its low d+1 bits fix the parity π of
// the odd siblings along y's path below u, and then each bit j of y is fixed by the bits chosen
// before (y_j = R_j ⊕ π ⊕ parity of the odd siblings met so far), so y is found by one descent of
// the trie per candidate depth d. Cost O(n · B · log n) for B-bit coins.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/base/trusted/primitives.h"
#include "core/welter/welter_rules.h"

namespace igv {

/// A move: the coin on `from` goes to `to`.
struct WelterMove {
  std::int64_t from = 0;
  std::int64_t to = 0;
  friend bool operator==(const WelterMove&, const WelterMove&) = default;
  friend auto operator<=>(const WelterMove&, const WelterMove&) = default;
};

/// For every coin a of `coins` (in ascending order) its zero partner: the unique free square y
/// with [coins \ {a} | y] = 0, or a itself when [coins] = 0. Throws std::logic_error when no
/// partner is found (which the bijection rules out: a bug, never a verdict).
std::vector<std::int64_t> welter_zero_partners(const WelterCoins& coins);

/// Every winning move, by inverting the Welter function: a → partner(a) when partner(a) < a.
/// Sorted by `from`.
std::vector<WelterMove> welter_winning_moves_inverse(const WelterCoins& coins);

/// Every winning move by trying every move and evaluating the result with `value` (the naive
/// route passes the naive solver; tests also pass the other routes). Sorted by `from`, `to`.
template <class ValueFn>
std::vector<WelterMove> welter_winning_moves_by_trial(const WelterCoins& coins, ValueFn&& value) {
  std::vector<WelterMove> out;
  for (const auto from : coins) {
    for (std::int64_t to = 0; to < from; ++to) {
      if (std::binary_search(coins.begin(), coins.end(), to)) continue;
      if (value(welter_apply_move(coins, from, to)) == 0) out.push_back({from, to});
    }
  }
  return out;
}

}  // namespace igv
