// The slides' formulas as data: integer expressions (ℓ = c + a - r, p = t(c+b+2) - b, row
// conditions) and word patterns of Sprague–Grundy sequences (H^{c/2}(23)^{(b-1)/2}2,
// (0^a1^a)^{t/2}0^r2^{a-r}1^r), evaluated with the claim's parameters. The claims file keeps
// each published formula as text; the checkers evaluate it and compare with the computed
// values, so a formula is never re-typed into C++.
//
// Expressions: integers, variables, pow(b, e), min, max, + - *, `/` (exact division: a remainder is
// an error, so that a formula used outside its domain is noticed), `//` (floor division), `%`
// (non-negative remainder), comparisons == != < <= > >=, && ||, !, and `cond ? a : b`; true is 1.
//
// Patterns: a digit is one value; an upper-case letter names a block given with the claim
// (H = "01"); (…) and […] group; `^` raises the preceding item to a power given as one digit,
// one lower-case variable, or {expression}. Spaces are ignored.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/trusted/primitives.h"

namespace igv {

/// A formula that cannot be evaluated (syntax, unknown variable, inexact `/`, negative power).
struct FormulaError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

using FormulaVariables = std::map<std::string, std::int64_t, std::less<>>;

/// Evaluates an integer expression.
std::int64_t evaluate_expression(std::string_view text, const FormulaVariables& vars);

/// Expands a pattern into its values; `blocks` maps upper-case names to patterns. Throws
/// FormulaError beyond `max_length` values.
std::vector<Value> expand_pattern(
    std::string_view text, const FormulaVariables& vars,
    const std::map<std::string, std::string, std::less<>>& blocks = {},
    std::size_t max_length = 50'000'000);

}  // namespace igv
