// The slides' general theorems as RapidCheck properties over random subtraction sets, and the
// formula evaluator the table checkers rely on.
#include <rapidcheck/boost_test.h>

#include <boost/test/unit_test.hpp>

#include "core/errors.h"
#include "properties/checker.h"
#include "properties/subtraction_formula.h"
#include "properties/subtraction_properties.h"

using namespace igv;

BOOST_AUTO_TEST_SUITE(subtraction_properties, *boost::unit_test::label("subtraction"))

RC_BOOST_PROP(naive_equals_window_kernel, (const RandomSubtractionSet& s)) {
  prop_subtraction_kernels_agree(s);
}

RC_BOOST_PROP(window_lemma_equals_long_prefix_and_producer, (const RandomSubtractionSet& s)) {
  prop_subtraction_window_lemma(s);
}

RC_BOOST_PROP(ultimately_bipartite_has_no_even_element, (const RandomSubtractionSet& s)) {
  prop_subtraction_bipartite_no_even(s);
}

RC_BOOST_PROP(scaling_by_d, (const RandomSubtractionSet& s, int d)) {
  prop_subtraction_scaling(s, d);
}

RC_BOOST_PROP(values_at_most_k, (const RandomSubtractionSet& s)) {
  prop_subtraction_value_bound(s);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(subtraction_formula, *boost::unit_test::label("subtraction"))

BOOST_AUTO_TEST_CASE(expressions_evaluate_as_written) {
  const FormulaVariables v{{"a", 5}, {"b", 8}, {"c", 23}, {"r", 2}, {"t", 2}};
  BOOST_TEST(evaluate_expression("((b - r) / 2 - 1) * (c + b + 2) - b", v) == 2 * 33 - 8);
  BOOST_TEST(evaluate_expression("c // (b + 1)", v) == 2);
  BOOST_TEST(evaluate_expression("c % 18 == 5 ? 2 * c - 4 : 0", v) == 2 * 23 - 4);
  BOOST_TEST(evaluate_expression("a <= r && r <= b || c > 100", v) == 0);
  BOOST_TEST(evaluate_expression("-7 % 3", v) == 2);
  BOOST_TEST(evaluate_expression("pow(2, a) + 1", v) == 33);
  // The branch not taken may hold arithmetic that only makes sense under its condition.
  BOOST_TEST(evaluate_expression("2 * r == a ? 3 * a / 2 : c + a", v) == 28);
  BOOST_CHECK_THROW(evaluate_expression("a / 2", v), FormulaError);  // inexact
  BOOST_CHECK_THROW(evaluate_expression("a + z", v), FormulaError);  // unknown variable
  BOOST_CHECK_THROW(evaluate_expression("a +", v), FormulaError);
  BOOST_CHECK_THROW(evaluate_expression("(a", v), FormulaError);
}

BOOST_AUTO_TEST_CASE(patterns_expand_as_written) {
  const FormulaVariables v{{"a", 3}, {"r", 1}, {"t", 2}, {"c", 7}, {"b", 3}};
  const std::map<std::string, std::string, std::less<>> blocks{{"H", "01"}};
  BOOST_TEST(expand_pattern("(0^a1^a)^{t/2}0^r2^{a-r}1^r", v) ==
                 (std::vector<Value>{0, 0, 0, 1, 1, 1, 0, 2, 2, 1}),
             boost::test_tools::per_element());
  BOOST_TEST(expand_pattern("H^{(c+1)/2}(23)^{(b-1)/2}2", v, blocks) ==
                 (std::vector<Value>{0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2}),
             boost::test_tools::per_element());
  BOOST_TEST(expand_pattern("0^21^2 [2 3]^0 4", v) == (std::vector<Value>{0, 0, 1, 1, 4}),
             boost::test_tools::per_element());
  BOOST_CHECK_THROW(expand_pattern("0^{a-5}", v), FormulaError);     // negative power
  BOOST_CHECK_THROW(expand_pattern("K1", v, blocks), FormulaError);  // unknown block
  BOOST_CHECK_THROW(expand_pattern("(01", v), FormulaError);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(subtraction_checkers, *boost::unit_test::label("subtraction"))

// A printed formula that is wrong must be refuted, with its first bad case as counterexample.
BOOST_AUTO_TEST_CASE(wrong_formula_is_refuted) {
  Claim claim;
  claim.id = "test.wrong_two_element_period";
  claim.params =
      nlohmann::json::parse(R"({"set": ["1", "c"], "vars": [{"name": "c", "from": 2, "to": 40}]})");
  claim.asserted = nlohmann::json::parse(R"({"period": "c + 1"})");  // true only for even c
  CheckContext ctx;
  const Outcome o = find_checker("subtraction.formula")->fn(claim, ctx);
  BOOST_TEST(to_string(o.verdict) == "refuted");
  BOOST_TEST(o.counterexample["S"].get<std::string>() == "{1,3}");
}

BOOST_AUTO_TEST_CASE(wrong_outcome_rule_is_refuted) {
  Claim claim;
  claim.id = "test.wrong_residues";
  claim.params = {{"game", "subtraction:1,3,4"}};
  claim.asserted = {{"modulus", 7}, {"p_residues", {0, 3}}};
  CheckContext ctx;
  const Outcome o = find_checker("subtraction.outcome_residues")->fn(claim, ctx);
  BOOST_TEST(to_string(o.verdict) == "refuted");
  BOOST_TEST(o.counterexample["n"].get<int>() == 2);
}

BOOST_AUTO_TEST_CASE(question_answers_are_computed) {
  Claim claim;
  claim.id = "test.misere_question";
  claim.params = {{"game", "subtraction-misere:1,2,3"}};
  CheckContext ctx;
  const Outcome o = find_checker("subtraction.outcome_residues")->fn(claim, ctx);
  BOOST_TEST(to_string(o.verdict) == "proved");
  // Misère take-away 1–3: the P-positions are n ≡ 1 (mod 4) (the classical answer).
  BOOST_TEST(o.evidence["answer"]["modulus"].get<int>() == 4);
  BOOST_TEST(o.evidence["answer"]["p_residues_from_preperiod"] == nlohmann::json::array({1}));
}

BOOST_AUTO_TEST_SUITE_END()
