// game.formula: G(n) (or G(x, y)) of any game equals a formula on a range
// (properties/base/formula.h; properties/CLAIMS.md, "Generic claims"); the least counterexample
// in the order the domain is stated, confirmed by a second kernel before it refutes.
#include <optional>

#include "core/base/trusted/errors.h"
#include "properties/base/generic_claim_support.h"
#include "properties/base/generic_other_games.h"

namespace igv::generic_claims {
namespace {

Outcome check_formula(const Claim& c, const CheckContext& ctx) {
  const auto gk = GameKernels::make(param<std::string>(c, "game"), kernel_name(c));
  const int coords = coordinates_of(*gk.game, c.params);
  const auto b = range_of(c.params).second;
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
  const Domain d = domain_of(c.params, coords);
  const std::string what = of_outcome ? "O" : "G";
  Outcome o;
  o.evidence = {{"game", gk.game->spec()}, {"formula", f.text()}, {"domain", d.text()}};
  if (of_outcome) o.evidence["compared"] = "outcomes: P = 0, N = 1, draw = 2";
  if (!f.games().empty()) o.evidence["other_games"] = f.games();
  if (!f.outcome_games().empty()) o.evidence["other_games_outcomes"] = f.outcome_games();
  struct Failure {
    std::vector<std::int64_t> point;
    Value computed = 0;
    std::int64_t want = 0;
    std::uint64_t index = 0;
  };
  std::optional<Failure> failure;
  WalkStats st;
  walk_domain(
      c, gk, d, ctx, other, other_outcome,
      [&](const std::vector<std::int64_t>& p, Value v) {
        if (of_outcome && gk.family->value_kind == ValueKind::grundy) v = v != 0 ? 1 : 0;
        std::int64_t want = 0;
        try {
          want = f.evaluate(p, other, other_outcome);
        } catch (const FormulaError& e) {
          throw std::invalid_argument("the formula cannot be evaluated at " + point_json(p).dump() +
                                      ": " + e.what());
        }
        if (want == v) return true;
        failure = Failure{p, v, want, st.positions - 1};
        return false;
      },
      st, /*outcomes_only=*/of_outcome && gk.family->value_kind == ValueKind::grundy);
  o.evidence["positions"] = st.positions;
  o.evidence["naive_checked"] = st.naive;
  o.evidence["method"] = method_text(gk, st.naive) +
                         (st.outcomes   ? "; the outcomes by its sieve, one bit a heap"
                          : st.streamed ? "; the values streamed, none held"
                                        : "") +
                         "; the formula in exact 64-bit arithmetic";
  if (d.where) {
    o.evidence["where"] = c.params.at("where");
    o.evidence["skipped"] = st.skipped;
  }
  if (failure) {
    const auto& point = failure->point;
    // Both sides confirmed before refuting: the game's value by a second kernel, the formula
    // once more with every G("SPEC", …) from a second kernel.
    const Position pos = integer_position(*gk.game, point);
    Value raw = failure->computed;
    if (of_outcome && gk.family->value_kind == ValueKind::grundy)
      raw = game_values(gk, {pos}, 0).at(0);  // the value whose outcome was compared
    o.evidence["confirmed_by"] = confirm_value(gk, pos, raw);
    OtherGames confirming(ctx, d.b, /*confirm=*/true);
    const GameValueFn second = [&](const std::string& spec, const std::vector<std::int64_t>& p) {
      return confirming(spec, p);
    };
    const GameValueFn second_outcome = [&](const std::string& spec,
                                           const std::vector<std::int64_t>& p) {
      return confirming.outcome(spec, p);
    };
    if ((!f.games().empty() || !f.outcome_games().empty()) &&
        f.evaluate(point, second, second_outcome) != failure->want) {
      throw std::logic_error(
          "the formula's other games give different values by a second "
          "kernel at " +
          point_json(point).dump());
    }
    o.refute({{coords == 1 ? "n" : "position", point_json(point)},
              {"computed", failure->computed},
              {"formula", failure->want}});
    o.summary = "fails at " + point_json(point).dump() + ": " + what + " = " +
                std::to_string(failure->computed) + ", the formula gives " +
                std::to_string(failure->want);
    o.evidence["cases_before_failure"] = failure->index;
    return o;
  }
  o.verdict = Finding::verified;
  o.summary = "the formula gives the " + std::string(of_outcome ? "outcome" : "value") +
              " of all " + std::to_string(st.positions) + " positions" +
              (d.where ? " where " + d.where_text + " (" + std::to_string(st.skipped) + " skipped)"
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
          "G(n) (or G(x, y), G(x1, …, xk)) equals the asserted formula at every position of "
          "the domain, in exact 64-bit integer arithmetic",
      .params = {game_field(), range_field(), coordinates_field(), order_field(), kernel_field(),
                 naive_prefix_field(), where_field(),
                 field::choice("of", {"value", "outcome"},
                               "what the formula gives: the value G, or the outcome O (P = 0, "
                               "N = 1, draw = 2; any game, misère and outcome games included)")
                     .fallback("value")},
      .asserted = field::string("",
                                "a formula in n (or x, y, z, x1 … xk, k): + - * // % ^ xor & |, "
                                "comparisons (chained), not, and, or, min, max, abs, if(c, a, b), "
                                "isqrt, popcount, floor(a / b), floor(n * phi), xor_all, sum_all, "
                                "max_all, count(c), G(\"SPEC\", a), O(\"SPEC\", a) "
                                "(properties/CLAIMS.md, \"The formula language\")")
                      .nonempty(),
      .example_params = {{"game", "octal:0.1377"}, {"range", {1, 200}}},
      .example_asserted = "G(\"octal:0.77\", (n + 1) // 2)",
      .validate = validate_formula,
      .formulas = claim_formulas,
  };
}

IGV_REGISTER_CHECKER("game.formula", "G(n) or G(x, y) of any game equals a formula on a range",
                     check_formula, formula_schema());

}  // namespace
}  // namespace igv::generic_claims
