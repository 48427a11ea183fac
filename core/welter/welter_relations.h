// The third route to the Welter function: the reduction by the two relations of
// 002_ae6d722b5ea2de0c ("El álgebra de los Welter del Juego"):
//
//   (R1) [0 | a | b | c | ⋯] = [a−1 | b−1 | c−1 | ⋯]   (the coin on 0 just shortens the strip);
//   (R2) [a⊕x | b⊕x | c⊕x | ⋯] = [a | b | c | ⋯] for an even number of arguments, and
//        [a | b | c | ⋯] ⊕ x for an odd number.
//
// "Mediante la explotación de la segunda relación repetidamente …": translate by x = one of the
// coins so that it lands on 0 (R2, spitting out x when the count is odd), drop it (R1), repeat.
// Each round removes one coin: O(n^2). It shares nothing with the mating algorithm.
#pragma once

#include "core/base/trusted/primitives.h"
#include "core/welter/welter_rules.h"

namespace igv {

/// The Welter function by repeated use of (R2) then (R1). O(n^2).
Value welter_value_by_relations(const WelterCoins& coins);

}  // namespace igv
