// The starting positions of the glasses game, w(n) = [n+1 | n+2 | ⋯ | 2n]
// (002_ae6d722b5ea2de0c, "El Grundy los valores de las posiciones de partida"), and the binary-
// digit recursion the document gives for them.
//
// The recursion as printed: write n in binary, a leading 1 followed by p digits.
//   "If they begin with 0, let the value they represent be n_0. Otherwise, strip that initial 1
//    and let the value the remaining p−1 digits represent be n_1.
//    If the next digit is also a 1, then w(n) = 2^p + w(n_1).
//    De lo contrario [otherwise], w(n) = 3(2^p) + w(n_0).   w(0) = 0."
// It says nothing for n = 1 (p = 0: there is no next digit).
//
// The worked example ("w(11) … = 3(2^3) + w(11_2) = 24 + (2^2 + w(0)) = 28") evaluates the
// "11" case of n = 3 as 2^(p+1) + w(0), not 2^p + w(0). welter_start_value_by_digits is the
// recursion with that case reconstructed so that it agrees with the direct values: for a second
// digit 1 (or no second digit), w(n) = 2^(p+1) + w(n_1'), where n_1' is the value of the
// complement of the p−1 digits after the second one. It is the fourth route to w(n) and is
// itself checked against the direct value (claim welter.start.recursion_reconstructed).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "core/base/trusted/primitives.h"
#include "core/welter/welter_rules.h"

namespace igv {

/// The coins {n+1, …, 2n} of the n-glass starting position.
WelterCoins welter_start_position(std::int64_t n);

/// w(n) by Conway's mating on the starting position.
Value welter_start_value(std::int64_t n);

/// The right-hand side of the printed recursion for n, with `w` giving the values it refers to;
/// std::nullopt for n = 1, which the printed recursion does not cover. n = 0 gives the printed
/// base case 0.
std::optional<Value> welter_start_recursion_as_printed(std::int64_t n,
                                                       const std::function<Value(std::int64_t)>& w);

/// Which case of the printed recursion applies to n ≥ 2: true for "the next digit is also a 1".
bool welter_start_second_digit_is_one(std::int64_t n);

/// w(n) by the reconstructed binary-digit recursion (see above). O(log n).
Value welter_start_value_by_digits(std::int64_t n);

/// The document's description of Conway's mating function (n|0): "removes all but the terminal d
/// zeros from the binary representation of n and replaces them by d+1 ones", i.e. 2^(d+1) − 1
/// with d the number of trailing zeros of n > 0.
Value welter_mating_description(std::int64_t n);

}  // namespace igv
