// Welter's game (002_ae6d722b5ea2de0c): every route to the Welter function agrees, the inverse
// finds exactly the winning moves, the relations hold, the pictures are well-formed SVG, bad
// positions are refused, and every claim of the document gets its expected verdict.
#include <rapidcheck/boost_test.h>

#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "core/welter/welter_fast_conway.h"
#include "core/welter/welter_fast_inverse.h"
#include "core/welter/welter_naive.h"
#include "core/welter/welter_relations.h"
#include "core/welter/welter_start.h"
#include "igv_build_info.h"
#include "properties/base/checker.h"
#include "properties/base/claims_file.h"
#include "properties/base/runner.h"
#include "properties/welter/welter_properties.h"
#include "reports/welter/welter_svg.h"
#include "tests/base/claim_schema_checks.h"

using namespace igv;

BOOST_AUTO_TEST_SUITE(welter_kernels, *boost::unit_test::label("welter"))

BOOST_AUTO_TEST_CASE(two_coins_are_xor_minus_one_and_single_coins_are_themselves) {
  WelterNaive naive;
  for (std::int64_t a = 0; a < 12; ++a) {
    BOOST_TEST(naive.value({a}) == a);
    for (std::int64_t b = a + 1; b < 12; ++b) BOOST_TEST(naive.value({a, b}) == (a ^ b) - 1);
  }
  BOOST_TEST(naive.value({}) == 0);
}

BOOST_AUTO_TEST_CASE(every_route_agrees_on_every_subset_of_a_small_strip) {
  WelterNaive naive;
  const auto game = make_game("welter");
  for (const auto& p : game->domain(11)) {
    const WelterCoins coins(p.begin(), p.end());
    const Value v = naive.value(coins);
    BOOST_TEST_REQUIRE(welter_value_conway(coins) == v);
    BOOST_TEST_REQUIRE(welter_value_conway_as_printed(coins) == v);
    BOOST_TEST_REQUIRE(welter_value_by_relations(coins) == v);
    BOOST_TEST_REQUIRE((welter_winning_moves_inverse(coins) == naive.winning_moves(coins)));
  }
}

BOOST_AUTO_TEST_CASE(zero_partners_are_the_unique_free_squares_of_value_zero) {
  // Brute force over every free square below 2^(bits+1), the partner's bound.
  for (const WelterCoins& coins : {WelterCoins{1, 8, 9, 14, 15}, WelterCoins{1, 3, 6, 10},
                                   WelterCoins{0, 2, 5}, WelterCoins{3, 4, 7, 12, 13, 20}}) {
    const auto partners = welter_zero_partners(coins);
    for (std::size_t i = 0; i < coins.size(); ++i) {
      std::vector<std::int64_t> zeros;
      for (std::int64_t y = 0; y < 64; ++y) {
        if (y != coins[i] && std::binary_search(coins.begin(), coins.end(), y)) continue;
        WelterCoins q;
        for (auto c : coins)
          if (c != coins[i]) q.push_back(c);
        q.insert(std::lower_bound(q.begin(), q.end(), y), y);
        if (welter_value_conway(q) == 0) zeros.push_back(y);
      }
      BOOST_TEST_REQUIRE(zeros.size() == 1U);
      BOOST_TEST(partners[i] == zeros.front());
    }
  }
}

