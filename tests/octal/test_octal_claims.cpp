// Every claim decided by an octal.* checker (003_44ff00b94ceef14c, section "octal issue", and
// published_octal_records.toml) gets the verdict its claims file expects, at the default budget.
#include <boost/test/unit_test.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>

#include "core/base/trusted/errors.h"
#include "igv_build_info.h"
#include "properties/base/checker.h"
#include "properties/base/claims_file.h"

using namespace igv;

BOOST_AUTO_TEST_CASE(every_octal_claim_has_its_expected_verdict,
                     *boost::unit_test::label("octal")) {
  int checked = 0;
  for (const char* file : {"003_44ff00b94ceef14c.toml", "published_octal_records.toml"}) {
    for (const Claim& c :
         load_claims_file(std::string(IGV_SOURCE_DIR) + "/properties/claims/" + file)) {
      if (c.checker.rfind("octal.", 0) != 0) continue;
      const CheckerInfo* checker = find_checker(c.checker);
      BOOST_TEST_REQUIRE(checker != nullptr, c.checker);
      CheckContext ctx;
      ctx.seed = 2024;
      ctx.random_cases = 100;
      const auto t0 = std::chrono::steady_clock::now();
      Outcome o;
      try {
        o = checker->fn(c, ctx);
      } catch (const BudgetExceeded& e) {
        o.verdict = Finding::inconclusive;
        o.summary = e.what();
      }
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      BOOST_TEST(to_string(o.verdict) == to_string(c.expected_verdict), c.id << ": " << o.summary);
      std::printf("%-40s %-12s %7.3f s  %s\n", c.id.c_str(),
                  std::string(to_string(o.verdict)).c_str(), s, o.summary.substr(0, 150).c_str());
      ++checked;
    }
  }
  BOOST_TEST(checked >= 15);
}

// ---------------------------------------------------------------------------------------------
// Schemas (issue 12): every octal.* checker declares one; bad claims do not load.
// ---------------------------------------------------------------------------------------------
#include "tests/base/schema_test_helpers.h"

BOOST_AUTO_TEST_SUITE(octal_schemas, *boost::unit_test::label("octal"))

BOOST_AUTO_TEST_CASE(every_octal_checker_is_declared_and_its_example_loads) {
  const auto list = test::checkers_named({"octal."});
  BOOST_TEST(list.size() == 9U);
  BOOST_TEST(find_checker("octal.kernels_agree") == nullptr);  // removed: no claim used it
  test::require_declared_with_loading_examples(list);
  test::require_misspelt_keys_rejected(list);
}

BOOST_AUTO_TEST_CASE(misspelt_first_index_does_not_load) {
  // The issue's case: `firstindex = 1` used to load and compare from index 0.
  test::require_load_error_naming(
      test::claim_toml("octal.published_values", R"({ code = "0.137", firstindex = 1 })",
                       "[1, 1, 2]"),
      {"t.claim", "firstindex", "first_index"});
  BOOST_CHECK_NO_THROW(
      parse_claims(test::claim_toml("octal.published_values",
                                    R"({ code = "0.137", first_index = 1 })", "[1, 1, 2]"),
                   "ok"));
}

BOOST_AUTO_TEST_CASE(negative_first_index_does_not_load) {
  test::require_load_error_naming(
      test::claim_toml("octal.published_values", R"({ code = "0.137", first_index = -1 })",
                       "[0, 1, 1]"),
      {"t.claim", "first_index"});
  test::require_load_error_naming(
      test::claim_toml("octal.published_values", R"({ code = "0.137", first_index = 1.5 })",
                       "[0, 1, 1]"),
      {"t.claim", "first_index"});
  test::require_load_error_naming(
      test::claim_toml("octal.published_values", R"({ code = "0.137" })", "[]"),
      {"t.claim", "asserted"});
}

BOOST_AUTO_TEST_CASE(published_values_never_reads_outside_its_values) {
  // Called directly, bypassing the loader: whatever it is passed, an exception, not a read
  // outside the computed values.
  const CheckerInfo* checker = find_checker("octal.published_values");
  BOOST_TEST_REQUIRE(checker != nullptr);
  CheckContext ctx;
  ctx.memory_limit_bytes = 64ULL << 20;
  const auto run = [&](nlohmann::json params, nlohmann::json asserted) {
    Claim c;
    c.id = "direct";
    c.checker = "octal.published_values";
    c.params = std::move(params);
    c.asserted = std::move(asserted);
    return checker->fn(c, ctx);
  };
  for (const std::int64_t first :
       std::vector<std::int64_t>{-1, -1000, INT64_MIN, INT64_MAX, 1'000'001}) {
    BOOST_TEST_CONTEXT(first) {
      BOOST_CHECK_THROW(run({{"code", "0.137"}, {"first_index", first}}, {0, 1, 1}),
                        std::exception);
    }
  }
  BOOST_CHECK_THROW(run({{"code", "0.137"}}, nlohmann::json::array()), std::exception);
  BOOST_CHECK_THROW(run({{"code", "0.137"}}, nullptr), std::exception);
  // In range it decides: .137 from index 1 is 1, 1, 2, 0; a wrong third term is refuted there.
  BOOST_TEST(to_string(run({{"code", "0.137"}, {"first_index", 1}}, {1, 1, 2, 0}).verdict) ==
             "verified");
  const Outcome bad = run({{"code", "0.137"}, {"first_index", 1}}, {1, 1, 3, 0});
  BOOST_TEST(to_string(bad.verdict) == "refuted");
  BOOST_TEST(bad.counterexample()["index"] == 3);
}

BOOST_AUTO_TEST_CASE(outcome_rules_and_outcomes_are_typed) {
  test::require_load_error_naming(
      test::claim_toml("octal.outcome_rule", R"({ code = "0.07" })",
                       R"({ kind = "second_player_wins", modulus = 2, residues = [0] })"),
      {"t.claim", "kind"});
  test::require_load_error_naming(
      test::claim_toml("octal.outcome_rule", R"({ code = "0.07" })",
                       R"({ kind = "first_player_wins", modulus = 0, residues = [0] })"),
      {"t.claim", "modulus"});
  test::require_load_error_naming(
      test::claim_toml("octal.outcome_rule", R"({ code = "0.07" })",
                       R"({ kind = "first_player_wins", modulus = 2, residue = [0] })"),
      {"t.claim", "residue"});
  test::require_load_error_naming(test::claim_toml("octal.outcome_examples", R"({ code = "0.07" })",
                                                   R"([{ n = 3, outcome = "W" }])"),
                                  {"t.claim", "outcome"});
  test::require_load_error_naming(
      test::claim_toml("octal.published_period", R"({ code = "0.07" })", "{ perod = 34 }"),
      {"t.claim", "perod"});
  test::require_load_error_naming(
      test::claim_toml("octal.published_period", R"({ code = "0.07", max_heaps = 10 })",
                       "{ period = 34 }"),
      {"t.claim", "max_heaps"});
}

BOOST_AUTO_TEST_CASE(published_period_names_the_least_differing_exception) {
  auto claims = parse_claims(test::claim_toml("octal.published_period", R"({ code = "0.137" })",
                                              "{ exceptions = [0, 14, 16, 17, 31, 34, 50] }"),
                             "t");
  CheckContext ctx;
  const Outcome o = find_checker("octal.published_period")->fn(claims.at(0), ctx);
  BOOST_TEST(to_string(o.verdict) == "refuted");
  BOOST_TEST(o.counterexample()["least_differing_heap"] == 50);
}

BOOST_AUTO_TEST_SUITE_END()
