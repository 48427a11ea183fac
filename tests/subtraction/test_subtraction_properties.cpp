// The slides' general theorems as RapidCheck properties over random subtraction sets, and the
// formula evaluator the table checkers rely on.
#include <rapidcheck/boost_test.h>

#include <boost/test/unit_test.hpp>

#include "core/base/trusted/errors.h"
#include "properties/base/checker.h"
#include "properties/subtraction/subtraction_formula.h"
#include "properties/subtraction/subtraction_properties.h"
#include "tests/base/claim_schema_checks.h"

using namespace igv;
using namespace igv::schema_checks;

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
  const Claim claim = load_one(
      "subtraction.formula", R"({ set = ["1", "c"], vars = [{ name = "c", from = 2, to = 40 }] })",
      R"({ period = "c + 1" })");  // true only for even c
  CheckContext ctx;
  const Outcome o = find_checker("subtraction.formula")->fn(claim, ctx);
  BOOST_TEST(to_string(o.verdict) == "refuted");
  BOOST_TEST(o.counterexample()["S"].get<std::string>() == "{1,3}");
}

BOOST_AUTO_TEST_CASE(wrong_outcome_rule_is_refuted) {
  const Claim claim = load_one("subtraction.outcome_residues", R"({ game = "subtraction:1,3,4" })",
                               "{ modulus = 7, p_residues = [0, 3] }");
  CheckContext ctx;
  const Outcome o = find_checker("subtraction.outcome_residues")->fn(claim, ctx);
  BOOST_TEST(to_string(o.verdict) == "refuted");
  BOOST_TEST(o.counterexample()["n"].get<int>() == 2);
}

BOOST_AUTO_TEST_CASE(question_answers_are_computed_and_compared) {
  // Misère take-away 1–3: the P-positions are n ≡ 1 (mod 4) (the classical answer). The answer
  // is in the evidence; the asserted one is decided.
  CheckContext ctx;
  const auto run = [&](const std::string& asserted) {
    return find_checker("subtraction.outcome_residues")
        ->fn(load_one("subtraction.outcome_residues", R"({ game = "subtraction-misere:1,2,3" })",
                      asserted),
             ctx);
  };
  const Outcome o = run("{ modulus = 4, p_residues = [1] }");
  BOOST_TEST(to_string(o.verdict) == "proved");
  BOOST_TEST(o.evidence["answer"]["modulus"].get<int>() == 4);
  BOOST_TEST(o.evidence["answer"]["p_residues_from_preperiod"] == nlohmann::json::array({1}));
  BOOST_TEST(to_string(run("{ modulus = 4, p_residues = [0] }").verdict) == "refuted");
  BOOST_TEST(to_string(run("{ modulus = 5, p_residues = [1] }").verdict) == "refuted");
}

BOOST_AUTO_TEST_SUITE_END()

// ------------------------------------------------------------------------------------------------
// Schemas (issue 12): every subtraction.* checker declares its parameters and asserted value; bad
// parameters do not load; stated domains are checked whole.
// ------------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(subtraction_schemas, *boost::unit_test::label("subtraction"))

BOOST_AUTO_TEST_CASE(every_checker_is_declared_and_its_example_loads) {
  const auto list = checkers_with_prefix("subtraction.");
  BOOST_TEST(list.size() == 15U);
  require_declared_examples_and_misspellings(list);
}

