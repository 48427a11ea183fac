// Welter's game: the rules, written once (002_ae6d722b5ea2de0c, "Por qué esto es Welter del
// Juego").
//
// A position is a finite set of distinct non-negative integers: coins on a strip of squares
// numbered 0, 1, … (equivalently glasses holding k_1, …, k_n balls, no two glasses alike). A move
// slides one coin to a smaller square that no other coin occupies (empties balls from one glass,
// never making two glasses equal). The Welter function [k_1 | … | k_n] is the Sprague–Grundy
// value of the position.
//
// Inside the harness a position is kept sorted ascending; `welter_position` checks and sorts
// what users write.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/base/naive_solver.h"
#include "core/base/trusted/position.h"

namespace igv {

/// A Welter position: distinct non-negative coin squares, sorted ascending.
using WelterCoins = std::vector<std::int64_t>;

/// Coin squares are below 2^62, so that every value and every zero partner (at most one binary
/// digit longer than the largest coin) fits a signed 64-bit integer.
inline constexpr std::int64_t kWelterMaxSquare = std::int64_t{1} << 62;

/// Checks that `p` holds distinct non-negative integers and returns it sorted. Throws
/// InputError naming `what` and the first negative or repeated value.
WelterCoins welter_position(const Position& p, std::string_view what = "welter position");

/// Parses the shared integer-list syntax (`1,3,6,10`, `500001..1000000`, `@FILE`) and checks it.
WelterCoins parse_welter_position(std::string_view text);

/// The coins of the starting position of the glasses game with n glasses: {n+1, …, 2n}
/// (002_ae6d722b5ea2de0c, "w(n) = [n+1|n+2|⋯|2n]").
/// At most this many coins (10^8, as in a position); more, or a negative square, is an InputError.
WelterCoins welter_block(std::int64_t first, std::int64_t last);
inline constexpr std::int64_t kMaxWelterBlock = 100'000'000;

/// The rules as NaiveSolver needs them.
struct WelterRules {
  using Position = WelterCoins;
  using Hash = IntVectorHash;
  /// Every position reached by moving one coin to a smaller unoccupied square.
  [[nodiscard]] std::vector<WelterCoins> moves(const WelterCoins& coins) const;
};

/// The position reached by moving the coin on `from` to `to` (both checked: `from` occupied,
/// `to` < `from` free); throws std::invalid_argument otherwise.
WelterCoins welter_apply_move(const WelterCoins& coins, std::int64_t from, std::int64_t to);

/// An upper bound on the positions the naive solver can reach from `coins`: the number of
/// n-subsets of {0, …, max} (moves only lower coins), saturated at 2^63.
std::uint64_t welter_naive_state_bound(const WelterCoins& coins);

}  // namespace igv
