// The generic claims: statements about any game the harness knows, so that a new paper needs a
// claims file, not C++ (properties/CLAIMS.md, "Generic claims"). Each takes `params.game`, a game
// specification of any registered family, and computes through the family's kernels (the first
// fast kernel unless `kernel` names another; the reference kernel recomputes the first
// `naive_prefix` positions as an independent check):
//
//   game.values      the values of positions first, first+1, … or of listed positions
//   game.value       the value (or outcome) of one position, and optionally its winning moves
//   game.p_positions the P-positions in a range, listed or as residues modulo m
//   game.formula     G(n) (or G(x, y)) equals a formula on a range (properties/base/formula.h)
//   game.period      the least period, preperiod and saltus, proved by the family's certificate
//
// Every refutation names the least counterexample in the order the domain is stated (increasing
// n; for two coordinates, increasing x then y).
#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "core/base/errors.h"
#include "core/base/limits.h"
#include "properties/base/check_helpers.h"
#include "properties/base/formula.h"
#include "properties/base/game_values.h"

namespace igv {
namespace {

/// Positions of a 1- or 2-coordinate domain: at most this many (the values are held in memory).
constexpr std::int64_t kMaxDomain = 20'000'000;

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

/// Values of integer points of a game, with the memory guard.
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

// ---------------------------------------------------------------------------------------------
// game.values
// ---------------------------------------------------------------------------------------------
Outcome check_values(const Claim& c, const CheckContext& ctx) {
  const auto gk = GameKernels::make(param<std::string>(c, "game"), kernel_name(c));
  std::vector<Position> ps;
  nlohmann::json labels = nlohmann::json::array();
  ctx.require_memory(c.asserted.size() * 64, "the positions of " + gk.game->spec());
  if (stated(c, "positions")) {
    for (const auto& p : c.params.at("positions")) {
      ps.push_back(position_from_json(*gk.game, p));
      labels.push_back(gk.game->format_position(ps.back()));
    }
  } else {
    const auto first = param<std::int64_t>(c, "first");
    for (std::size_t i = 0; i < c.asserted.size(); ++i) {
      const std::int64_t n = first + static_cast<std::int64_t>(i);
      ps.push_back(integer_position(*gk.game, {n}));
      labels.push_back(n);
    }
  }
  if (ps.size() != c.asserted.size())
    throw std::invalid_argument("claim " + c.id + ": one asserted value per position");
  std::size_t naive = 0;
  const auto values = game_values(
      gk, ps, static_cast<std::size_t>(domain_param(c, ctx, "naive_prefix", 0)), &naive);
  Outcome o;
  nlohmann::json computed = nlohmann::json::array();
  nlohmann::json mismatches = nlohmann::json::array();
  for (std::size_t i = 0; i < ps.size(); ++i) {
    computed.push_back(values[i]);
    if (c.asserted[i].get<Value>() != values[i]) {
      mismatches.push_back(
          {{"position", labels[i]}, {"asserted", c.asserted[i]}, {"computed", values[i]}});
    }
  }
  o.evidence = {
      {"game", gk.game->spec()},
      {"domain", stated(c, "positions")
                     ? "the " + std::to_string(ps.size()) + " listed positions"
                     : "positions " + labels.front().dump() + ".." + labels.back().dump()},
      {"positions", labels},
      {"computed", computed},
      {"terms_compared", ps.size()},
      {"terms_disagreeing", mismatches.size()},
      {"naive_checked", naive},
      {"method", method_text(gk, naive)}};
  if (mismatches.empty()) {
    o.verdict = Finding::verified;
    o.summary = "all " + std::to_string(ps.size()) + " values agree";
  } else {
    // The first disagreement is confirmed by a second kernel before anything is refuted.
    for (std::size_t i = 0; i < ps.size(); ++i) {
      if (c.asserted[i].get<Value>() != values[i]) {
        o.evidence["confirmed_by"] = confirm_value(gk, ps[i], values[i]);
        break;
      }
    }
    o.verdict = Finding::refuted;
    o.evidence["mismatches"] = mismatches;
    o.counterexample = mismatches.front();
    o.summary = std::to_string(mismatches.size()) + " of " + std::to_string(ps.size()) +
                " values disagree; first at position " + mismatches.front()["position"].dump() +
                ": asserted " + mismatches.front()["asserted"].dump() + ", computed " +
                mismatches.front()["computed"].dump();
  }
  return o;
}

std::string validate_values(const nlohmann::json& params, const nlohmann::json& asserted) {
  if (auto e = check_game(params, true); !e.empty()) return e;
  const auto gk = GameKernels::make(
      params.at("game").get<std::string>(),
      params.contains("kernel") ? params.at("kernel").get<std::string>() : std::string());
  try {
    if (params.contains("positions")) {
      if (params.contains("first"))
        return "states both 'first' and 'positions': a claim lists its positions one way";
      const auto& ps = params.at("positions");
      if (ps.size() != asserted.size()) {
        return "parameter 'positions': " + std::to_string(ps.size()) + " positions but " +
               std::to_string(asserted.size()) + " asserted values (one value per position)";
      }
      for (std::size_t i = 0; i < ps.size(); ++i) {
        try {
          (void)position_from_json(*gk.game, ps[i]);
        } catch (const InputError& e) {
          return "parameter 'positions[" + std::to_string(i) + "]': " + e.what();
        }
      }
    } else {
      const std::int64_t first =
          params.contains("first") ? params.at("first").get<std::int64_t>() : 0;
      if (static_cast<double>(first) + static_cast<double>(asserted.size()) >
          static_cast<double>(kMaxDomain)) {
        return "parameter 'first': positions beyond " + std::to_string(kMaxDomain) +
               " (list them in 'positions')";
      }
      try {
        (void)integer_position(*gk.game, {first});
      } catch (const InputError& e) {
        return "parameter 'first': " + gk.family->name +
               " does not take integer positions n (list them in 'positions'): " + e.what();
      }
    }
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

CheckerSchema values_schema() {
  return {
      .establishes =
          "the game's values at the stated positions equal the asserted list, term by "
          "term (fast kernel; the naive kernel recomputes the leading positions)",
      .params = {game_field(),
                 field::integer("first",
                                "the first integer position: the values are those of first, "
                                "first+1, … (an OEIS offset); not with 'positions'")
                     .at_least(0)
                     .fallback(0),
                 field::list("positions",
                             field::any("",
                                        "a position: a string in the game's syntax, or a "
                                        "list of integers"),
                             "the positions, one per asserted value; not with 'first'")
                     .items(1),
                 kernel_field(), naive_prefix_field()},
      .asserted = field::list("", field::integer("", "a value").at_least(0),
                              "the values, in the order of the positions")
                      .items(1),
      .example_params = {{"game", "octal:0.07"}, {"first", 1}},
      .example_asserted = {0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3},
      .validate = validate_values,
  };
}

// ---------------------------------------------------------------------------------------------
// game.value
// ---------------------------------------------------------------------------------------------
/// "P"/"loss" and "N"/"win" name the same outcomes (for the player to move).
std::string normal_outcome(const std::string& s) {
  if (s == "P" || s == "loss") return "loss";
  if (s == "N" || s == "win") return "win";
  return s;
}

Outcome check_value(const Claim& c, const CheckContext& ctx) {
  (void)ctx;
  const auto gk = GameKernels::make(param<std::string>(c, "game"));
  const Position p = position_from_json(*gk.game, c.params.at("position"));
  ValueRequest request;
  request.max_moves = 100'000;
  const ValueAnswer answer = gk.game->value_limited(p, request);
  Outcome o;
  o.evidence = {{"game", gk.game->spec()},
                {"position", gk.game->format_position(p)},
                {"computed", to_json(answer)},
                {"method", answer.how + " (kernel " +
                               (answer.kernel.empty() ? std::string("?") : answer.kernel) + ")"}};
  nlohmann::json faults = nlohmann::json::array();
  if (c.asserted.contains("value")) {
    if (!answer.value) {
      if (!answer.value_not_computed) throw std::logic_error("the family computed no value");
      throw BudgetExceeded(
          "the value of this position is beyond what the family computes (its outcome alone is "
          "given)");
    }
    if (c.asserted.at("value") != *answer.value) {
      faults.push_back(
          {{"what", "value"}, {"asserted", c.asserted.at("value")}, {"computed", *answer.value}});
    }
  }
  if (c.asserted.contains("outcome")) {
    std::string computed;
    if (answer.outcome) {
      computed = *answer.outcome;
    } else if (answer.value) {
      computed = *answer.value == 0 ? "loss" : "win";
    } else {
      throw std::logic_error("the family computed neither a value nor an outcome");
    }
    const std::string asserted = c.asserted.at("outcome").get<std::string>();
    if (normal_outcome(asserted) != normal_outcome(computed)) {
      faults.push_back({{"what", "outcome (for the player to move)"},
                        {"asserted", asserted},
                        {"computed", normal_outcome(computed) == "loss"  ? "P (loss)"
                                     : normal_outcome(computed) == "win" ? "N (win)"
                                                                         : computed}});
    }
  }
  if (c.asserted.contains("winning_moves")) {
    if (!answer.winning_moves)
      throw BudgetExceeded("the winning moves of this position are too large to list");
    const std::size_t count = answer.winning_moves_total();
    if (count > answer.winning_moves->size()) {
      throw BudgetExceeded(std::to_string(count) + " winning moves: more than the " +
                           std::to_string(request.max_moves) + " compared at most");
    }
    std::set<std::string> computed, asserted;
    for (const auto& m : *answer.winning_moves) {
      computed.insert(gk.game->format_position(gk.game->parse_position(m)));
    }
    for (const auto& m : c.asserted.at("winning_moves")) {
      asserted.insert(gk.game->format_position(position_from_json(*gk.game, m)));
    }
    if (computed != asserted) {
      nlohmann::json missing = nlohmann::json::array(), extra = nlohmann::json::array();
      for (const auto& m : computed)
        if (!asserted.count(m)) missing.push_back(m);
      for (const auto& m : asserted)
        if (!computed.count(m)) extra.push_back(m);
      faults.push_back({{"what", "winning moves"},
                        {"asserted", asserted},
                        {"computed", computed},
                        {"not_listed", missing},
                        {"not_winning", extra}});
    }
  }
  if (faults.empty()) {
    o.verdict = Finding::verified;
    o.summary = "the asserted " + std::string(c.asserted.contains("value") ? "value" : "outcome") +
                std::string(c.asserted.contains("winning_moves") ? " and winning moves" : "") +
                " of " + gk.game->format_position(p) + " agree";
  } else {
    // A value that refutes is confirmed by a second kernel first.
    if (answer.value) o.evidence["confirmed_by"] = confirm_value(gk, p, *answer.value);
    o.verdict = Finding::refuted;
    o.counterexample = faults.front();
    o.evidence["disagreements"] = faults;
    o.summary = faults.front()["what"].get<std::string>() + ": asserted " +
                faults.front()["asserted"].dump() + ", computed " +
                faults.front()["computed"].dump();
  }
  return o;
}

std::string validate_value(const nlohmann::json& params, const nlohmann::json& asserted) {
  if (auto e = check_game(params, false); !e.empty()) return e;
  if (asserted.contains("value") == asserted.contains("outcome"))
    return "asserted: exactly one of 'value' and 'outcome'";
  const auto gk = GameKernels::make(params.at("game").get<std::string>());
  if (asserted.contains("value") && gk.family->value_kind != ValueKind::grundy)
    return "asserted 'value': " + gk.family->name + " has outcomes, not values: assert 'outcome'";
  if (asserted.contains("outcome") && asserted.at("outcome") == "draw" &&
      gk.family->value_kind == ValueKind::grundy)
    return "asserted 'outcome': a game of " + gk.family->name + " ends, it has no draws";
  try {
    (void)position_from_json(*gk.game, params.at("position"));
  } catch (const InputError& e) {
    return std::string("parameter 'position': ") + e.what();
  }
  if (asserted.contains("winning_moves")) {
    const auto& ms = asserted.at("winning_moves");
    for (std::size_t i = 0; i < ms.size(); ++i) {
      try {
        (void)position_from_json(*gk.game, ms[i]);
      } catch (const InputError& e) {
        return "asserted 'winning_moves[" + std::to_string(i) + "]': " + e.what();
      }
    }
  }
  return "";
}

CheckerSchema value_schema() {
  return {
      .establishes =
          "the position's value (or outcome for the player to move) is the asserted "
          "one and, when listed, its winning moves are exactly the asserted ones",
      .params = {game_field(),
                 field::any("position",
                            "the position: a string in the game's syntax, or a list of integers")
                     .needed()},
      .asserted = field::object(
          "",
          {field::integer("value", "the Sprague–Grundy value").at_least(0),
           field::choice("outcome", {"P", "N", "win", "loss", "draw"},
                         "the outcome for the player to move: P (= loss), N (= win), draw"),
           field::list("winning_moves",
                       field::any("", "the position after a winning move, in the game's syntax"),
                       "every winning move, as the position it leaves (optional)")},
          "the value or the outcome (exactly one), and optionally the winning moves"),
      .example_params = {{"game", "digits"}, {"position", "618034"}},
      .example_asserted = {{"value", 1}, {"winning_moves", {"612034"}}},
      .validate = validate_value,
  };
}

/// Values of other games for G("SPEC", …) in a formula, computed once per game and range: integer
/// positions of one coordinate in a batch up to the largest asked (doubling); of two coordinates
/// as a table of the square [0, side)² (side at least the claim's range end + 1, doubling when a
/// larger coordinate is asked), one by one only beyond kMaxDomain positions.
class OtherGames {
 public:
  /// `range_end`: the claim's largest coordinate (the first table covers it). With `confirm`,
  /// every value is computed alone and confirmed by a second kernel (confirm_value).
  OtherGames(const CheckContext& ctx, std::int64_t range_end, bool confirm = false)
      : ctx_(ctx), range_end_(range_end), confirm_(confirm) {}

  /// O("SPEC", …): 0 for P, 1 for N (a value's outcome), or the outcome code of a game of
  /// outcomes (0 loss = P, 1 win = N, 2 draw).
  std::int64_t outcome(const std::string& spec, const std::vector<std::int64_t>& coords) {
    const std::int64_t v = (*this)(spec, coords);
    return kinds_.at(spec) == ValueKind::grundy ? (v != 0 ? 1 : 0) : v;
  }

  std::int64_t operator()(const std::string& spec, const std::vector<std::int64_t>& coords) {
    auto it = games_.find(spec);
    if (it == games_.end()) {
      it = games_.emplace(spec, GameKernels::make(spec)).first;
      kinds_[spec] = it->second.family->value_kind;
    }
    const GameKernels& gk = it->second;
    for (auto x : coords) {
      if (x < 0) throw FormulaError("G(\"" + spec + "\", …) of a negative position");
    }
    if (confirm_) {
      const Position p = integer_position(*gk.game, coords);
      const auto v = game_values(gk, {p}, 0).at(0);
      (void)confirm_value(gk, p, v);
      return v;
    }
    if (coords.size() == 1) {
      auto& cache = prefix_[spec];
      const std::int64_t n = coords[0];
      if (n >= static_cast<std::int64_t>(cache.size())) {
        const std::int64_t want = std::max<std::int64_t>(n + 1, 2 * cache.size());
        if (want > kMaxDomain)
          throw FormulaError("G(\"" + spec + "\", " + std::to_string(n) + "): beyond " +
                             std::to_string(kMaxDomain));
        ctx_.require_memory(static_cast<std::uint64_t>(want) * 64, "the values of " + spec);
        std::vector<Position> ps;
        for (std::int64_t k = 0; k < want; ++k) ps.push_back(integer_position(*gk.game, {k}));
        cache = game_values(gk, ps, 0);
      }
      return cache[static_cast<std::size_t>(n)];
    }
    if (auto v = from_square(spec, gk, coords[0], coords[1])) return *v;
    const auto key = spec + "|" + std::to_string(coords[0]) + "," + std::to_string(coords[1]);
    auto hit = single_.find(key);
    if (hit != single_.end()) return hit->second;
    const std::vector<Position> one{integer_position(*gk.game, coords)};
    const auto v = game_values(gk, one, 0).at(0);
    single_[key] = v;
    return v;
  }

 private:
  struct Square {
    std::int64_t side = 0;
    std::vector<Value> values;  ///< (x, y) at x · side + y
  };

  /// G(x, y) from the table of the square, grown (doubling) to hold it; nullopt when the square
  /// would exceed kMaxDomain positions.
  std::optional<std::int64_t> from_square(const std::string& spec, const GameKernels& gk,
                                          std::int64_t x, std::int64_t y) {
    Square& sq = square_[spec];
    if (x >= sq.side || y >= sq.side) {
      const std::int64_t side =
          std::max({range_end_ + 1, std::max(x, y) + 1, 2 * sq.side, std::int64_t{1}});
      if (side > kMaxDomain / side) return std::nullopt;
      ctx_.require_memory(static_cast<std::uint64_t>(side * side) * 64, "the values of " + spec);
      ctx_.require_time("the values of " + spec);
      if (no_square_.count(spec) > 0) return std::nullopt;
      std::vector<Position> ps;
      ps.reserve(static_cast<std::size_t>(side * side));
      try {
        for (std::int64_t a = 0; a < side; ++a)
          for (std::int64_t b = 0; b < side; ++b) ps.push_back(integer_position(*gk.game, {a, b}));
      } catch (const InputError&) {
        no_square_.insert(spec);  // some (a, b) is not a position of it: one by one
        return std::nullopt;
      }
      sq.values = game_values(gk, ps, 0);
      sq.side = side;
    }
    return sq.values[static_cast<std::size_t>(x * sq.side + y)];
  }

  const CheckContext& ctx_;
  std::int64_t range_end_ = 0;
  bool confirm_ = false;
  std::map<std::string, GameKernels> games_;
  std::map<std::string, ValueKind> kinds_;
  std::map<std::string, std::vector<Value>> prefix_;
  std::map<std::string, Square> square_;
  std::set<std::string> no_square_;
  std::map<std::string, Value> single_;
};

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

// ---------------------------------------------------------------------------------------------
// game.p_positions
// ---------------------------------------------------------------------------------------------
Outcome check_p_positions(const Claim& c, const CheckContext& ctx) {
  const auto gk = GameKernels::make(param<std::string>(c, "game"), kernel_name(c));
  const int coords = coordinates_of(*gk.game, c.params);
  const auto [a, b] = range_of(c.params);
  OtherGames others(ctx, b);
  const GameValueFn other = [&](const std::string& spec, const std::vector<std::int64_t>& p) {
    return others(spec, p);
  };
  const GameValueFn other_outcome = [&](const std::string& spec,
                                        const std::vector<std::int64_t>& p) {
    return others.outcome(spec, p);
  };
  std::size_t skipped = 0;
  const auto points = domain_points(c, a, b, coords, ctx, other, other_outcome, &skipped);
  const std::set<std::vector<std::int64_t>> in_domain(points.begin(), points.end());
  std::size_t naive = 0;
  const auto values = values_of_points(gk, points, c, ctx, &naive);
  const bool residues = c.asserted.is_object();
  std::set<std::vector<std::int64_t>> listed;
  std::int64_t m = 1;
  std::set<std::int64_t> rs;
  nlohmann::json outside = nlohmann::json::array();
  if (residues) {
    m = c.asserted.at("modulus").get<std::int64_t>();
    for (const auto& r : c.asserted.at("residues")) rs.insert(r.get<std::int64_t>());
  } else {
    for (const auto& e : c.asserted) {
      std::vector<std::int64_t> p =
          e.is_array() ? e.get<std::vector<std::int64_t>>() : std::vector<std::int64_t>{e};
      bool in_range = true;
      for (auto x : p) {
        if (x < a || x > b) outside.push_back(point_json(p));
        in_range = in_range && x >= a && x <= b;
      }
      // in the range, but not where the condition holds: outside the domain too
      if (in_range && stated(c, "where") && in_domain.count(p) == 0)
        outside.push_back(point_json(p));
      listed.insert(std::move(p));
    }
  }
  Outcome o;
  nlohmann::json found = nlohmann::json::array();
  nlohmann::json faults = nlohmann::json::array();
  for (std::size_t i = 0; i < points.size(); ++i) {
    const bool p_pos = values[i] == 0;
    if (p_pos) found.push_back(point_json(points[i]));
    const bool claimed =
        residues ? rs.count(((points[i][0] % m) + m) % m) > 0 : listed.count(points[i]) > 0;
    if (p_pos != claimed) {
      faults.push_back({{"position", point_json(points[i])},
                        {"asserted", claimed ? "P" : "N"},
                        {"computed", p_pos ? "P" : "N"},
                        {"value", values[i]}});
    }
  }
  const std::string domain =
      (coords == 1 ? "n in " + std::to_string(a) + ".." + std::to_string(b)
                   : "x, y in " + std::to_string(a) + ".." + std::to_string(b)) +
      (stated(c, "where") ? " where " + c.params.at("where").get<std::string>() : std::string());
  o.evidence = {{"game", gk.game->spec()},    {"domain", domain},
                {"positions", points.size()}, {"p_positions_found", found.size()},
                {"naive_checked", naive},     {"method", method_text(gk, naive)}};
  if (found.size() <= 2000) o.evidence["p_positions"] = found;
  if (stated(c, "where")) {
    o.evidence["where"] = c.params.at("where");
    o.evidence["skipped"] = skipped;
  }
  if (!outside.empty()) {
    o.verdict = Finding::refuted;
    o.counterexample = {{"position", outside.front()}, {"what", "listed, but outside the range"}};
    o.summary = "a listed P-position lies outside the range: " + outside.front().dump();
    return o;
  }
  if (faults.empty()) {
    o.verdict = Finding::verified;
    o.summary = "the " + std::to_string(found.size()) + " P-positions with " + domain +
                " are exactly the asserted ones";
  } else {
    // The first disagreement is confirmed by a second kernel before anything is refuted.
    for (std::size_t i = 0; i < points.size(); ++i) {
      if (point_json(points[i]) == faults.front()["position"]) {
        o.evidence["confirmed_by"] =
            confirm_value(gk, integer_position(*gk.game, points[i]), values[i]);
        break;
      }
    }
    o.verdict = Finding::refuted;
    o.counterexample = faults.front();
    if (faults.size() > 100) faults.erase(faults.begin() + 100, faults.end());
    o.evidence["disagreements"] = faults;
    o.summary = "position " + faults.front()["position"].dump() + " is " +
                faults.front()["computed"].get<std::string>() + " (value " +
                faults.front()["value"].dump() + "), asserted " +
                faults.front()["asserted"].get<std::string>();
  }
  return o;
}

std::string validate_p_positions(const nlohmann::json& params, const nlohmann::json& asserted) {
  if (auto e = check_game(params, false); !e.empty()) return e;
  if (auto e = check_coordinates(params); !e.empty()) return e;
  const int coords = coordinates_of(params);
  if (auto e = check_where(params, coords); !e.empty()) return e;
  if (auto e = check_range(params, coords); !e.empty()) return e;
  if (asserted.is_object()) {
    if (coords != 1) return "asserted: residues modulo m are for one coordinate only";
    for (const auto& [k, v] : asserted.items()) {
      if (k != "modulus" && k != "residues")
        return "asserted: unknown key '" + k + "' (accepted: modulus, residues)";
    }
    if (!asserted.contains("modulus") || !asserted.at("modulus").is_number_integer() ||
        asserted.at("modulus").get<std::int64_t>() < 1)
      return "asserted.modulus: a positive integer expected";
    const auto m = asserted.at("modulus").get<std::int64_t>();
    if (!asserted.contains("residues") || !asserted.at("residues").is_array())
      return "asserted.residues: a list of residues expected";
    std::int64_t last = -1;
    for (const auto& r : asserted.at("residues")) {
      if (!r.is_number_integer() || r.get<std::int64_t>() < 0 || r.get<std::int64_t>() >= m)
        return "asserted.residues: each residue is an integer in 0.." + std::to_string(m - 1);
      if (r.get<std::int64_t>() <= last) return "asserted.residues: in increasing order, each once";
      last = r.get<std::int64_t>();
    }
    return "";
  }
  if (!asserted.is_array())
    return "asserted: a list of P-positions, or { modulus = m, residues = [...] }";
  for (std::size_t i = 0; i < asserted.size(); ++i) {
    const auto& e = asserted[i];
    const bool ok = coords == 1 ? e.is_number_integer()
                                : e.is_array() && e.size() == 2 && e[0].is_number_integer() &&
                                      e[1].is_number_integer();
    if (!ok) {
      return "asserted[" + std::to_string(i) + "]: " +
             (coords == 1 ? std::string("an integer position n expected")
                          : std::string("a position [x, y] expected (the game's positions are "
                                        "pairs)"));
    }
  }
  // The list is the claim: one that repeats a position, or (integers) is not increasing, is not
  // the set the checker compares, and is refused rather than read as one.
  if (coords == 1) {
    for (std::size_t i = 1; i < asserted.size(); ++i) {
      if (asserted[i].get<std::int64_t>() <= asserted[i - 1].get<std::int64_t>())
        return "asserted[" + std::to_string(i) + "]: " + asserted[i].dump() + " after " +
               asserted[i - 1].dump() + " (the P-positions in increasing order, each once)";
    }
  } else {
    std::set<std::vector<std::int64_t>> seen;
    for (std::size_t i = 0; i < asserted.size(); ++i) {
      if (!seen.insert(asserted[i].get<std::vector<std::int64_t>>()).second)
        return "asserted[" + std::to_string(i) + "]: " + asserted[i].dump() +
               " is listed twice (each P-position once)";
    }
  }
  return "";
}

CheckerSchema p_positions_schema() {
  return {
      .establishes =
          "the P-positions (the player to move loses) in the range are exactly the "
          "asserted ones, or exactly those n with n mod m among the residues",
      .params = {game_field(), range_field(), coordinates_field(), kernel_field(),
                 naive_prefix_field(), where_field()},
      .asserted = field::any(
          "",
          "the P-positions in the range: integers n in increasing order, each once, or "
          "[x, y] pairs, each once, for a game on pairs such as wythoff; or { modulus = m, "
          "residues = [r, ...] }"),
      .example_params = {{"game", "subtraction:1,3,4"}, {"range", {0, 100}}},
      .example_asserted = {{"modulus", 7}, {"residues", {0, 2}}},
      .validate = validate_p_positions,
  };
}

// ---------------------------------------------------------------------------------------------
// game.formula
// ---------------------------------------------------------------------------------------------

Outcome check_formula(const Claim& c, const CheckContext& ctx) {
  const auto gk = GameKernels::make(param<std::string>(c, "game"), kernel_name(c));
  const int coords = coordinates_of(*gk.game, c.params);
  const auto [a, b] = range_of(c.params);
  const Formula f = Formula::parse(c.asserted.get<std::string>(), formula_variables(coords));
  const bool of_outcome = param<std::string>(c, "of") == "outcome";
  if (!of_outcome && gk.family->value_kind != ValueKind::grundy) {
    // (the loader refuses it too) an outcome game's kernel codes are not values
    throw std::invalid_argument(gk.family->name +
                                " has outcomes, not Sprague-Grundy values: of = \"outcome\"");
  }
  OtherGames others(ctx, b);
  const GameValueFn other = [&](const std::string& spec, const std::vector<std::int64_t>& p) {
    try {
      return others(spec, p);
    } catch (const InputError& e) {
      throw FormulaError(std::string("G(\"") + spec + "\", …): " + e.what());
    }
  };
  const GameValueFn other_outcome = [&](const std::string& spec,
                                        const std::vector<std::int64_t>& p) {
    try {
      return others.outcome(spec, p);
    } catch (const InputError& e) {
      throw FormulaError(std::string("O(\"") + spec + "\", …): " + e.what());
    }
  };
  std::size_t skipped = 0;
  const auto points = domain_points(c, a, b, coords, ctx, other, other_outcome, &skipped);
  std::size_t naive = 0;
  auto values = values_of_points(gk, points, c, ctx, &naive);
  if (of_outcome && gk.family->value_kind == ValueKind::grundy) {
    for (auto& v : values) v = v != 0 ? 1 : 0;  // P = 0, N = 1
  }
  const std::string what = of_outcome ? "O" : "G";
  Outcome o;
  o.evidence = {{"game", gk.game->spec()},
                {"formula", f.text()},
                {"domain", (coords == 1 ? "n in " : "x, y in ") + std::to_string(a) + ".." +
                               std::to_string(b)},
                {"positions", points.size()},
                {"naive_checked", naive},
                {"method", method_text(gk, naive) + "; the formula in exact 64-bit arithmetic"}};
  if (of_outcome) o.evidence["compared"] = "outcomes: P = 0, N = 1, draw = 2";
  if (stated(c, "where")) {
    o.evidence["where"] = c.params.at("where");
    o.evidence["skipped"] = skipped;
  }
  if (!f.games().empty()) o.evidence["other_games"] = f.games();
  if (!f.outcome_games().empty()) o.evidence["other_games_outcomes"] = f.outcome_games();
  for (std::size_t i = 0; i < points.size(); ++i) {
    if ((i & 0xFFFF) == 0) ctx.require_time("the formula on " + gk.game->spec());
    std::int64_t want = 0;
    try {
      want = f.evaluate(points[i], other, other_outcome);
    } catch (const FormulaError& e) {
      throw std::invalid_argument("the formula cannot be evaluated at " +
                                  point_json(points[i]).dump() + ": " + e.what());
    }
    if (want != values[i]) {
      // Both sides confirmed before refuting: the game's value by a second kernel, the formula
      // once more with every G("SPEC", …) from a second kernel.
      o.evidence["confirmed_by"] =
          confirm_value(gk, integer_position(*gk.game, points[i]), values[i]);
      OtherGames confirming(ctx, b, /*confirm=*/true);
      const GameValueFn second = [&](const std::string& spec, const std::vector<std::int64_t>& p) {
        return confirming(spec, p);
      };
      const GameValueFn second_outcome = [&](const std::string& spec,
                                             const std::vector<std::int64_t>& p) {
        return confirming.outcome(spec, p);
      };
      if ((!f.games().empty() || !f.outcome_games().empty()) &&
          f.evaluate(points[i], second, second_outcome) != want) {
        throw std::logic_error(
            "the formula's other games give different values by a second "
            "kernel at " +
            point_json(points[i]).dump());
      }
      o.verdict = Finding::refuted;
      o.counterexample = {{coords == 1 ? "n" : "position", point_json(points[i])},
                          {"computed", values[i]},
                          {"formula", want}};
      o.summary = "fails at " + point_json(points[i]).dump() + ": " + what + " = " +
                  std::to_string(values[i]) + ", the formula gives " + std::to_string(want);
      o.evidence["cases_before_failure"] = i;
      return o;
    }
  }
  o.verdict = Finding::verified;
  o.summary = "the formula gives the " + std::string(of_outcome ? "outcome" : "value") +
              " of all " + std::to_string(points.size()) + " positions" +
              (stated(c, "where") ? " where " + c.params.at("where").get<std::string>() + " (" +
                                        std::to_string(skipped) + " skipped)"
                                  : std::string());
  return o;
}

std::string validate_formula(const nlohmann::json& params, const nlohmann::json& asserted) {
  const bool of_outcome = params.value("of", std::string("value")) == "outcome";
  if (auto e = check_game(params, !of_outcome); !e.empty())
    return e + (of_outcome ? "" : " (or compare outcomes: of = \"outcome\")");
  if (auto e = check_coordinates(params); !e.empty()) return e;
  const int coords = coordinates_of(params);
  if (auto e = check_where(params, coords); !e.empty()) return e;
  if (auto e = check_range(params, coords); !e.empty()) return e;
  try {
    const Formula f = Formula::parse(asserted.get<std::string>(), formula_variables(coords));
    if (auto e = check_formula_games(f, "asserted"); !e.empty()) return e;
  } catch (const FormulaError& e) {
    return std::string("asserted: ") + e.what();
  }
  return "";
}

CheckerSchema formula_schema() {
  return {
      .establishes =
          "G(n) (or G(x, y)) equals the asserted formula at every position of the "
          "range, in exact 64-bit integer arithmetic",
      .params = {game_field(), range_field(), coordinates_field(), kernel_field(),
                 naive_prefix_field(), where_field(),
                 field::choice("of", {"value", "outcome"},
                               "what the formula gives: the value G, or the outcome O (P = 0, "
                               "N = 1, draw = 2; any game, misère and outcome games included)")
                     .fallback("value")},
      .asserted = field::string("",
                                "a formula in n (or x, y): + - * // % xor and or, comparisons, "
                                "min, max, abs, if(c, a, b), G(\"SPEC\", a), O(\"SPEC\", a) "
                                "(README.md, \"Generic claims\")")
                      .nonempty(),
      .example_params = {{"game", "octal:0.1377"}, {"range", {1, 200}}},
      .example_asserted = "G(\"octal:0.77\", (n + 1) // 2)",
      .validate = validate_formula,
  };
}

// ---------------------------------------------------------------------------------------------
// game.period
// ---------------------------------------------------------------------------------------------
/// The asserted period, preperiod, saltus, last exceptional value and exceptions against the
/// sequence the family's checker accepted (its last proved sequence: the one the certificate is
/// about). Exceptions are every n < e with G(n) != G(n + jp) - js, jp the least multiple of p
/// reaching e: values the checker established, since it keeps G(0 .. e + p - 1).
/// The asserted preperiod e (from preperiod or last_exceptional_value), when the claim states one.
std::optional<std::int64_t> asserted_preperiod(const Claim& c) {
  if (c.asserted.contains("preperiod")) return c.asserted.at("preperiod").get<std::int64_t>();
  if (c.asserted.contains("last_exceptional_value"))
    return c.asserted.at("last_exceptional_value").get<std::int64_t>() + 1;
  return std::nullopt;
}

/// The most n a derivation scans for the least failure of an asserted relation.
constexpr std::int64_t kMostRelationScan = 10'000'000;

Derivation derive_period(const CertificateVerdict& facts, const Claim& c, const CheckContext&) {
  const ProvedPeriod& g = facts.proved().back();
  const std::int64_t period = g.period, preperiod = g.preperiod, saltus = g.saltus;
  Derivation d;
  d.evidence = {{"period", period}, {"preperiod", preperiod}, {"saltus", saltus}};
  nlohmann::json faults = nlohmann::json::array();
  // The asserted relation G(n + p) = G(n) + s for n >= e, read on the proved values: for
  // n >= max(e, e0) the difference G(n + p) - G(n) - s repeats with the proved period p0, so
  // n in [e, max(e, e0) + p0) covers every n (when that fits the scan).
  if (c.asserted.contains("period")) {
    if (const auto e = asserted_preperiod(c)) {
      const std::int64_t p = c.asserted.at("period").get<std::int64_t>();
      const std::int64_t s = c.asserted.value("saltus", std::int64_t{0});
      const std::int64_t end = std::max(*e, preperiod) + period;
      if (end - *e <= kMostRelationScan) {
        for (std::int64_t n = *e; n < end; ++n) {
          if (g.value(n + p) != g.value(n) + s) {
            faults.push_back(
                {{"what", "relation"},
                 {"n", n},
                 {"asserted", "G(" + std::to_string(n + p) + ") = G(" + std::to_string(n) + ") + " +
                                  std::to_string(s) + " = " + std::to_string(g.value(n) + s)},
                 {"proved",
                  "G(" + std::to_string(n + p) + ") = " + std::to_string(g.value(n + p))}});
            break;
          }
        }
      }
    }
  }
  const auto compare = [&](const char* key, std::int64_t computed) {
    if (!c.asserted.contains(key)) return;
    if (c.asserted.at(key).get<std::int64_t>() != computed) {
      faults.push_back({{"what", key}, {"asserted", c.asserted.at(key)}, {"proved", computed}});
    }
  };
  compare("period", period);
  compare("preperiod", preperiod);
  compare("last_exceptional_value", preperiod - 1);
  if (c.asserted.value("saltus", std::int64_t{0}) != saltus) {
    faults.push_back({{"what", "saltus"},
                      {"asserted", c.asserted.value("saltus", std::int64_t{0})},
                      {"proved", saltus}});
  }
  if (faults.empty() && c.asserted.contains("exceptions")) {
    std::vector<std::int64_t> found;
    for (std::int64_t n = 0; n < preperiod; ++n) {
      const std::int64_t jumps = (preperiod - n + period - 1) / period;
      if (g.value(n) != g.value(n + jumps * period) - jumps * saltus) found.push_back(n);
    }
    const auto asserted = c.asserted.at("exceptions").get<std::vector<std::int64_t>>();
    d.evidence["exceptions"] = found;
    d.evidence["exceptions_method"] =
        "the values G(0 .. e + p - 1) the certificate checker established";
    if (asserted != found) {
      faults.push_back({{"what", "exceptions"}, {"asserted", asserted}, {"proved", found}});
    }
  }
  if (faults.empty()) {
    d.holds = true;
    d.summary = "period " + std::to_string(period) + ", preperiod " + std::to_string(preperiod) +
                ", saltus " + std::to_string(saltus) + " proved (certificate accepted)" +
                (c.asserted.contains("exceptions") ? "; the exceptions agree" : "");
  } else {
    d.counterexample = faults.front();
    d.evidence["disagreements"] = faults;
    if (faults.front()["what"] == "relation") {
      d.summary = "the asserted relation fails at n = " + faults.front()["n"].dump() + ": " +
                  faults.front()["proved"].get<std::string>() + ", not " +
                  faults.front()["asserted"].get<std::string>();
    } else {
      d.summary = faults.front()["what"].get<std::string>() + ": asserted " +
                  faults.front()["asserted"].dump() + ", proved " + faults.front()["proved"].dump();
    }
  }
  return d;
}

/// When no certificate can be had: the asserted relation G(n + p) = G(n) + s (n >= e) against
/// computed values. The fast kernel looks for the least failing n on a prefix; the reference
/// (naive) kernel then recomputes G(0 .. n + p) and must agree with it there (a disagreement is
/// an error), and the refutation rests on the reference values. Without a failure, a preperiod
/// e > 0 whose n = e - 1 satisfies the relation is not the least (either the relation fails
/// further on, or it holds from e - 1): refuted too. Nothing found: nullopt (the claim stays
/// undecided). `why` says why no certificate was had.
std::optional<Outcome> refute_from_values(const GameKernels& gk, const Claim& c,
                                          const CheckContext& ctx, const std::string& why) {
  const auto e = asserted_preperiod(c);
  if (!c.asserted.contains("period") || !e) return std::nullopt;
  const std::int64_t p = c.asserted.at("period").get<std::int64_t>();
  const std::int64_t s = c.asserted.value("saltus", std::int64_t{0});
  // The values compared are held in memory: a preperiod and period beyond a few million (a
  // Frolov row's) are not compared this way.
  constexpr std::int64_t kMostCompared = std::int64_t{1} << 22;
  if (*e + p > kMostCompared) return std::nullopt;
  const std::int64_t most = std::min(kMostCompared, *e + p + ctx.scaled(4096, 64));
  const auto positions = [&](std::int64_t count) {
    std::vector<Position> ps;
    for (std::int64_t n = 0; n < count; ++n) ps.push_back(integer_position(*gk.game, {n}));
    return ps;
  };
  std::vector<Value> g;
  std::optional<std::int64_t> failing;
  try {
    for (std::int64_t len = std::min<std::int64_t>(most, *e + p + 256);;
         len = std::min(most, 2 * len)) {
      ctx.require_time("the values of " + gk.game->spec());
      ctx.require_memory(static_cast<std::uint64_t>(len) * 160, "the values of " + gk.game->spec());
      g = game_values(gk, positions(len), 0);
      for (std::int64_t n = *e; n + p < len && !failing; ++n) {
        if (g[static_cast<std::size_t>(n + p)] != g[static_cast<std::size_t>(n)] + s) failing = n;
      }
      if (failing || len == most) break;
    }
  } catch (const InputError&) {
    return std::nullopt;  // positions that are not one integer: nothing to compare
  } catch (const BudgetExceeded&) {
    return std::nullopt;
  }
  const auto at = [&](std::int64_t n) { return g[static_cast<std::size_t>(n)]; };
  const std::int64_t upto = failing ? *failing + p : *e - 1 + p;
  if (!failing && (*e == 0 || upto >= static_cast<std::int64_t>(g.size()) ||
                   at(*e - 1 + p) != at(*e - 1) + s)) {
    return std::nullopt;
  }
  // The reference kernel's values decide.
  const auto ps = positions(upto + 1);
  const auto naive = gk.reference->values(*gk.game, ps);
  if (static_cast<std::int64_t>(naive.size()) != upto + 1)
    throw std::logic_error("the reference kernel returned too few values");
  for (std::int64_t n = 0; n <= upto; ++n) {
    if (naive[static_cast<std::size_t>(n)] != at(n)) {
      throw std::logic_error("kernels disagree at position " + std::to_string(n) + " of " +
                             gk.game->spec() + ": " + gk.kernel->name + " gives " +
                             std::to_string(at(n)) + ", " + gk.reference->name + " gives " +
                             std::to_string(naive[static_cast<std::size_t>(n)]));
    }
  }
  Outcome o;
  o.verdict = Finding::refuted;
  o.evidence = {
      {"game", gk.game->spec()},
      {"no_certificate", why},
      {"values_compared", static_cast<std::int64_t>(g.size())},
      {"method", "values by " + gk.kernel->name + " on G(0.." + std::to_string(g.size() - 1) +
                     "); G(0.." + std::to_string(upto) + ") recomputed by the reference kernel " +
                     gk.reference->name + ", which the refutation rests on"}};
  const auto rel = [&](std::int64_t n) {
    return "G(" + std::to_string(n + p) + ") = " + std::to_string(at(n + p)) + ", G(" +
           std::to_string(n) + ") + " + std::to_string(s) + " = " + std::to_string(at(n) + s);
  };
  if (failing) {
    o.counterexample = {{"n", *failing},
                        {"G(n)", at(*failing)},
                        {"G(n+p)", at(*failing + p)},
                        {"asserted", "G(n + " + std::to_string(p) + ") = G(n) + " +
                                         std::to_string(s) + " for n >= " + std::to_string(*e)}};
    o.summary = "the asserted relation fails at n = " + std::to_string(*failing) + ": " +
                rel(*failing) + " (the least such n >= " + std::to_string(*e) + ")";
  } else {
    o.counterexample = {{"n", *e - 1}, {"G(n)", at(*e - 1)}, {"G(n+p)", at(*e - 1 + p)}};
    o.summary = "preperiod " + std::to_string(*e) +
                " is not the least: the relation holds at n = " + std::to_string(*e - 1) + " (" +
                rel(*e - 1) + "), so either it fails further on or it holds from " +
                std::to_string(*e - 1);
  }
  return o;
}

Outcome check_period(const Claim& c, const CheckContext& ctx) {
  const auto gk = GameKernels::make(param<std::string>(c, "game"));
  PeriodRequest request;
  request.limits.deadline = ctx.deadline;
  request.limits.memory_bytes = ctx.memory_limit_bytes;
  PeriodAnswer answer;
  try {
    answer = gk.game->period_limited(request);
  } catch (const LimitReached& e) {
    // inconclusive, with the reason and what was reached, unless the values contradict the claim
    if (auto o = refute_from_values(gk, c, ctx, e.what())) return *o;
    throw;
  } catch (const InputError& e) {
    const std::string why =
        std::string("no period can be proved for ") + gk.game->spec() + ": " + e.what();
    if (auto o = refute_from_values(gk, c, ctx, why)) return *o;
    throw BudgetExceeded(why);
  }
  // The certificate is re-checked from the printed JSON alone by the family's independent
  // checker: `proved` rests on what that checker established, not on the producer.
  const CertificateCheck check = gk.game->check_certificate(answer.document);
  if (!check.verdict.accepted()) {
    throw std::logic_error("the producer's certificate for " + gk.game->spec() +
                           " was rejected by the checker: " + check.verdict.reason());
  }
  Outcome o = conclude_from_certificate(check.verdict, c, ctx, derive_period);
  o.evidence["game"] = gk.game->spec();
  o.evidence["certificate"] = answer.document.at("certificate");
  o.evidence["checker"] = check.verdict.reason();
  return o;
}

std::string validate_period(const nlohmann::json& params, const nlohmann::json& asserted) {
  if (auto e = check_game(params, true); !e.empty()) return e;
  if (!asserted.contains("period") && !asserted.contains("preperiod") &&
      !asserted.contains("last_exceptional_value"))
    return "asserted: at least one of period, preperiod, last_exceptional_value";
  if (asserted.contains("preperiod") && asserted.contains("last_exceptional_value"))
    return "asserted: preperiod or last_exceptional_value, not both (e = last + 1)";
  return "";
}

CheckerSchema period_schema() {
  return {
      .establishes =
          "the least period, preperiod and saltus of the game's values are the "
          "asserted ones (proved: a certificate its family's independent checker "
          "accepted; with exceptions listed, verified)",
      .params = {game_field()},
      .asserted = field::object(
          "",
          {field::integer("period", "the least period p").at_least(1),
           field::integer("preperiod", "the least preperiod e: G(n + p) = G(n) + s for n >= e")
               .at_least(0),
           field::integer("last_exceptional_value", "e - 1 (Winning Ways; OEIS)").at_least(-1),
           field::integer("saltus", "s (0 for ordinary periodicity; absent: 0)").at_least(0),
           field::list("exceptions", field::integer("", "a position").at_least(0),
                       "every n < e with G(n) != G(n + jp) - js, jp the least multiple of p "
                       "reaching e (optional)")},
          "what the source publishes (period, and preperiod or last exceptional value)"),
      .example_params = {{"game", "octal:0.07"}},
      .example_asserted = {{"period", 34}, {"last_exceptional_value", 52}},
      .validate = validate_period,
  };
}

IGV_REGISTER_CHECKER("game.values",
                     "the values of any game at positions first, first+1, … or "
                     "at listed positions",
                     check_values, values_schema());
IGV_REGISTER_CHECKER("game.value",
                     "the value or outcome of one position of any game, and its "
                     "winning moves",
                     check_value, value_schema());
IGV_REGISTER_CHECKER("game.p_positions",
                     "the P-positions of any game in a range, listed or by "
                     "residues",
                     check_p_positions, p_positions_schema());
IGV_REGISTER_CHECKER("game.period",
                     "the least period, preperiod and saltus of any game with period "
                     "certificates",
                     check_period, period_schema());
IGV_REGISTER_CHECKER("game.formula", "G(n) or G(x, y) of any game equals a formula on a range",
                     check_formula, formula_schema());

}  // namespace
}  // namespace igv