BOOST_AUTO_TEST_CASE(document_conventions_of_sum_and_mate) {
  BOOST_TEST(welter_sum_as_printed(0, -1) == -1);
  BOOST_TEST(welter_sum_as_printed(-1, 0) == -1);
  BOOST_TEST(welter_sum_as_printed(5, 3) == 6);
  BOOST_TEST(welter_mate_as_printed(5, 3) == 5);
  BOOST_CHECK_THROW(welter_sum_as_printed(-1, 2), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(starting_values_by_the_reconstructed_digits_match_the_direct_ones) {
  for (std::int64_t n = 0; n <= 600; ++n)
    BOOST_TEST_REQUIRE(welter_start_value_by_digits(n) == welter_start_value(n));
  BOOST_TEST(welter_start_value(7) == 8);
  // The printed recursion fails first at n = 3 (the '11' case): 2^1 + w(0) = 2, but w(3) = 4.
  const auto rhs =
      welter_start_recursion_as_printed(3, [](std::int64_t m) { return welter_start_value(m); });
  BOOST_TEST(rhs.value() == 2);
  BOOST_TEST(welter_start_value(3) == 4);
  BOOST_TEST(
      !welter_start_recursion_as_printed(1, [](std::int64_t) { return Value{0}; }).has_value());
}

BOOST_AUTO_TEST_CASE(registered_kernels_agree_with_the_reference) {
  const auto game = make_game("welter");
  const auto positions = game->domain(9);
  const auto ks = kernels("welter");
  BOOST_TEST_REQUIRE(ks.size() == 4U);
  BOOST_TEST(ks.front()->reference);
  const auto reference = ks.front()->values(*game, positions);
  for (const Kernel* k : ks) BOOST_TEST((k->values(*game, positions) == reference), k->name);
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const std::vector<Position> one{game->sample(seed, 40)};
    const auto v = find_kernel("welter", "conway").values(*game, one);
    BOOST_TEST((find_kernel("welter", "relations").values(*game, one) == v));
    BOOST_TEST((find_kernel("welter", "conway-as-printed").values(*game, one) == v));
  }
}

BOOST_AUTO_TEST_CASE(value_json_lists_value_and_every_winning_move) {
  const auto game = make_game("welter");
  const auto j = game->value(game->parse_position("10,6,3,1"));
  BOOST_TEST(*j.value == 10);
  BOOST_TEST(j.position == "1,3,6,10");
  BOOST_TEST(*j.winning_moves == std::vector<std::string>{"1,3,4,6"});
  BOOST_TEST(j.details.at("cross_check").at("winning_moves_agree").get<bool>());
  const auto k = game->value(game->parse_position("4..6"));
  BOOST_TEST((*k.winning_moves == std::vector<std::string>{"0,5,6", "1,4,6", "2,4,5"}));
}

BOOST_AUTO_TEST_CASE(bad_positions_throw_input_errors) {
  const auto game = make_game("welter");
  BOOST_CHECK_THROW(game->parse_position("1,3,3"), InputError);
  BOOST_CHECK_THROW(game->parse_position("1,-2"), InputError);
  BOOST_CHECK_THROW(game->parse_position("1,x"), InputError);
  BOOST_CHECK_THROW(game->parse_position("0..5,5"), InputError);
  BOOST_CHECK_THROW(make_game("welter:3"), InputError);
  BOOST_CHECK_THROW(game->domain(40), InputError);
  try {
    (void)game->parse_position("2,7,2");
    BOOST_FAIL("repeated coin accepted");
  } catch (const InputError& e) {
    BOOST_TEST(std::string(e.what()).find("2 appears more than once") != std::string::npos);
  }
  const auto file = std::filesystem::temp_directory_path() / "welter_test_position.txt";
  std::ofstream(file) << "1 3\n6,10\n";
  BOOST_TEST((game->parse_position("@" + file.string()) == Position{1, 3, 6, 10}));
  std::filesystem::remove(file);
}

BOOST_AUTO_TEST_CASE(naive_refuses_positions_beyond_its_budget) {
  WelterNaive naive(1000);
  BOOST_CHECK_THROW(naive.value(welter_block(20, 30)), BudgetExceeded);
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
// RapidCheck: the theorems as properties.
// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(welter_properties, *boost::unit_test::label("welter"))

RC_BOOST_PROP(routes_agree_on_small_positions, ()) {
  prop_welter_routes_agree(*welter_gen_position(8, 18));
}
RC_BOOST_PROP(routes_agree_on_large_positions, ()) {
  prop_welter_routes_agree(*welter_gen_position(300, std::int64_t{1} << 40));
}
RC_BOOST_PROP(inverse_moves_equal_trial_moves, ()) {
  prop_welter_moves_agree(*welter_gen_position(8, 18));
}
RC_BOOST_PROP(inverse_moves_equal_trial_moves_larger, ()) {
  prop_welter_moves_agree(*welter_gen_position(25, 300));
}
RC_BOOST_PROP(relation_zero_coin, ()) {
  prop_welter_relation_zero(*welter_gen_position(200, std::int64_t{1} << 40));
}
RC_BOOST_PROP(relation_translate_even, ()) {
  prop_welter_relation_translate(*welter_gen_position(200, std::int64_t{1} << 40, CoinParity::even),
                                 *rc::gen::inRange<Value>(0, std::int64_t{1} << 40));
}
RC_BOOST_PROP(relation_translate_odd, ()) {
  prop_welter_relation_translate(*welter_gen_position(200, std::int64_t{1} << 40, CoinParity::odd),
                                 *rc::gen::inRange<Value>(0, std::int64_t{1} << 40));
}
RC_BOOST_PROP(relations_small_naive, ()) {
  prop_welter_relation_translate(*welter_gen_position(6, 16), *rc::gen::inRange<Value>(0, 16));
  prop_welter_relation_zero(*welter_gen_position(6, 14));
}
RC_BOOST_PROP(start_recursion_reconstructed, ()) {
  prop_welter_start_recursion(*rc::gen::inRange<std::int64_t>(0, 1 << 16));
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------------------------
// Pictures and claims.
// ---------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(welter_outputs, *boost::unit_test::label("welter"))

BOOST_AUTO_TEST_CASE(pictures_are_written_and_well_formed) {
  const auto dir = std::filesystem::temp_directory_path() / "welter_pictures_test";
  std::filesystem::remove_all(dir);
  write_welter_pictures(dir.string());
  for (const char* name : {"welter_w_fractal.svg", "welter_pair_values.svg"}) {
    const auto path = dir / name;
    BOOST_TEST_REQUIRE(std::filesystem::exists(path), name);
    BOOST_TEST(std::filesystem::file_size(path) > 1000U);
    // Well-formed XML, checked by Python's parser when Python is there.
    const std::string cmd =
        "python3 -c \"import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])\" '" +
        path.string() + "' 2>/dev/null";
    if (std::system("python3 -c 'import xml.dom.minidom' 2>/dev/null") == 0) {
      BOOST_TEST(std::system(cmd.c_str()) == 0, name);
    }
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    BOOST_TEST(text.str().find("<svg") != std::string::npos);
    BOOST_TEST(text.str().find("</svg>") != std::string::npos);
  }
  // 2047 points, one per n; 64·64 − 64 cells.
  const std::string fractal = welter_fractal_svg(2047);
  std::size_t circles = 0;
  for (auto at = fractal.find("<circle"); at != std::string::npos;
       at = fractal.find("<circle", at + 1))
    ++circles;
  BOOST_TEST(circles == 2047U);
  std::filesystem::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(every_claim_of_the_document_gets_its_expected_verdict) {
  const auto all = load_claims_file(std::string(IGV_SOURCE_DIR) +
                                    "/properties/claims/002_ae6d722b5ea2de0c.toml");
  RunOptions options;
  options.random_cases = 200;
  std::size_t welter_claims = 0;
  for (const Claim& c : all) {
    if (c.id.rfind("welter.", 0) != 0) continue;
    ++welter_claims;
    const ClaimResult r = run_claim(c, options);
    BOOST_TEST_MESSAGE(c.id << ": " << to_string(r.outcome.verdict) << " in " << r.seconds
                            << " s: " << r.outcome.summary);
    BOOST_TEST((r.outcome.verdict == c.expected_verdict),
               c.id << ": " << to_string(r.outcome.verdict) << " (" << r.outcome.summary << ")");
  }
  BOOST_TEST(welter_claims >= 20U);
}

BOOST_AUTO_TEST_CASE(checkers_refute_wrong_printed_values) {
  // A checker that could not fail would be worthless: feed it wrong printed values.
  Claim c;
  c.id = "welter.test.wrong";
  c.checker = "welter.position_value";
  c.params = {{"position", "1,3,6,10"}};
  c.asserted = {{"value", 10}, {"winning_moves", {"1,3,5,6"}}};
  CheckContext ctx;
  BOOST_TEST((find_checker("welter.position_value")->fn(c, ctx).verdict == Verdict::refuted));
  c.asserted = {{"value", 11}};
  BOOST_TEST((find_checker("welter.position_value")->fn(c, ctx).verdict == Verdict::refuted));
  Claim s;
  s.id = "welter.test.sequence";
  s.checker = "welter.start_values";
  s.asserted = {2, 6, 4, 12, 14, 10, 8, 24, 26, 30, 29};
  const Outcome o = find_checker("welter.start_values")->fn(s, ctx);
  BOOST_TEST((o.verdict == Verdict::refuted));
  BOOST_TEST(o.counterexample().at("index").get<int>() == 11);
}

BOOST_AUTO_TEST_SUITE_END()

// ------------------------------------------------------------------------------------------------
// Schemas (issue 12): every welter.* checker declares its parameters and asserted value; bad
// parameters do not load; stated domains are checked whole; the asserted statement is decided.
// ------------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_SUITE(welter_schemas, *boost::unit_test::label("welter"))

using namespace igv::schema_checks;

BOOST_AUTO_TEST_CASE(every_checker_is_declared_and_its_example_loads) {
  const auto list = checkers_with_prefix("welter.");
  BOOST_TEST(list.size() == 13U);
  require_declared_examples_and_misspellings(list);
}

BOOST_AUTO_TEST_CASE(bad_parameters_do_not_load) {
  require_load_error(one_claim("welter.relation_zero", "{ exhaustive_max_square = 40 }"),
                     {"t.claim", "exhaustive_max_square"});
  require_load_error(one_claim("welter.relation_zero", "{ exhaustive_max_sqaure = 4 }"),
                     {"t.claim", "exhaustive_max_sqaure", "exhaustive_max_square"});
  require_load_error(one_claim("welter.routes_agree", R"({ route = "trie" })"),
                     {"t.claim", "route"});
  require_load_error(
      one_claim("welter.block_values", R"({ family = "middle" })", "{ value_even = 0 }"),
      {"t.claim", "family"});
  require_load_error(one_claim("welter.block_values", R"({ family = "lower", value_even = 0 })",
                               "{ value_odd = 1 }"),
                     {"t.claim", "value_even"});  // the statement is the asserted value now
  require_load_error(
      one_claim("welter.position_value", R"({ position = "1,3,6,10" })", "{ value = \"ten\" }"),
      {"t.claim", "asserted.value"});
  require_load_error(one_claim("welter.start_recursion", R"({ form = "as printed" })"),
                     {"t.claim", "form"});
  // An asserted table stating nothing loads (every key is optional) but cannot be decided.
  const Claim empty = load_one("welter.block_values", R"({ family = "lower" })", "{ }");
  BOOST_CHECK_THROW(find_checker("welter.block_values")->fn(empty, CheckContext{}), InputError);
}

BOOST_AUTO_TEST_CASE(block_values_decide_the_asserted_values) {
  CheckContext ctx;
  const auto run = [&](const std::string& asserted) {
    return find_checker("welter.block_values")
        ->fn(load_one("welter.block_values", R"({ family = "lower", max_n = 64 })", asserted), ctx);
  };
  BOOST_TEST(to_string(run("{ value_even = 0, value_odd = 1 }").verdict) == "verified");
  const Outcome wrong_even = run("{ value_even = 1, value_odd = 1 }");
  BOOST_TEST(to_string(wrong_even.verdict) == "refuted");
  BOOST_TEST(wrong_even.counterexample()["n"] == 2);  // the least even n
  const Outcome wrong_odd = run("{ value_even = 0, value_odd = 2 }");
  BOOST_TEST(to_string(wrong_odd.verdict) == "refuted");
  BOOST_TEST(wrong_odd.counterexample()["n"] == 1);
}

BOOST_AUTO_TEST_CASE(stated_domains_are_checked_whole) {
  CheckContext ctx;
  ctx.budget = 0.1;
  const auto cases = [&](const std::string& params) {
    const Claim c = load_one("welter.block_values", params, "{ value_even = 0, value_odd = 1 }");
    return find_checker("welter.block_values")->fn(c, ctx).evidence["cases"];
  };
  BOOST_TEST(cases(R"({ family = "lower", max_n = 300 })") == 300);
  BOOST_TEST(cases(R"({ family = "lower" })") == 204);  // the default 2048, scaled by 0.1
}

BOOST_AUTO_TEST_SUITE_END()
