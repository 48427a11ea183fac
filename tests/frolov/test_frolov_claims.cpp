// Every claim of 000_a85f04da58584fa6 (Frolov 2012) decided by a frolov.* checker gets the
// verdict its claims file expects.
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <cstdio>

#include "igv_build_info.h"
#include "properties/base/checker.h"
#include "properties/base/claims_file.h"

using namespace igv;

BOOST_AUTO_TEST_CASE(every_frolov_claim_has_its_expected_verdict) {
  const auto claims = load_claims_file(std::string(IGV_SOURCE_DIR) +
                                       "/properties/claims/000_a85f04da58584fa6.toml");
  int checked = 0;
  for (const Claim& c : claims) {
    if (c.checker.rfind("frolov.", 0) != 0) continue;
    const CheckerInfo* checker = find_checker(c.checker);
    BOOST_TEST_REQUIRE(checker != nullptr, c.checker);
    CheckContext ctx;
    ctx.seed = 12345;
    ctx.random_cases = 200;
    const auto t0 = std::chrono::steady_clock::now();
    const Outcome o = checker->fn(c, ctx);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    BOOST_TEST(to_string(o.verdict) == to_string(c.expected_verdict), c.id << ": " << o.summary);
    std::printf("%-32s %-9s %6.3f s  %s\n", c.id.c_str(), std::string(to_string(o.verdict)).c_str(),
                s, o.summary.substr(0, 110).c_str());
    ++checked;
  }
  BOOST_TEST(checked >= 50);
}

// ---------------------------------------------------------------------------------------------
// Schemas (issue 12): every frolov.* checker declares one; bad claims do not load.
// ---------------------------------------------------------------------------------------------
#include "tests/base/schema_test_helpers.h"

BOOST_AUTO_TEST_SUITE(frolov_schemas)

BOOST_AUTO_TEST_CASE(every_frolov_checker_is_declared_and_its_example_loads) {
  const auto list = test::checkers_named({"frolov."});
  BOOST_TEST(list.size() == 10U);
  test::require_declared_with_loading_examples(list);
  test::require_misspelt_keys_rejected(list);
}

BOOST_AUTO_TEST_CASE(misspelt_function_does_not_load) {
  // The issue's case: `functon = "f"` used to load and fall back to g.
  test::require_load_error_naming(
      test::claim_toml("frolov.table", R"({ functon = "f" })", "[[1, 2], [0, 1]]"),
      {"t.claim", "functon", "function"});
  test::require_load_error_naming(
      test::claim_toml("frolov.property", R"({ property = "G3", functon = "f" })"),
      {"t.claim", "functon", "property"});
  test::require_load_error_naming(
      test::claim_toml("frolov.table2_row", R"({ functon = "f", row = 3 })",
                       "{ t = 9, p = 3, ratio = 3 }"),
      {"t.claim", "functon", "function"});
  test::require_load_error_naming(
      test::claim_toml("frolov.row_arithmetic", R"({ functon = "f", row = 0, period = 1 })"),
      {"t.claim", "functon"});
  // Without the misspelling the same claims load.
  BOOST_CHECK_NO_THROW(parse_claims(
      test::claim_toml("frolov.table", R"({ function = "f" })", "[[1, 2], [0, 1]]"), "ok"));
}

BOOST_AUTO_TEST_CASE(function_is_required_and_enumerated) {
  test::require_load_error_naming(test::claim_toml("frolov.table", "{ }", "[[1, 2]]"),
                                  {"t.claim", "function"});
  test::require_load_error_naming(
      test::claim_toml("frolov.table", R"({ function = "h" })", "[[1, 2]]"),
      {"t.claim", "function"});
}

BOOST_AUTO_TEST_CASE(out_of_range_and_mistyped_values_do_not_load) {
  test::require_load_error_naming(
      test::claim_toml("frolov.property", R"({ property = "G3", square = 2 })"),
      {"t.claim", "square"});
  test::require_load_error_naming(test::claim_toml("frolov.property", R"({ property = "G9" })"),
                                  {"t.claim", "property"});
  test::require_load_error_naming(
      test::claim_toml("frolov.table2_row", R"({ function = "g", row = -1 })",
                       "{ t = 1, p = 0, ratio = \"-\" }"),
      {"t.claim", "row"});
  test::require_load_error_naming(
      test::claim_toml("frolov.table2_row", R"({ function = "g", row = 3 })", "{ t = 9, p = 5 }"),
      {"t.claim", "ratio"});
  test::require_load_error_naming(test::claim_toml("frolov.g_inverse_of_f", R"({ size = "big" })"),
                                  {"t.claim", "size"});
  test::require_load_error_naming(
      test::claim_toml("frolov.periodicity_theorem", R"({ theorem = "2" })"),
      {"t.claim", "theorem"});
  test::require_load_error_naming(
      test::claim_toml("frolov.periodicity_theorem", R"({ theorem = "1", rows = 40 })"),
      {"t.claim", "rows"});
  // An asserted value given to a checker that reads none.
  test::require_load_error_naming(
      test::claim_toml("frolov.property", R"({ property = "G3" })", "[1]"), {"t.claim"});
}

BOOST_AUTO_TEST_CASE(asserted_values_are_compared) {
  // A table2_row claim with a wrong t, and an extension claim with a wrong printed row, are
  // refuted (they used to be compared only partly, or not at all).
  auto claims = parse_claims(test::claim_toml("frolov.table2_row", R"({ function = "g", row = 3 })",
                                              "{ t = 9, p = 5, ratio = 4 }"),
                             "t");
  CheckContext ctx;
  Outcome o = find_checker("frolov.table2_row")->fn(claims.at(0), ctx);
  BOOST_TEST(to_string(o.verdict) == "refuted");
  BOOST_TEST(o.counterexample()["cell"] == "ratio");

  const CheckerInfo* ext = find_checker("frolov.table2_extension");
  nlohmann::json printed = ext->schema.example_asserted;
  claims = parse_claims(
      test::claim_toml("frolov.table2_extension", "{ rows = 9 }", to_toml_value(printed)), "t");
  BOOST_TEST(to_string(ext->fn(claims.at(0), ctx).verdict) == "proved");
  printed["f"][4][1] = 13;
  claims = parse_claims(
      test::claim_toml("frolov.table2_extension", "{ rows = 9 }", to_toml_value(printed)), "t");
  o = ext->fn(claims.at(0), ctx);
  BOOST_TEST(to_string(o.verdict) == "refuted");
  BOOST_TEST(o.counterexample()["m"] == 4);
  BOOST_TEST(o.counterexample()["function"] == "f");
}

BOOST_AUTO_TEST_CASE(stated_domains_are_not_scaled) {
  auto claims = parse_claims(test::claim_toml("frolov.g_inverse_of_f", "{ size = 40 }"), "t");
  CheckContext ctx;
  ctx.budget = 0.1;
  const Outcome stated = find_checker("frolov.g_inverse_of_f")->fn(claims.at(0), ctx);
  BOOST_TEST(stated.evidence["cases"] == 40 * 40);
  claims = parse_claims(test::claim_toml("frolov.g_inverse_of_f", ""), "t");
  const Outcome scaled = find_checker("frolov.g_inverse_of_f")->fn(claims.at(0), ctx);
  BOOST_TEST(scaled.evidence["cases"] == 20 * 20);  // the default 200, scaled by 0.1
}

BOOST_AUTO_TEST_SUITE_END()