BOOST_AUTO_TEST_CASE(bad_parameters_do_not_load) {
  require_load_error(one_claim("subtraction.outcome_table",
                               R"({ game = "subtraction:1,3,4", firstindex = 0 })", R"(["P"])"),
                     {"t.claim", "firstindex", "first"});
  require_load_error(one_claim("subtraction.outcome_table",
                               R"({ game = "subtraction:1,3,4", first = -1 })", R"(["P"])"),
                     {"t.claim", "first"});
  require_load_error(
      one_claim("subtraction.outcome_table", R"({ game = "subtraction:1,3,4" })", R"(["P", "W"])"),
      {"t.claim", "asserted[1]"});
  require_load_error(one_claim("subtraction.outcome_residues", R"({ game = "octal:0.07" })",
                               "{ modulus = 4, p_residues = [0] }"),
                     {"t.claim"});
  require_load_error(one_claim("subtraction.outcome_residues", R"({ game = "subtraction:1,2,3" })"),
                     {"t.claim", "asserted"});
  require_load_error(one_claim("subtraction.position", R"({ game = "subtraction:1,2,3", n = 21 })",
                               R"([{ outcome = "N" }])"),
                     {"t.claim", "game", "games"});
  require_load_error(
      one_claim("subtraction.position", R"({ games = ["subtraction:1,2,3"], n = 21 })",
                R"([{ outcome = "W" }])"),
      {"t.claim", "outcome"});
  require_load_error(one_claim("subtraction.value_bound", "{ max_element = 40 }"),
                     {"t.claim", "max_element"});
  require_load_error(
      one_claim("subtraction.formula", R"({ set = ["1", "c"], fixed_domain = true })",
                R"({ period = "2" })"),
      {"t.claim", "fixed_domain"});
  require_load_error(one_claim("subtraction.formula", R"({ set = ["1", "2"], play = "misère" })",
                               R"({ period = "3" })"),
                     {"t.claim", "play"});
  require_load_error(
      one_claim("subtraction.formula", R"({ set = ["1", "2"] })", R"({ periode = "3" })"),
      {"t.claim", "periode"});
  require_load_error(one_claim("subtraction.takeaway_formula", R"({ game = "subtraction:1,2,3" })"),
                     {"t.claim", "modulus"});
}

BOOST_AUTO_TEST_CASE(asserted_answers_are_compared) {
  CheckContext ctx;
  const auto verdict = [&](const std::string& params, const std::string& asserted) {
    return to_string(find_checker("subtraction.position")
                         ->fn(load_one("subtraction.position", params, asserted), ctx)
                         .verdict);
  };
  const std::string from_21 = R"({ games = ["subtraction:1,2,3"], n = 21 })";
  BOOST_TEST(verdict(from_21, R"([{ outcome = "N", winning_takes = [1] }])") == "verified");
  BOOST_TEST(verdict(from_21, R"([{ outcome = "P" }])") == "refuted");
  BOOST_TEST(verdict(from_21, R"([{ outcome = "N", winning_takes = [2] }])") == "refuted");
  BOOST_TEST(verdict(from_21, R"([{ outcome = "N", winning_takes = [1, 2] }])") == "refuted");
  // An empty asserted formula states nothing and cannot be decided.
  const Claim empty = load_one("subtraction.formula", R"({ set = ["1", "2"] })", "{ }");
  BOOST_CHECK_THROW(find_checker("subtraction.formula")->fn(empty, ctx), InputError);
}

BOOST_AUTO_TEST_CASE(stated_domains_are_checked_whole) {
  CheckContext ctx;
  ctx.budget = 0.1;
  // A stated parameter domain (the variable's bounds) is enumerated whole at any budget.
  const Claim formula =
      load_one("subtraction.formula",
               R"({ set = ["1", "2 * a"], vars = [{ name = "a", from = 1, to = 50 }] })",
               R"({ preperiod = "0" })");
  BOOST_TEST(find_checker("subtraction.formula")->fn(formula, ctx).evidence["cases"] == 50);
  // A stated max_element is not scaled; the default is (2^m sets: logarithmically).
  const auto sets = [&](const std::string& params) {
    return find_checker("subtraction.bipartite_iff")
        ->fn(load_one("subtraction.bipartite_iff", params), ctx)
        .evidence["cases"];
  };
  BOOST_TEST(sets("{ max_element = 8 }") == 255);
  BOOST_TEST(sets("{ }") == (1 << 12) - 1);  // the default 16, four doublings fewer at 0.1
}

BOOST_AUTO_TEST_SUITE_END()
