// Tests of properties/ and reports/: claims files, selection, the runner, the property runner,
// the Sprague–Grundy properties, and the report writers.
#include <rapidcheck/boost_test.h>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/base/trusted/errors.h"
#include "igv_build_info.h"
#include "properties/base/checker.h"
#include "properties/base/claims_file.h"
#include "properties/base/random_games.h"
#include "properties/base/runner.h"
#include "properties/base/sprague_grundy.h"
#include "reports/base/report.h"

using namespace igv;

namespace {

const char* kValidClaims = R"(
[document]
id = "doc"
title = "A document"

[[claim]]
id = "doc.one"
locator = "§1"
statement = "Table 1"
tags = ["rook", "table"]
kind = "table"
checker = "rook.table"
expected_verdict = "verified"
asserted = [[0, 1], [1, 0]]

[[claim]]
id = "doc.two"
locator = "§2"
statement = "the sum rule"
tags = ["sprague-grundy"]
kind = "theorem"
checker = "sum_rule.random_graphs"
expected_verdict = "verified"
params = { operation = "xor", exhaustive_nodes = 3, random_max_nodes = 6 }
)";

std::string with_replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  BOOST_REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

Outcome throwing_budget(const Claim&, const CheckContext&) {
  throw BudgetExceeded("too big");
}
Outcome throwing_error(const Claim&, const CheckContext&) {
  throw std::runtime_error("boom");
}
CheckerSchema test_schema(const char* what) {
  return {.establishes = std::string("nothing: a test checker that always ") + what,
          .params = {},
          .asserted = std::nullopt};
}
IGV_REGISTER_CHECKER("test.budget", "always over budget", throwing_budget,
                     test_schema("runs out of budget"));
IGV_REGISTER_CHECKER("test.error", "always fails", throwing_error, test_schema("fails"));

}  // namespace

BOOST_AUTO_TEST_SUITE(claims_files)

BOOST_AUTO_TEST_CASE(valid_file_loads) {
  const auto claims = parse_claims(kValidClaims, "valid.toml");
  BOOST_REQUIRE(claims.size() == 2U);
  BOOST_TEST(claims[0].id == "doc.one");
  BOOST_TEST(claims[0].document == "doc");
  BOOST_TEST(claims[0].document_title == "A document");
  BOOST_TEST(claims[0].asserted.size() == 2U);
  BOOST_TEST(claims[1].params["exhaustive_nodes"].get<int>() == 3);
  BOOST_TEST((claims[1].expected_verdict == Verdict::verified));
}

BOOST_AUTO_TEST_CASE(corrupt_files_are_input_errors) {
  const std::string v = kValidClaims;
  const std::vector<std::string> bad = {
      "this is = not [toml",
      with_replaced(v, "[document]\nid = \"doc\"", "[document]\nname = \"doc\""),
      with_replaced(v, "checker = \"rook.table\"", "checker = \"no.such.checker\""),
      with_replaced(v, "expected_verdict = \"verified\"", "expected_verdict = \"probably\""),
      with_replaced(v, "id = \"doc.two\"", "id = \"doc.one\""),
      with_replaced(v, "locator = \"§1\"\n", ""),
      with_replaced(v, "tags = [\"rook\", \"table\"]", "tags = \"rook\""),
      with_replaced(v, "kind = \"table\"", "kind = \"table\"\ncolour = \"blue\""),
      v + "\n[extra]\nx = 1\n",
  };
  for (const auto& text : bad) BOOST_CHECK_THROW(parse_claims(text, "bad.toml"), InputError);
  BOOST_CHECK_THROW(load_claims_file("/nonexistent/claims.toml"), InputError);
}

