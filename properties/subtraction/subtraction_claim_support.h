// Helpers shared by the subtraction checkers: reading sets and parameter domains from claims,
// enumerating subsets, comparing eventually periodic sequences for every n.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/subtraction/subtraction_proof.h"
#include "properties/base/checker.h"
#include "properties/subtraction/subtraction_formula.h"

namespace igv {

/// params.play: "normal" (default) or "misere".
SubtractionPlay subtraction_play_param(const Claim& claim);

/// Every non-empty subset of {1, ..., m}, in increasing order of its bit mask (so sets with
/// small elements come first and the first counterexample found is a small one).
std::vector<SubtractionSet> subtraction_subsets(int m);

/// Builds S from expressions (params.set): each item an expression, or "EXPR for v in A..B"
/// (A, B expressions) for a run of elements. nullopt when the result is not a set of distinct
/// positive integers (the case is then outside the statement's domain).
std::optional<SubtractionSet> subtraction_set_from_formulas(const nlohmann::json& items,
                                                            const FormulaVariables& vars);

/// Enumerates the claim's parameter domain: params.vars is a list of {name, from, to, step?}
/// (from/to integers or expressions in earlier variables; the stated domain is checked whole,
/// never scaled by the budget), params.let a list of {name, value} derived
/// variables, params.where a condition. Calls `visit` for every assignment satisfying `where`.
/// Returns a human description of the domain.
std::string for_each_parameter(const Claim& claim, const CheckContext& ctx,
                               const std::function<void(const FormulaVariables&)>& visit);

/// G(0) .. G(count - 1) by the window kernel, every value recomputed by the naive kernel (a
/// disagreement throws std::logic_error: the claim is an error, never refuted by one kernel).
std::vector<Value> subtraction_prefix(const SubtractionSet& set, SubtractionPlay play,
                                      std::int64_t count);

/// Least common multiple, saturating at `cap` + 1.
std::int64_t lcm_capped(std::int64_t a, std::int64_t b, std::int64_t cap);

/// Length of a prefix on which two eventually periodic sequences agree everywhere if they
/// agree on it: max(ℓ_a, ℓ_b) + lcm(p_a, p_b); nullopt above `cap`.
std::optional<std::int64_t> decisive_length(std::int64_t pre_a, std::int64_t per_a,
                                            std::int64_t pre_b, std::int64_t per_b,
                                            std::int64_t cap = 50'000'000);

/// "{1,3,4}".
std::string braces(const SubtractionSet& set);

/// The `play` parameter (normal or misère), and the fields of a parameter domain (vars, let,
/// where) read by for_each_parameter, for the checkers' schemas.
Field play_field();
std::vector<Field> parameter_domain_fields();

/// Variables as a JSON object, for evidence.
nlohmann::json variables_json(const FormulaVariables& vars);

}  // namespace igv
