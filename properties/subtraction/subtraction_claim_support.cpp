#include "properties/subtraction/subtraction_claim_support.h"

#include <algorithm>
#include <numeric>
#include <set>

#include "core/base/trusted/errors.h"
#include "core/subtraction/subtraction_fast_window.h"
#include "core/subtraction/trusted/subtraction_naive.h"
#include "properties/base/check_helpers.h"

namespace igv {

SubtractionPlay subtraction_play_param(const Claim& claim) {
  return param<std::string>(claim, "play") == "misere" ? SubtractionPlay::misere
                                                       : SubtractionPlay::normal;
}

std::vector<SubtractionSet> subtraction_subsets(int m) {
  std::vector<SubtractionSet> out;
  for (std::uint32_t mask = 1; mask < (std::uint32_t{1} << m); ++mask) {
    std::vector<std::int64_t> elements;
    for (int i = 0; i < m; ++i) {
      if (mask & (std::uint32_t{1} << i)) elements.push_back(i + 1);
    }
    out.push_back(make_subtraction_set(std::move(elements)));
  }
  return out;
}

std::optional<SubtractionSet> subtraction_set_from_formulas(const nlohmann::json& items,
                                                            const FormulaVariables& vars) {
  std::vector<std::int64_t> elements;
  for (const auto& item : items) {
    const std::string text = item.get<std::string>();
    const auto for_at = text.find(" for ");
    if (for_at == std::string::npos) {
      elements.push_back(evaluate_expression(text, vars));
      continue;
    }
    // "EXPR for v in A..B"
    const std::string body = text.substr(0, for_at);
    const std::string rest = text.substr(for_at + 5);
    const auto in_at = rest.find(" in ");
    const auto dots = rest.find("..");
    if (in_at == std::string::npos || dots == std::string::npos) {
      throw FormulaError("set item '" + text + "': expected 'EXPR for v in A..B'");
    }
    std::string name = rest.substr(0, in_at);
    name.erase(std::remove(name.begin(), name.end(), ' '), name.end());
    const auto from = evaluate_expression(rest.substr(in_at + 4, dots - in_at - 4), vars);
    const auto to = evaluate_expression(rest.substr(dots + 2), vars);
    FormulaVariables inner = vars;
    for (std::int64_t v = from; v <= to; ++v) {
      inner[name] = v;
      elements.push_back(evaluate_expression(body, inner));
    }
  }
  std::set<std::int64_t> distinct(elements.begin(), elements.end());
  if (elements.empty() || distinct.size() != elements.size() || *distinct.begin() <= 0) {
    return std::nullopt;
  }
  return make_subtraction_set(std::move(elements));
}

namespace {

// A bound is an integer or an expression in earlier variables. The domain is the claim's own,
// so it is never scaled by the budget.
std::int64_t bound_value(const nlohmann::json& bound, const FormulaVariables& vars) {
  if (bound.is_number_integer()) return bound.get<std::int64_t>();
  if (!bound.is_string()) throw InputError("a variable bound must be an integer or an expression");
  return evaluate_expression(bound.get<std::string>(), vars);
}

void enumerate(const Claim& claim, const CheckContext& ctx, const nlohmann::json& vars_spec,
               std::size_t index, FormulaVariables& vars,
               const std::function<void(const FormulaVariables&)>& visit) {
  if (index == vars_spec.size()) {
    FormulaVariables all = vars;
    if (claim.params.contains("let")) {
      for (const auto& def : claim.params.at("let")) {
        all[def.at("name").get<std::string>()] =
            evaluate_expression(def.at("value").get<std::string>(), all);
      }
    }
    if (claim.params.contains("where") &&
        evaluate_expression(claim.params.at("where").get<std::string>(), all) == 0) {
      return;
    }
    visit(all);
    return;
  }
  const auto& spec = vars_spec.at(index);
  const std::string name = spec.at("name").get<std::string>();
  const std::int64_t from = bound_value(spec.at("from"), vars);
  const std::int64_t to = bound_value(spec.at("to"), vars);
  const std::int64_t step = spec.contains("step") ? spec.at("step").get<std::int64_t>() : 1;
  for (std::int64_t v = from; v <= to; v += step) {
    ctx.require_time("enumerating " + claim.id);
    vars[name] = v;
    enumerate(claim, ctx, vars_spec, index + 1, vars, visit);
  }
  vars.erase(name);
}

std::string describe_bound(const nlohmann::json& bound) {
  return bound.is_string() ? bound.get<std::string>() : bound.dump();
}

}  // namespace

std::string for_each_parameter(const Claim& claim, const CheckContext& ctx,
                               const std::function<void(const FormulaVariables&)>& visit) {
  const nlohmann::json vars_spec =
      claim.params.contains("vars") ? claim.params.at("vars") : nlohmann::json::array();
  FormulaVariables vars;
  enumerate(claim, ctx, vars_spec, 0, vars, visit);
  std::string text;
  for (const auto& spec : vars_spec) {
    if (!text.empty()) text += ", ";
    const auto& from = spec.at("from");
    text += spec.at("name").get<std::string>() + " = " +
            (from.is_string() ? from.get<std::string>() : from.dump()) + ".." +
            describe_bound(spec.at("to"));
    if (spec.contains("step")) text += " step " + spec.at("step").dump();
  }
  if (claim.params.contains("where")) {
    text += (text.empty() ? "" : ", ") + std::string("where ") +
            claim.params.at("where").get<std::string>();
  }
  return text.empty() ? "a single game" : text;
}

std::vector<Value> subtraction_prefix(const SubtractionSet& set, SubtractionPlay play,
                                      std::int64_t count) {
  auto fast = subtraction_values_window(set, play, count);
  // The naive kernel (from the rules, no window) recomputes every value: a claim never rests on
  // the window kernel alone. A disagreement is an error, never a verdict.
  const auto naive = subtraction_values_naive(set, play, count);
  for (std::int64_t n = 0; n < count; ++n) {
    if (fast[static_cast<std::size_t>(n)] != naive[static_cast<std::size_t>(n)]) {
      throw std::logic_error("kernels disagree at heap " + std::to_string(n) + " of " +
                             subtraction_spec(set, play) + ": window gives " +
                             std::to_string(fast[static_cast<std::size_t>(n)]) + ", naive gives " +
                             std::to_string(naive[static_cast<std::size_t>(n)]));
    }
  }
  return fast;
}

std::int64_t lcm_capped(std::int64_t a, std::int64_t b, std::int64_t cap) {
  const std::int64_t g = std::gcd(a, b);
  const std::int64_t q = a / g;
  if (q > (cap + 1) / std::max<std::int64_t>(b, 1)) return cap + 1;
  return std::min(q * b, cap + 1);
}

std::optional<std::int64_t> decisive_length(std::int64_t pre_a, std::int64_t per_a,
                                            std::int64_t pre_b, std::int64_t per_b,
                                            std::int64_t cap) {
  const std::int64_t l = lcm_capped(per_a, per_b, cap);
  const std::int64_t total = std::max(pre_a, pre_b) + l;
  if (l > cap || total > cap) return std::nullopt;
  return total;
}

std::string braces(const SubtractionSet& set) {
  std::string out(1, '{');
  out.append(set.to_string());
  out.push_back('}');
  return out;
}

Field play_field() {
  return field::choice("play", {"normal", "misere"}, "the play convention").fallback("normal");
}

std::vector<Field> parameter_domain_fields() {
  return {
      field::list(
          "vars",
          field::object("",
                        {field::string("name", "the variable").nonempty().needed(),
                         field::any("from",
                                    "first value: an integer or an expression in earlier "
                                    "variables")
                             .needed(),
                         field::any("to",
                                    "last value: an integer or an expression in earlier "
                                    "variables (the stated domain, never scaled)")
                             .needed(),
                         field::integer("step", "step between values").at_least(1).fallback(1)},
                        "one variable of the parameter domain"),
          "the parameter domain, outermost variable first"),
      field::list("let",
                  field::object("",
                                {field::string("name", "the derived variable").nonempty().needed(),
                                 field::string("value", "its expression").nonempty().needed()},
                                "a derived variable"),
                  "derived variables, in order"),
      field::string("where", "a condition on the variables; cases where it is 0 are skipped")
          .nonempty()};
}

nlohmann::json variables_json(const FormulaVariables& vars) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [k, v] : vars) j[k] = v;
  return j;
}

}  // namespace igv