// toml++ 3.3.0 asks whether a character is whitespace between tokens, after a value, after a
// multi-line string's line-ending backslash and while it records text; for U+00A1..U+0499,
// U+2E6E..U+3267 (but U+3000) and U+FBD6..U+FEFE its generated answer reached
// __builtin_unreachable() (core/base/toml.h). These files put such characters in each of those
// places: outside strings each must be one InputError, inside strings (after a line-ending
// backslash too) they must come through unchanged; in the hardening build, with no UBSan report.
BOOST_AUTO_TEST_CASE(non_ascii_characters_reach_no_undefined_behaviour) {
  const std::string v = kValidClaims;
  const char* const characters[] = {"\u00e9", "\u01cd", "\u0499", "\u3001",
                                    "\u2e6e", "\ufbd6", "\ufefe"};
  const std::string statement = "statement = \"the sum rule\"";
  for (const std::string c : characters) {
    BOOST_TEST_CONTEXT("character " << c) {
      const std::vector<std::string> bad = {
          c + v,                                             // before the first token
          with_replaced(v, "[document]", "[document]" + c),  // after a table header
          with_replaced(v, "random_max_nodes = 6", "random_max_nodes = 6" + c),  // after a value
          with_replaced(v, "id = \"doc\"", "id = \"doc\"\nx" + c + " = 1"),      // in a bare key
          with_replaced(v, statement, "statement = \"\"\"the sum \\" + c + "\nrule\"\"\""),
      };
      for (std::size_t i = 0; i < bad.size(); ++i) {
        BOOST_TEST_CONTEXT("file " << i) {
          BOOST_CHECK_THROW(parse_claims(bad[i], "bad.toml"), InputError);
        }
      }
      const auto kept = parse_claims(
          with_replaced(v, statement,
                        "statement = \"\"\"the sum \\\n" + c + "rule " + c + "\"\"\"\n# " + c),
          "ok.toml");
      BOOST_TEST(kept[1].statement == "the sum " + c + "rule " + c);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(selection)

BOOST_AUTO_TEST_CASE(globs) {
  BOOST_TEST(glob_match("frolov2012.*", "frolov2012.G3"));
  BOOST_TEST(!glob_match("frolov2012.*", "dawson.G3"));
  BOOST_TEST(glob_match("*G?", "frolov2012.G3"));
  BOOST_TEST(glob_match("*", ""));
  BOOST_TEST(!glob_match("a*b", "ac"));
}

BOOST_AUTO_TEST_CASE(ids_tags_and_exclusions) {
  const auto all = parse_claims(kValidClaims, "valid.toml");
  BOOST_TEST(select_claims(all, {}).size() == 2U);
  BOOST_TEST(select_claims(all, {"doc.o*"}).size() == 1U);
  BOOST_TEST(select_claims(all, {"tag:table"}).size() == 1U);
  BOOST_TEST(select_claims(all, {"!tag:table"}).front().id == "doc.two");
  BOOST_TEST(select_claims(all, {"doc.*", "~doc.two"}).front().id == "doc.one");
  BOOST_CHECK_THROW(select_claims(all, {"nothing*"}), InputError);
  BOOST_CHECK_THROW(select_claims(all, {"!"}), InputError);
  BOOST_CHECK_THROW(select_claims(all, {"tag:"}), InputError);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(runner)

BOOST_AUTO_TEST_CASE(verdicts_and_exceptions) {
  auto claims = parse_claims(kValidClaims, "valid.toml");
  RunOptions options;
  options.jobs = 2;
  const auto results = run_claims(claims, options);
  BOOST_REQUIRE(results.size() == 2U);
  for (const auto& r : results)
    BOOST_TEST(r.as_expected(), r.claim.id << ": " << r.outcome.summary);

  Claim c = claims[0];
  c.checker = "test.budget";
  BOOST_TEST((run_claim(c, options).outcome.verdict == Verdict::inconclusive));
  c.checker = "test.error";
  BOOST_TEST((run_claim(c, options).outcome.verdict == Verdict::error));
}

BOOST_AUTO_TEST_CASE(claim_seeds_depend_only_on_run_seed_and_id) {
  BOOST_TEST(claim_seed(1, "a") == claim_seed(1, "a"));
  BOOST_TEST(claim_seed(1, "a") != claim_seed(2, "a"));
  BOOST_TEST(claim_seed(1, "a") != claim_seed(1, "b"));
}

BOOST_AUTO_TEST_CASE(false_claims_are_refuted_with_small_counterexamples) {
  // The file also holds false claims of the game modules, whose checkers this program does not
  // link: keep the claims whose checker is registered here.
  std::ifstream in(std::string(IGV_SOURCE_DIR) + "/tests/data/false_claims.toml");
  std::stringstream text;
  text << in.rdbuf();
  const std::string all = text.str();
  const std::string separator = "\n[[claim]]\n";
  std::string kept = all.substr(0, all.find(separator));
  for (auto at = all.find(separator); at != std::string::npos;) {
    const auto next = all.find(separator, at + 1);
    const std::string block = all.substr(at, next == std::string::npos ? next : next - at);
    const auto name_at = block.find("checker = \"") + 11;
    if (find_checker(block.substr(name_at, block.find('"', name_at) - name_at)) != nullptr)
      kept += block;
    at = next;
  }
  const auto claims = parse_claims(kept, "tests/data/false_claims.toml");
  BOOST_TEST(claims.size() >= 3U);
  for (const auto& r : run_claims(claims, RunOptions{})) {
    BOOST_TEST((r.outcome.verdict == Verdict::refuted), r.claim.id);
    BOOST_TEST(!r.outcome.counterexample().is_null(), r.claim.id);
    if (r.claim.id == "false.nim_sum_is_plus") {
      // The least counterexample: two heaps of one chip (1 xor 1 = 0, 1 + 1 = 2).
      BOOST_TEST(r.outcome.counterexample()["minimal"]["heaps"] == nlohmann::json::array({1, 1}));
      BOOST_TEST(r.outcome.counterexample()["seed"].get<std::uint64_t>() == r.seed);
    }
    if (r.claim.id == "false.sum_rule_is_plus") {
      // Shrunk to the smallest game with a move: two copies of *1.
      const auto shown = r.outcome.counterexample()["values"][0]["value"].get<std::string>();
      BOOST_TEST(shown == "nodes=2 start=1; 1->0");
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(sprague_grundy)

RC_BOOST_PROP(sum_rule_on_random_games, (const GameGraph& g, const GameGraph& h)) {
  prop_sum_rule(g, h);
}

RC_BOOST_PROP(zeros_are_p_positions_on_random_games, (const GameGraph& g)) {
  prop_zeros_are_p_positions(g);
}

BOOST_AUTO_TEST_CASE(all_small_graphs_are_enumerated) {
  BOOST_TEST(all_game_graphs(1).size() == 1U);
  BOOST_TEST(all_game_graphs(3).size() == 8U);
  BOOST_TEST(all_game_graphs(4).size() == 64U);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(reports)

BOOST_AUTO_TEST_CASE(json_and_markdown_from_one_result_set) {
  const auto claims = parse_claims(kValidClaims, "valid.toml");
  Report report;
  RunOptions options;
  // The context records each claims file's SHA-256 (what `verify merge` checks shards against),
  // so the file must be there to be read.
  const auto valid = std::filesystem::temp_directory_path() /
                     ("igv-test-harness-valid-" + std::to_string(::getpid()) + ".toml");
  { std::ofstream(valid) << kValidClaims; }
  report.context = make_context(options, {"doc.*"}, {valid.string()});
  std::filesystem::remove(valid);
  report.results = run_claims(claims, options);
  const auto j = report_to_json(report);
  BOOST_TEST(j["schema_version"].get<std::string>() == kReportSchemaVersion);
  BOOST_TEST(j["claims"].size() == 2U);
  BOOST_TEST(j["claims"][0]["source"]["document"].get<std::string>() == "doc");
  BOOST_TEST(j["summary"]["by_verdict"]["verified"].get<int>() == 2);
  const auto md = report_to_markdown(report);
  BOOST_TEST(md.find("`doc.one`") != std::string::npos);
  BOOST_TEST(md.find("| verified | 2 |") != std::string::npos);

  const auto dir = std::filesystem::temp_directory_path() / "igv_test_reports";
  std::filesystem::remove_all(dir);
  const auto written = write_report(report, dir.string(), {"json", "md"});
  BOOST_TEST(written.size() == 2U);
  std::ifstream in(dir / "report.json");
  BOOST_TEST(nlohmann::json::parse(in) == j);
  // Nothing but the two reports is left in the folder (no temporary files).
  BOOST_TEST(std::distance(std::filesystem::directory_iterator(dir),
                           std::filesystem::directory_iterator{}) == 2);
  BOOST_CHECK_THROW(write_report(report, dir.string(), {"docx"}), InputError);
  std::filesystem::remove_all(dir);
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
// Schemas (issue 12) of the base checkers (Nim, the rook game, game graphs, the test checkers).
// ---------------------------------------------------------------------------------------------
#include "tests/base/schema_test_helpers.h"

BOOST_AUTO_TEST_SUITE(base_schemas)

BOOST_AUTO_TEST_CASE(every_base_checker_is_declared_and_its_example_loads) {
  const auto list =
      test::checkers_named({"nim.", "rook.", "graph.", "sum_rule.", "test.budget", "test.error"});
  BOOST_TEST(list.size() == 7U);
  test::require_declared_with_loading_examples(list);
  test::require_misspelt_keys_rejected(list);
}

BOOST_AUTO_TEST_CASE(bad_parameters_do_not_load) {
  test::require_load_error_naming(test::claim_toml("rook.formula", "{ max = 0 }"),
                                  {"t.claim", "max"});
  test::require_load_error_naming(test::claim_toml("rook.formula", "{ maxx = 7 }"),
                                  {"t.claim", "maxx", "max"});
  test::require_load_error_naming(test::claim_toml("nim.sum_formula", R"({ operation = "times" })"),
                                  {"t.claim", "operation"});
  test::require_load_error_naming(test::claim_toml("nim.sum_formula", "{ exhaustive_heaps = 2 }"),
                                  {"t.claim", "operation"});  // the statement must be named
  test::require_load_error_naming(
      test::claim_toml("sum_rule.random_graphs", R"({ operation = "xor", exhaustive_nodes = 9 })"),
      {"t.claim", "exhaustive_nodes"});
  test::require_load_error_naming(
      test::claim_toml("graph.zeros_are_p_positions", R"({ exhaustive_nodes = "five" })"),
      {"t.claim", "exhaustive_nodes"});
  // An asserted value given to a checker that reads none; a missing or malformed table.
  test::require_load_error_naming(test::claim_toml("rook.formula", "", "[[0, 1], [1, 0]]"),
                                  {"t.claim"});
  test::require_load_error_naming(test::claim_toml("rook.table", ""), {"t.claim", "asserted"});
  test::require_load_error_naming(test::claim_toml("rook.table", "", "[[0, \"x\"]]"),
                                  {"t.claim", "asserted"});
  test::require_load_error_naming(test::claim_toml("rook.table", "{ max = 3 }", "[[0, 1]]"),
                                  {"t.claim", "max"});
  test::require_load_error_naming(test::claim_toml("test.error", "{ x = 1 }"), {"t.claim", "x"});
}

BOOST_AUTO_TEST_CASE(stated_domains_are_not_scaled) {
  CheckContext ctx;
  ctx.budget = 0.1;
  auto claims = parse_claims(test::claim_toml("rook.formula", "{ max = 20 }"), "t");
  BOOST_TEST(find_checker("rook.formula")->fn(claims.at(0), ctx).evidence["cases"] == 21 * 21);
  claims = parse_claims(test::claim_toml("rook.formula", ""), "t");
  BOOST_TEST(find_checker("rook.formula")->fn(claims.at(0), ctx).evidence["cases"] == 7 * 7);
}

BOOST_AUTO_TEST_CASE(rook_table_refutes_at_the_first_differing_cell) {
  const auto claims =
      parse_claims(test::claim_toml("rook.table", "", "[[0, 1], [1, 0], [2, 2]]"), "t");
  const Outcome o = find_checker("rook.table")->fn(claims.at(0), CheckContext{});
  BOOST_TEST(to_string(o.verdict) == "refuted");
  BOOST_TEST(o.counterexample()["row"] == 2);
  BOOST_TEST(o.counterexample()["column"] == 1);
}

BOOST_AUTO_TEST_SUITE_END()
