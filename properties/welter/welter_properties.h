// The theorems of 002_ae6d722b5ea2de0c (Welter's game) as RapidCheck properties. Each is a plain
// function using RC_ASSERT, so that the Boost.Test suite (RC_BOOST_PROP) and the claims' checkers
// (igv::run_property) run the same code.
#pragma once

#include <rapidcheck.h>

#include <cstdint>

#include "core/base/trusted/primitives.h"
#include "core/welter/welter_rules.h"

namespace igv {

/// Which number of coins a generated position has.
enum class CoinParity { any, even, odd };

/// Random Welter positions: at most `max_coins` distinct squares below `squares`, with the
/// requested parity of the number of coins.
rc::Gen<WelterCoins> welter_gen_position(int max_coins, std::int64_t squares,
                                         CoinParity parity = CoinParity::any);

/// Every route to the Welter function gives the same value: the naive mex (when the position is
/// small enough), Conway's mating as printed (up to 80 coins), Conway's mating with the trie, and
/// the reduction by the two relations.
void prop_welter_routes_agree(const WelterCoins& coins);

/// The winning moves from inverting the Welter function equal those found by trying every move
/// (each tried move evaluated by the naive route when small, else by Conway's mating).
void prop_welter_moves_agree(const WelterCoins& coins);

/// Relation (R1) of "El álgebra de los Welter del Juego": [0|a|b|c|⋯] = [a−1|b−1|c−1|⋯], for the
/// position `shifted` = {a−1, b−1, …} (evaluated by Conway's mating, and naively when small).
void prop_welter_relation_zero(const WelterCoins& shifted);

/// Relation (R2): [a⊕x|b⊕x|⋯] = [a|b|⋯] for an even number of coins, [a|b|⋯] ⊕ x for an odd
/// number (Conway's mating, and naively when small).
void prop_welter_relation_translate(const WelterCoins& coins, Value x);

/// The reconstructed binary-digit recursion for w(n) equals [n+1|⋯|2n] by Conway's mating.
void prop_welter_start_recursion(std::int64_t n);

/// Largest naive state count the properties spend on one position.
inline constexpr std::uint64_t kWelterPropertyNaiveStates = 60'000;

}  // namespace igv
