#include "properties/base/generic_claim_support.h"

#include <stdexcept>

#include "core/base/trusted/errors.h"

namespace igv::generic_claims {

Field game_field() {
  return field::game("game", "the game: any specification `verify games` lists, e.g. octal:0.07")
      .needed();
}
Field kernel_field() {
  return field::string("kernel",
                       "the kernel the values come from (`verify kernels`); default: the "
                       "family's first fast kernel")
      .nonempty();
}
Field naive_prefix_field() {
  return field::integer("naive_prefix",
                        "how many leading positions the reference (naive) kernel recomputes as "
                        "an independent check, those within the family's cross-check domain (a "
                        "disagreement is an error)")
      .in(0, 1'000'000)
      .fallback(300)
      .budget_scaled();
}
Field range_field() {
  return field::list("range", field::integer("", "a bound").at_least(0),
                     "[a, b]: the integer positions a..b (both ends included); with two "
                     "coordinates, every [x, y] with x and y in a..b")
      .items(2, 2)
      .needed();
}
Field coordinates_field() {
  return field::integer("coordinates",
                        "optional: how many integers a position of the game is (1: n, 2: x, y); "
                        "the game says it (wythoff, rook: 2), so a stated one is only checked")
      .in(1, 2);
}

Field where_field() {
  return field::string("where",
                       "a condition in n (or x, y), e.g. \"x != y\": only the positions of the "
                       "range where it is not 0 are checked (the others are skipped, and counted "
                       "in the evidence); without it every position of the range must exist")
      .nonempty();
}

/// The formula variables of a domain of `coords` coordinates.
std::vector<std::string> formula_variables(int coords) {
  return coords == 1 ? std::vector<std::string>{"n"} : std::vector<std::string>{"x", "y"};
}

/// The claim's `where` condition, when it states one.
std::optional<Formula> where_of(const nlohmann::json& params, int coords) {
  if (!params.contains("where")) return std::nullopt;
  return Formula::parse(params.at("where").get<std::string>(), formula_variables(coords));
}

std::string kernel_name(const Claim& c) {
  return stated(c, "kernel") ? c.params.at("kernel").get<std::string>() : std::string();
}

/// Load-time check shared by the checkers: the game (and the kernel, when named) exist, and the
/// game's kernels give Sprague–Grundy values when `need_grundy`.
std::string check_game(const nlohmann::json& params, bool need_grundy) {
  try {
    const auto gk =
        GameKernels::make(params.at("game").get<std::string>(),
                          params.contains("kernel") ? params.at("kernel").get<std::string>() : "");
    if (need_grundy && gk.family->value_kind != ValueKind::grundy) {
      return "parameter 'game': " + gk.family->name +
             " has outcomes, not Sprague-Grundy values: state its outcomes with game.value "
             "(asserted.outcome) or game.p_positions";
    }
  } catch (const InputError& e) {
    return std::string(params.contains("kernel") ? "parameter 'kernel': " : "parameter 'game': ") +
           e.what();
  }
  return "";
}

std::pair<std::int64_t, std::int64_t> range_of(const nlohmann::json& params) {
  const auto& r = params.at("range");
  return {r.at(0).get<std::int64_t>(), r.at(1).get<std::int64_t>()};
}

/// The number of coordinates of a claim's positions: the game's when it fixes one
/// (GameInstance::coordinates), else the claim's `coordinates` (default 1).
int coordinates_of(const GameInstance& game, const nlohmann::json& params) {
  if (const int fixed = game.coordinates(); fixed > 0) return fixed;
  return params.contains("coordinates") ? params.at("coordinates").get<int>() : 1;
}

int coordinates_of(const nlohmann::json& params) {
  return coordinates_of(*GameKernels::make(params.at("game").get<std::string>()).game, params);
}

/// Load-time check of a stated `coordinates`: it must be the game's when the game fixes one.
std::string check_coordinates(const nlohmann::json& params) {
  if (!params.contains("coordinates")) return "";
  const int stated = params.at("coordinates").get<int>();
  const int game = GameKernels::make(params.at("game").get<std::string>()).game->coordinates();
  if (game == 0 || stated == game) return "";
  return "parameter 'coordinates': the positions of " + params.at("game").get<std::string>() +
         " have " + std::to_string(game) + " coordinate" + (game == 1 ? "" : "s") + ", not " +
         std::to_string(stated) + " (the game says it; the parameter may be left out)";
}

/// Load-time check of `range`: not empty, not too large, and positions of the game (its ends,
/// with the game's `coords` coordinates, parse in the family's syntax).
std::string check_range(const nlohmann::json& params, int coords) {
  const auto [a, b] = range_of(params);
  if (a > b)
    return "parameter 'range': [" + std::to_string(a) + ", " + std::to_string(b) +
           "] is empty (a must be at most b)";
  const double side = static_cast<double>(b - a) + 1.0;
  const double count = coords == 2 ? side * side : side;
  if (count > static_cast<double>(kMaxDomain)) {
    return "parameter 'range': more than " + std::to_string(kMaxDomain) +
           " positions (at most that many are held in memory)";
  }
  const auto gk = GameKernels::make(params.at("game").get<std::string>());
  std::vector<std::vector<std::int64_t>> ends{std::vector<std::int64_t>(coords, a),
                                              std::vector<std::int64_t>(coords, b)};
  if (params.contains("where")) {
    // The first and the last point of the range that the condition keeps (the condition read
    // without other games' values; one that needs them is checked when the claim runs).
    ends.clear();
    try {
      const auto where = where_of(params, coords);
      const auto kept = [&](std::int64_t x, std::int64_t y) {
        return where->evaluate(coords == 1 ? std::vector<std::int64_t>{x}
                                           : std::vector<std::int64_t>{x, y}) != 0;
      };
      for (int side = 0; side < 2; ++side) {
        bool found = false;
        for (std::int64_t i = 0; i <= b - a && i < 64 && !found; ++i) {
          const std::int64_t x = side == 0 ? a + i : b - i;
          for (std::int64_t j = 0; j <= (coords == 1 ? 0 : b - a) && j < 64 && !found; ++j) {
            const std::int64_t y = side == 0 ? a + j : b - j;
            if (kept(x, y)) {
              ends.push_back(coords == 1 ? std::vector<std::int64_t>{x}
                                         : std::vector<std::int64_t>{x, y});
              found = true;
            }
          }
        }
      }
    } catch (const FormulaError&) {
      ends.clear();
    }
  }
  try {
    for (const auto& p : ends) (void)integer_position(*gk.game, p);
  } catch (const InputError& e) {
    return "parameter 'range': " + gk.family->name + " does not take these positions with " +
           std::to_string(coords) + " coordinate(s): " + e.what();
  }
  return "";
}

/// The integer positions of a range, in the stated order (within the claim's memory limit: each
/// point, its position and its value take about 160 bytes).
std::vector<std::vector<std::int64_t>> range_points(std::int64_t a, std::int64_t b, int coords,
                                                    const CheckContext& ctx) {
  // The loader bounds the range (check_range); a checker called directly must hold too.
  if (a < 0 || b < a || b - a >= kMaxDomain)
    throw std::invalid_argument("range [" + std::to_string(a) + ", " + std::to_string(b) +
                                "] outside 0 <= a <= b < a + " + std::to_string(kMaxDomain));
  const auto side = static_cast<std::uint64_t>(b - a) + 1;
  ctx.require_memory((coords == 2 ? side * side : side) * 160, "the positions of the range");
  std::vector<std::vector<std::int64_t>> out;
  // Counted, not compared with b: a range ending at 2^63 - 1 has no b + 1.
  for (std::uint64_t i = 0; i < side; ++i) {
    const std::int64_t x = a + static_cast<std::int64_t>(i);
    if (coords == 1) {
      out.push_back({x});
    } else {
      for (std::uint64_t j = 0; j < side; ++j) out.push_back({x, a + static_cast<std::int64_t>(j)});
    }
  }
  return out;
}

nlohmann::json point_json(const std::vector<std::int64_t>& p) {
  return p.size() == 1 ? nlohmann::json(p[0]) : nlohmann::json(p);
}

std::string method_text(const GameKernels& gk, std::size_t naive) {
  std::string s = "kernel '" + gk.kernel->name + "' of " + gk.family->name + " (" +
                  gk.kernel->description + ")";
  if (gk.kernel != gk.reference) {
    s += "; the reference kernel '" + gk.reference->name + "' recomputed the first " +
         std::to_string(naive) + " and agreed";
  }
  return s;
}

/// The points of the range that the claim's `where` condition keeps (all of them without one);
/// `skipped` receives how many it left out. G(…) and O(…) in the condition read `value` and
/// `outcome`.
std::vector<std::vector<std::int64_t>> domain_points(const Claim& c, std::int64_t a, std::int64_t b,
                                                     int coords, const CheckContext& ctx,
                                                     const GameValueFn& value,
                                                     const GameValueFn& outcome,
                                                     std::size_t* skipped) {
  auto points = range_points(a, b, coords, ctx);
  const auto where = where_of(c.params, coords);
  if (!where) return points;
  std::vector<std::vector<std::int64_t>> kept;
  for (auto& p : points) {
    std::int64_t keep = 0;
    try {
      keep = where->evaluate(p, value, outcome);
    } catch (const FormulaError& e) {
      throw std::invalid_argument("the condition 'where' cannot be evaluated at " +
                                  point_json(p).dump() + ": " + e.what());
    }
    if (keep != 0) kept.push_back(std::move(p));
  }
  if (skipped != nullptr) *skipped = points.size() - kept.size();
  return kept;
}

std::vector<Value> values_of_points(const GameKernels& gk,
                                    const std::vector<std::vector<std::int64_t>>& points,
                                    const Claim& c, const CheckContext& ctx, std::size_t* naive) {
  ctx.require_memory(points.size() * 64, "the positions of " + gk.game->spec());
  std::vector<Position> ps;
  ps.reserve(points.size());
  for (const auto& p : points) ps.push_back(integer_position(*gk.game, p));
  return game_values(gk, ps, static_cast<std::size_t>(domain_param(c, ctx, "naive_prefix", 0)),
                     naive);
}

/// The games a formula names: G("SPEC", …) needs values, O("SPEC", …) any game. "" or the fault,
/// prefixed by `where`.
std::string check_formula_games(const Formula& f, const std::string& where) {
  for (const auto& spec : f.games()) {
    nlohmann::json p = {{"game", spec}};
    if (auto e = check_game(p, true); !e.empty())
      return where + ": in G(\"" + spec + "\"): " + e + " (its outcomes: O(\"" + spec + "\", …))";
  }
  for (const auto& spec : f.outcome_games()) {
    nlohmann::json p = {{"game", spec}};
    if (auto e = check_game(p, false); !e.empty()) return where + ": in O(\"" + spec + "\"): " + e;
  }
  return "";
}

/// Load-time check of `where`: it parses in the domain's variables and names known games.
std::string check_where(const nlohmann::json& params, int coords) {
  if (!params.contains("where")) return "";
  try {
    const auto f = where_of(params, coords);
    return check_formula_games(*f, "parameter 'where'");
  } catch (const FormulaError& e) {
    return std::string("parameter 'where': ") + e.what();
  }
}

}  // namespace igv::generic_claims
