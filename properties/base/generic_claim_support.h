// The pieces the generic claims share (game.values, game.value, game.p_positions, game.formula,
// game.period: properties/base/generic_claim_checkers_*.cpp, properties/CLAIMS.md "Generic
// claims"): their common parameter fields, the load-time checks of a game, a range, a stated
// `coordinates`, an `order` and a `where` condition, and the walk over a domain's positions with
// their values (streamed for one heap, in batches for several).
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "properties/base/check_helpers.h"
#include "properties/base/formula.h"
#include "properties/base/game_values.h"

namespace igv::generic_claims {

/// Positions of a domain held or visited one by one: at most this many (a range of one heap
/// whose kernel streams its values has no such bound: the time and memory limits bound it).
inline constexpr std::int64_t kMaxDomain = 20'000'000;
/// Heaps (coordinates) of a position a claim may state.
inline constexpr int kMaxCoordinates = 16;

/// `game`: any specification `verify games` lists (required).
Field game_field();
/// `kernel`: the kernel the values come from (default: the family's first fast kernel).
Field kernel_field();
/// `naive_prefix`: how many leading positions the reference kernel recomputes.
Field naive_prefix_field();
/// `range = [a, b]`: the integer positions a..b (with k coordinates, the box [a, b]^k).
Field range_field();
/// `coordinates`: how many heaps (or coordinates) a position has; checked against the game's.
Field coordinates_field();
/// `order`: the tuples of the box, or only the sorted ones.
Field order_field();
/// `where`: a condition in n (or x, y, z, x1 … xk) that keeps the positions it holds at.
Field where_field();

/// The formula names of a domain of `coords` coordinates (FormulaNames::heaps).
FormulaNames formula_variables(int coords);

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

/// Which tuples of the box a domain holds (`order`): all of them (any), or the sorted ones.
enum class Order { any, nondecreasing, nonincreasing, increasing, decreasing };

/// The positions a claim ranges over: the tuples of [a, b]^coords in `order`, visited in
/// lexicographic order (increasing n; increasing x, then y, …), and its `where` condition.
struct Domain {
  std::int64_t a = 0;
  std::int64_t b = 0;
  int coords = 1;
  Order order = Order::any;
  std::optional<Formula> where;
  std::string where_text;

  /// The tuples before `where` (saturating at about 1e30).
  [[nodiscard]] long double count() const;
  /// "n in 0..100", "x, y in 0..40", "x1..x3 in 0..20, nondecreasing", with " where …".
  [[nodiscard]] std::string text() const;
  /// The first tuple in order into `p`; false when the domain is empty.
  bool first(std::vector<std::int64_t>& p) const;
  /// The tuple after `p` in order; false after the last.
  bool next(std::vector<std::int64_t>& p) const;
  /// Whether `p` is a tuple of the domain before `where` (in the range and in order).
  [[nodiscard]] bool holds(const std::vector<std::int64_t>& p) const;
};

/// The claim's domain (its `range`, `coordinates`, `order`, `where`).
Domain domain_of(const nlohmann::json& params, int coords);

/// Load-time check of `range`, `order` and the domain's size: not empty, not larger than a claim
/// checks (kMaxDomain, with the count in the message; no bound for one heap through a kernel
/// that streams), and positions of the game (its first and last tuples, or those `where`
/// keeps, parse in the family's syntax).
std::string check_range(const nlohmann::json& params, int coords);

/// The games a formula names: G("SPEC", …) needs values, O("SPEC", …) any game. "" or the fault,
/// prefixed by `where`.
std::string check_formula_games(const Formula& f, const std::string& where);

/// The formulas of a generic claim (CheckerSchema::formulas): `where`, the asserted formula of
/// game.formula, the asserted condition of game.p_positions.
std::vector<std::pair<std::string, std::string>> claim_formulas(const nlohmann::json& params,
                                                                const nlohmann::json& asserted);

/// Load-time check of `where`: it parses in the domain's variables and names known games.
std::string check_where(const nlohmann::json& params, int coords);

/// A point as the evidence writes it: n, or [x, y, …].
nlohmann::json point_json(const std::vector<std::int64_t>& p);

/// The kernels that gave the values, for the evidence's "method".
std::string method_text(const GameKernels& gk, std::size_t naive);

/// What walk_domain went through.
struct WalkStats {
  std::uint64_t positions = 0;  ///< visited (kept by `where`)
  std::uint64_t skipped = 0;    ///< left out by `where`
  std::size_t naive = 0;        ///< recomputed by the reference kernel
  bool streamed = false;        ///< through the kernel's streamed route, nothing held
  bool outcomes = false;        ///< through the kernel's outcome sieve: 0 for P, 1 for N
};

/// Visits the domain's positions that `where` keeps, in order, with their values by gk.kernel,
/// until `visit` returns false. One heap through a kernel that streams (stream_range_values):
/// nothing per position is held, and the leading `naive_prefix` positions are first computed
/// position by position, recomputed by the reference kernel and compared with the streamed
/// values. Otherwise the positions go to the kernel in batches (all at once for one heap, where a
/// kernel computes a prefix per call), the first batch's leading positions recomputed by the
/// reference kernel. G(…) and O(…) in the condition read `value` and `outcome`.
/// With `outcomes_only` (the claim compares P/N alone), one heap through a kernel that offers an
/// outcome sieve (Kernel::range_outcomes) is walked with it: the values passed are then 0 for P
/// and 1 for N (stats.outcomes), and the leading positions are compared with the reference
/// kernel's values' outcomes.
void walk_domain(const Claim& c, const GameKernels& gk, const Domain& d, const CheckContext& ctx,
                 const GameValueFn& value, const GameValueFn& outcome,
                 const std::function<bool(const std::vector<std::int64_t>&, Value)>& visit,
                 WalkStats& stats, bool outcomes_only = false);

}  // namespace igv::generic_claims
