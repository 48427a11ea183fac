// Helpers shared by the Welter claim checkers (properties/welter/welter_claim_checkers_*.cpp).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/welter/welter_fast_inverse.h"
#include "core/welter/welter_rules.h"
#include "properties/base/checker.h"

namespace igv::welter_claims {

// Coins of the random positions the RapidCheck parts use (large, beyond any naive reach).
inline constexpr int kRandomMaxCoins = 200;
inline constexpr std::int64_t kRandomSquares = std::int64_t{1} << 40;
// Random cases for the inverse-versus-trial property at budget 1 (each case tries every move).
inline constexpr std::int64_t kInverseRandomCases = 300;

/// n in binary digits ("0" for 0).
std::string binary(std::int64_t n);

/// The positions reached by `moves` from `from`, as position strings.
nlohmann::json moves_json(const std::vector<WelterMove>& moves, const WelterCoins& from);

/// Every subset of {0, …, max_square}, as positions.
std::vector<WelterCoins> all_subsets(std::int64_t max_square);

/// Attaches the random part's evidence to the exhaustive part; a refutation or fault of either
/// decides the verdict.
Outcome combine(Outcome exhaustive, const Outcome& random);

/// Blocks of consecutive coins: [n|…|2n−1], [n+2|…|2n], and the starting position after a move.
WelterCoins block_position(const std::string& family, std::int64_t n);
std::string block_name(const std::string& family);

}  // namespace igv::welter_claims
