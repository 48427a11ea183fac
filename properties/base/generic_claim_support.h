// The pieces the generic claims share (game.values, game.value, game.p_positions, game.formula,
// game.period: properties/base/generic_claim_checkers_*.cpp, properties/CLAIMS.md "Generic
// claims"): their common parameter fields, the load-time checks of a game, a range, a stated
// `coordinates` and a `where` condition, and the integer points of a range with their values.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "properties/base/check_helpers.h"
#include "properties/base/formula.h"
#include "properties/base/game_values.h"

namespace igv::generic_claims {

/// Positions of a 1- or 2-coordinate domain: at most this many (the values are held in memory).
inline constexpr std::int64_t kMaxDomain = 20'000'000;

/// `game`: any specification `verify games` lists (required).
Field game_field();
/// `kernel`: the kernel the values come from (default: the family's first fast kernel).
Field kernel_field();
/// `naive_prefix`: how many leading positions the reference kernel recomputes.
Field naive_prefix_field();
/// `range = [a, b]`: the integer positions a..b (with two coordinates, the square).
Field range_field();
/// `coordinates`: optional, checked against the game's.
Field coordinates_field();
/// `where`: a condition in n (or x, y) that keeps the positions of the range it holds at.
Field where_field();

/// The formula variables of a domain of `coords` coordinates.
std::vector<std::string> formula_variables(int coords);

/// The claim's `where` condition, when it states one.
std::optional<Formula> where_of(const nlohmann::json& params, int coords);

/// The claim's `kernel` ("" when it names none).
std::string kernel_name(const Claim& c);

/// Load-time check shared by the checkers: the game (and the kernel, when named) exist, and the
/// game's kernels give Sprague–Grundy values when `need_grundy`.
std::string check_game(const nlohmann::json& params, bool need_grundy);

/// The claim's `range` [a, b].
std::pair<std::int64_t, std::int64_t> range_of(const nlohmann::json& params);

/// The number of coordinates of a claim's positions: the game's when it fixes one
/// (GameInstance::coordinates), else the claim's `coordinates` (default 1).
int coordinates_of(const GameInstance& game, const nlohmann::json& params);
/// The same for the claim's `game`.
int coordinates_of(const nlohmann::json& params);

/// Load-time check of a stated `coordinates`: it must be the game's when the game fixes one.
std::string check_coordinates(const nlohmann::json& params);

/// Load-time check of `range`: not empty, not too large, and positions of the game (its ends,
/// with the game's `coords` coordinates, parse in the family's syntax).
std::string check_range(const nlohmann::json& params, int coords);

/// The games a formula names: G("SPEC", …) needs values, O("SPEC", …) any game. "" or the fault,
/// prefixed by `where`.
std::string check_formula_games(const Formula& f, const std::string& where);

/// Load-time check of `where`: it parses in the domain's variables and names known games.
std::string check_where(const nlohmann::json& params, int coords);

/// The integer positions of a range, in the stated order (within the claim's memory limit: each
/// point, its position and its value take about 160 bytes).
std::vector<std::vector<std::int64_t>> range_points(std::int64_t a, std::int64_t b, int coords,
                                                    const CheckContext& ctx);

/// A point as the evidence writes it: n, or [x, y].
nlohmann::json point_json(const std::vector<std::int64_t>& p);

/// The kernels that gave the values, for the evidence's "method".
std::string method_text(const GameKernels& gk, std::size_t naive);

/// The points of the range that the claim's `where` condition keeps (all of them without one);
/// `skipped` receives how many it left out. G(…) and O(…) in the condition read `value` and
/// `outcome`.
std::vector<std::vector<std::int64_t>> domain_points(const Claim& c, std::int64_t a, std::int64_t b,
                                                     int coords, const CheckContext& ctx,
                                                     const GameValueFn& value,
                                                     const GameValueFn& outcome,
                                                     std::size_t* skipped);

/// Values of integer points of a game, with the memory guard; the reference kernel recomputes
/// the claim's `naive_prefix` first ones (`naive` receives how many).
std::vector<Value> values_of_points(const GameKernels& gk,
                                    const std::vector<std::vector<std::int64_t>>& points,
                                    const Claim& c, const CheckContext& ctx, std::size_t* naive);

}  // namespace igv::generic_claims
