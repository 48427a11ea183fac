// game.formula: G(n) (or G(x, y)) of any game equals a formula on a range
// (properties/base/formula.h; properties/CLAIMS.md, "Generic claims"); the least counterexample
// in the order the domain is stated, confirmed by a second kernel before it refutes.
#include "core/base/trusted/errors.h"
#include "properties/base/generic_claim_support.h"
#include "properties/base/generic_other_games.h"

namespace igv::generic_claims {
namespace {

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

IGV_REGISTER_CHECKER("game.formula", "G(n) or G(x, y) of any game equals a formula on a range",
                     check_formula, formula_schema());

}  // namespace
}  // namespace igv::generic_claims
