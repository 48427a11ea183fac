// Conway's algorithm for the Welter function, as 002_ae6d722b5ea2de0c describes it
// ("Computation": the Welter value is the nim-sum of "mated pairs"), in two forms:
//
//  * welter_value_conway_as_printed: the document's Mathematica program transcribed step by step.
//    d[i][j] = IntegerExponent[|x_i − x_j|, 2] (how many low-order binary digits x_i and x_j
//    share), the diagonal set to −1; repeatedly take the first maximal entry in row-major order,
//    mate that pair, drop both coins, and nim-add the mate to the value of the rest. O(n^3): small
//    positions.
//
//  * welter_value_conway: the same pairing found with a binary trie on the low-order bits (coins
//    sorted by their bit-reversed value, so that coins sharing low-order digits are adjacent).
//    In that trie the pair agreeing in the most low-order digits is always the two coins of the
//    deepest node holding two coins, so the greedy pairing is unique and is made bottom-up: each
//    subtree hands its one unmated coin (if its size is odd) to its parent, which mates the two
//    coins handed up by its children. O(n log n): positions of 10^6 coins.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "core/base/trusted/primitives.h"
#include "core/welter/welter_rules.h"

namespace igv {

/// The document's `sum[a, b]`: nim-addition of non-negative integers, with its two conventions
/// `sum[0, -1] = sum[-1, 0] = -1`. Other negative arguments are outside the document's
/// definition: std::invalid_argument.
Value welter_sum_as_printed(Value a, Value b);

/// The document's `mate[a_, b_] := sum[a, b] - 1`, i.e. (a ⊕ b) − 1 (with the −1 conventions).
Value welter_mate_as_printed(Value a, Value b);

/// The document's `welter[x]`: Conway's mating by an all-pairs search. O(n^3).
Value welter_value_conway_as_printed(std::span<const std::int64_t> coins);

/// Conway's mating with a binary trie on the low-order bits. O(n log n).
Value welter_value_conway(const WelterCoins& coins);

/// The coins sorted by their bit-reversed value: the order of a binary trie read from the
/// least significant bit. Within the coins sharing their k lowest bits, those with bit k = 0 come
/// first.
std::vector<std::int64_t> welter_low_bit_order(const WelterCoins& coins);

/// Mask of the k+1 lowest bits, 2^(k+1) − 1: the nim-difference between the mate
/// (a ⊕ b) − 1 and a ⊕ b when a and b share exactly k low-order bits.
constexpr Value welter_low_mask(int k) {
  return k >= 62 ? Value{0x7fffffffffffffff} : (Value{1} << (k + 1)) - 1;
}

}  // namespace igv
