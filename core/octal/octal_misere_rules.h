// Sums of heaps of an octal game in misère play (the family `octal-misere:CODE`): the moves of
// a sum, written once.
//
// A position is a sum of heaps of one octal game (core/octal/octal_rules.h: OctalCode and its
// heap options, for_each_octal_option). A move is a move of the octal game in exactly one heap:
// that heap is replaced by the heaps the option leaves (none, one or two non-empty heaps). In
// misère play the player who makes the last move LOSES, so a player with no move wins (Winning
// Ways, 2nd ed., ch. 13; Conway, On Numbers and Games, ch. 12). Misère play is not normal
// play: the value of a sum is not the nim-sum of its heaps' values, so the sum is searched
// whole, and the kernels return outcome codes (ValueKind::outcome), not Grundy values.
//
// Positions are kept canonical: the non-empty heaps, sorted increasingly (the order of the
// heaps does not change the game; an empty heap is no heap).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/base/trusted/primitives.h"
#include "core/octal/trusted/octal_rules.h"

namespace igv {

/// Outcome codes of the family's kernels.
inline constexpr Value kOctalMisereLoss = 0;  ///< the player to move loses: a P-position
inline constexpr Value kOctalMisereWin = 1;   ///< the player to move wins: an N-position

/// The largest number of tokens (sum of the heaps) of a position the family searches: the
/// search visits every sum of smaller heaps reachable, up to the partitions of every total up
/// to this bound (about 2·10^5 positions at 40 tokens).
inline constexpr std::int64_t kOctalMisereMaxTokens = 40;

/// The non-empty heaps of `heaps`, sorted increasingly.
std::vector<std::int64_t> octal_misere_canonical(std::vector<std::int64_t> heaps);

/// Rules of a sum of heaps of one octal game under misère play, in the shape of the naive
/// solvers (Position, moves, terminal outcome).
struct OctalMisereRules {
  using Position = std::vector<std::int64_t>;
  OctalCode code;

  /// Every move of the sum: for each heap (each distinct size once) and each option of it
  /// (for_each_octal_option), the position left, canonical. An option reached by moves in two
  /// heaps of the same size is listed once.
  [[nodiscard]] std::vector<Position> moves(const Position& heaps) const;

  /// The outcome of a position with no move: the opponent made the last move, so under misère
  /// play the player to move wins.
  static constexpr Value kTerminalOutcome = kOctalMisereWin;
};

/// Calls fn(index, option) for every move of `heaps` as given (not canonical: heap `index`
/// of the list, every option of it, heaps of equal size each visited), for listing moves in
/// the position's own order.
template <class Fn>
void for_each_octal_misere_move(const OctalCode& code, const std::vector<std::int64_t>& heaps,
                                Fn&& fn) {
  for (std::size_t j = 0; j < heaps.size(); ++j) {
    if (heaps[j] <= 0) continue;
    for_each_octal_option(code, heaps[j], [&](const HeapOption& o) { fn(j, o); });
  }
}

/// The position left by the move `option` in heap `index` of `heaps`, in the list's order: the
/// heap is replaced by the option's non-empty heaps (none, one or two).
std::vector<std::int64_t> octal_misere_after(const std::vector<std::int64_t>& heaps,
                                             std::size_t index, const HeapOption& option);

}  // namespace igv
