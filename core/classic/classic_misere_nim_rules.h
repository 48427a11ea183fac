// Misère Nim (C. L. Bouton, "Nim, a game with a complete mathematical theory", Annals of
// Mathematics 3 (1901–02) 35–39; Winning Ways ch. 13): Nim on a list of heaps — a move lowers
// one heap to any smaller size — but the player who makes the last move loses: a player with no
// move (every heap empty) wins.
//
// Misère play is not normal play, so this family's kernels return outcome codes for the player
// to move (ValueKind::outcome): 0 = loss (a P-position), 1 = win (an N-position).
#pragma once

#include <cstdint>
#include <vector>

#include "core/base/nim.h"
#include "core/base/trusted/primitives.h"

namespace igv {

/// Outcome codes of the family's kernels.
inline constexpr Value kMisereLoss = 0;  ///< the player to move loses: a P-position
inline constexpr Value kMisereWin = 1;   ///< the player to move wins: an N-position

/// Rules of misère Nim: the moves are Nim's (NimRules::moves: heap i lowered to 0 ..
/// heaps[i] - 1); the terminal condition is the misère one.
struct MisereNimRules : NimRules {
  /// The outcome of a position with no move (every heap empty): under misère play the player
  /// to move did not make the last move, the opponent did, so the player to move wins.
  static constexpr Value kTerminalOutcome = kMisereWin;
};

}  // namespace igv
