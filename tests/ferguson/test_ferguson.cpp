// Tests of the Ferguson module (004_2d19be0a5059ae39): kernels agree with the naive reference,
// the §1.3 labelling satisfies its characteristic property and rejects corrupted labellings,
// bad input is refused, and every ferguson.* claim gets its expected verdict.
#include <rapidcheck/boost_test.h>

#include <boost/test/unit_test.hpp>
#include <fstream>
#include <sstream>

#include "core/errors.h"
#include "core/ferguson_chomp.h"
#include "core/ferguson_dynamic.h"
#include "core/ferguson_empty_divide.h"
#include "core/ferguson_labelling.h"
#include "core/ferguson_sos.h"
#include "core/ferguson_thirteen.h"
#include "core/game_family.h"
#include "core/kernel_registry.h"
#include "properties/claims_file.h"
#include "properties/ferguson_labelling_checks.h"
#include "properties/random_games.h"
#include "properties/runner.h"

using namespace igv;

BOOST_AUTO_TEST_SUITE(ferguson, *boost::unit_test::label("ferguson"))

// ------------------------------------------------------------------------------------------------
// Kernels
// ------------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_CASE(every_kernel_agrees_with_the_reference) {
  const std::vector<std::pair<std::string, std::int64_t>> games{
      {"thirteen", 40},      {"empty-and-divide", 64},
      {"chomp", 5},          {"dynamic-subtraction", 60},
      {"fibonacci-nim", 60}, {"sos:7", 0}};
  for (const auto& [spec, size] : games) {
    const auto game = make_game(spec);
    const auto positions = game->domain(size);
    BOOST_TEST_REQUIRE(!positions.empty());
    const std::string family = spec.substr(0, spec.find(':'));
    const auto all = kernels(family);
    BOOST_TEST_REQUIRE(all.size() >= 2u);
    BOOST_TEST_REQUIRE(all.front()->reference);
    const auto reference = all.front()->values(*game, positions);
    for (const auto* k : all) {
      const auto got = k->values(*game, positions);
      BOOST_TEST_INFO(spec << " kernel " << k->name);
      BOOST_TEST(got == reference, boost::test_tools::per_element());
    }
  }
}

BOOST_AUTO_TEST_CASE(sos_table_and_naive_agree_on_every_board_up_to_8) {
  for (int n = 1; n <= 8; ++n) {
    const SosTable table(n);
    SosNaiveSolver naive;
    const auto game = make_game("sos:" + std::to_string(n));
    for (const auto& p : game->domain(0)) {
      const SosBoard b = game->format_position(p);
      BOOST_TEST_INFO(b);
      BOOST_TEST(table.outcome(b) == naive.outcome(b));
    }
  }
}

BOOST_AUTO_TEST_CASE(sos_rules_small_cases) {
  // "S-S": either letter in the middle... only O completes SOS.
  BOOST_TEST(sos_move_completes("S-S", 1, 'O'));
  BOOST_TEST(!sos_move_completes("S-S", 1, 'S'));
  // A full board without SOS is a draw.
  BOOST_TEST(SosNaiveSolver{}.outcome("SSS") == SosOutcome::draw);
  // S--S: whatever the mover writes in a middle square, the opponent completes SOS.
  BOOST_TEST(SosNaiveSolver{}.outcome("S--S") == SosOutcome::loss);
}

BOOST_AUTO_TEST_CASE(closed_forms_agree_with_the_dynamic_tables) {
  const DynamicSubtractionTable a(DynamicRule::at_most_previous, 300),
      b(DynamicRule::at_most_twice_previous, 300);
  for (std::int64_t h = 0; h <= 300; ++h) {
    for (std::int64_t k = 0; k <= h; ++k) {
      BOOST_TEST((a.value(h, k) == 0) == dynamic_a_is_p_closed_form(h, k));
      BOOST_TEST((b.value(h, k) == 0) == fibonacci_nim_is_p_closed_form(h, k));
    }
  }
  BOOST_TEST(zeckendorf_greedy(43) == (std::vector<std::int64_t>{34, 8, 1}));
  BOOST_TEST(count_nonadjacent_fibonacci_representations(43) == 1);
  BOOST_TEST(largest_power_of_two_dividing(44) == 4);
}

BOOST_AUTO_TEST_CASE(thirteen_strategy_of_exercise_2_breaks_at_28) {
  const auto play = thirteen_play_subtraction_strategy_vs_fours();
  BOOST_TEST_REQUIRE(play.strategy_broke);
  BOOST_TEST(thirteen_total(play.position_at_break) == 28);
  BOOST_TEST(play.needed_card == 3);
  BOOST_TEST(play.exact_value_at_break == 0);
}

BOOST_AUTO_TEST_CASE(chomp_bites_of_the_example) {
  const auto board = chomp_rectangle(8, 3);
  const auto after_first = chomp_bite(board, 6, 2);
  BOOST_TEST(chomp_squares(board) - chomp_squares(after_first) == 6);
  const auto after_second = chomp_bite(after_first, 2, 3);
  BOOST_TEST(chomp_squares(after_first) - chomp_squares(after_second) == 4);
  BOOST_TEST(after_second == (ChompRules::Position{8, 5, 1}));
  const ChompBoxTable values(4, 6), outcomes(4, 6, true);
  NaiveSolver<ChompRules> naive;
  for (const auto& p : make_game("chomp")->domain(4)) {
    if (p.front() > 6) continue;
    BOOST_TEST(values.value(p) == naive.value(p));
    BOOST_TEST((outcomes.value(p) == 0) == (naive.value(p) == 0));
  }
}

// ------------------------------------------------------------------------------------------------
// §1.3 labelling
// ------------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_CASE(labelling_satisfies_the_characteristic_property_on_all_games_of_5_nodes) {
  for (int n = 1; n <= 5; ++n) {
    for (const auto& g : all_game_graphs(n)) {
      for (auto convention : {PlayConvention::normal, PlayConvention::misere}) {
        const auto failure = labelling_failure(g, convention, true);
        BOOST_TEST_INFO(g.describe());
        BOOST_TEST(!failure.has_value());
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(corrupted_labellings_are_rejected) {
  // Every single flipped label of a correct labelling breaks (1), (2) or (3).
  for (const auto& g : all_game_graphs(4)) {
    for (auto convention : {PlayConvention::normal, PlayConvention::misere}) {
      const auto labels = label_positions(g.options, convention);
      for (std::size_t i = 0; i < labels.size(); ++i) {
        auto corrupted = labels;
        corrupted[i] = corrupted[i] == PnLabel::P ? PnLabel::N : PnLabel::P;
        BOOST_TEST(characteristic_property_violation(g.options, corrupted, convention).has_value());
      }
      auto unlabelled = labels;
      unlabelled.back() = PnLabel::unlabelled;
      BOOST_TEST(characteristic_property_violation(g.options, unlabelled, convention).has_value());
    }
  }
}

BOOST_AUTO_TEST_CASE(labelling_leaves_cycles_unlabelled) {
  // 0 <-> 1 with no way out: play may go on for ever, so Steps 1-4 label neither.
  const GameOptions cycle{{1}, {0}};
  const auto labels = label_positions(cycle, PlayConvention::normal);
  BOOST_TEST((labels[0] == PnLabel::unlabelled && labels[1] == PnLabel::unlabelled));
  // A terminal node reachable from the cycle: 2 -> 0 (terminal) makes 2 N.
  const GameOptions with_exit{{}, {2}, {1, 0}};
  const auto l2 = label_positions(with_exit, PlayConvention::normal);
  BOOST_TEST((l2[0] == PnLabel::P && l2[2] == PnLabel::N && l2[1] == PnLabel::P));
  BOOST_CHECK_THROW(label_positions(GameOptions{{5}}, PlayConvention::normal), InputError);
}

RC_BOOST_PROP(labelling_characteristic_normal_random, ()) {
  prop_labelling_characteristic(*random_game_graph(20), PlayConvention::normal);
}
RC_BOOST_PROP(labelling_characteristic_misere_random, ()) {
  prop_labelling_characteristic(*random_game_graph(20), PlayConvention::misere);
}
RC_BOOST_PROP(labelling_value_zero_iff_p_random, ()) {
  prop_labelling_value_zero_iff_p(*random_game_graph(20));
}

// ------------------------------------------------------------------------------------------------
// Input
// ------------------------------------------------------------------------------------------------
BOOST_AUTO_TEST_CASE(bad_positions_are_refused) {
  const auto chomp = make_game("chomp");
  BOOST_CHECK_THROW((void)chomp->parse_position("3,5"), InputError);
  BOOST_CHECK_THROW((void)chomp->parse_position("0x3"), InputError);
  BOOST_CHECK_THROW((void)chomp->parse_position("8,0"), InputError);
  BOOST_TEST(chomp->parse_position("8x3") == (Position{8, 8, 8}));
  const auto thirteen = make_game("thirteen");
  BOOST_CHECK_THROW((void)thirteen->parse_position("7"), InputError);
  BOOST_CHECK_THROW((void)thirteen->parse_position("3,3,3,3,3"), InputError);
  BOOST_CHECK_THROW((void)thirteen->parse_position("6,6,6,6,5,5"), InputError);
  BOOST_CHECK_THROW((void)make_game("empty-and-divide")->parse_position("0,3"), InputError);
  BOOST_CHECK_THROW((void)make_game("empty-and-divide")->parse_position("3"), InputError);
  BOOST_CHECK_THROW((void)make_game("dynamic-subtraction")->parse_position("0"), InputError);
  BOOST_CHECK_THROW((void)make_game("fibonacci-nim")->parse_position("5,-1"), InputError);
  BOOST_CHECK_THROW((void)make_game("sos"), InputError);
  BOOST_CHECK_THROW((void)make_game("sos:0"), InputError);
  BOOST_CHECK_THROW((void)make_game("sos:x"), InputError);
  BOOST_CHECK_THROW((void)make_game("sos:4")->parse_position("S-X-"), InputError);
  BOOST_CHECK_THROW((void)make_game("sos:4")->parse_position("SOS-"), InputError);
  BOOST_CHECK_THROW((void)make_game("sos:4")->parse_position("S--"), InputError);
  BOOST_CHECK_THROW((void)make_game("thirteen:1"), InputError);
}

BOOST_AUTO_TEST_CASE(verify_value_reports) {
  const auto chomp = make_game("chomp");
  const auto v = chomp->value(chomp->parse_position("8,5,1"));
  BOOST_TEST(v.at("winning_moves").size() == 1u);
  BOOST_TEST(v.at("winning_moves")[0].get<std::string>() == "2,2,1");
  const auto sos = make_game("sos:4");
  BOOST_TEST(sos->value(sos->parse_position("S---")).at("outcome").get<std::string>() == "win");
  const auto fib = make_game("fibonacci-nim");
  BOOST_TEST(fib->value(fib->parse_position("43")).at("winning_takes") ==
             nlohmann::json::array({1, 9}));
  const auto thirteen = make_game("thirteen");
  BOOST_TEST(thirteen->value(thirteen->parse_position("start")).at("value").get<Value>() != 0);
}

// ------------------------------------------------------------------------------------------------
// Claims: each ferguson.* claim gets its expected verdict (a quick budget keeps this test short;
// `verify run 'ferguson.*'` runs the default budget).
// ------------------------------------------------------------------------------------------------
/// The claims of this module: the "(Ferguson issue)" section of the document's claims file (the
/// other section names checkers of another module, which this test program does not link).
std::vector<Claim> ferguson_section_claims() {
  const std::string path =
      std::string(IGV_SOURCE_DIR) + "/properties/claims/004_2d19be0a5059ae39.toml";
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  const std::string all = text.str();
  const auto marker = all.find("(Ferguson issue)");
  BOOST_TEST_REQUIRE(marker != std::string::npos);
  auto start = all.find('\n', marker);
  auto end = all.find("\n# ---", start);  // the next section, if another one follows
  const std::string section =
      all.substr(start, end == std::string::npos ? std::string::npos : end - start);
  const std::string header =
      "[document]\nid = \"004_2d19be0a5059ae39\"\n"
      "title = \"Ferguson, Game Theory Part I: impartial games (Chinese)\"\n";
  return parse_claims(header + section, path + " (Ferguson section)");
}

BOOST_AUTO_TEST_CASE(every_ferguson_claim_has_its_expected_verdict) {
  const auto mine = ferguson_section_claims();
  BOOST_TEST_REQUIRE(mine.size() >= 20u);
  RunOptions options;
  options.budget = 0.3;
  options.random_cases = 200;
  for (const auto& claim : mine) {
    const auto result = run_claim(claim, options);
    BOOST_TEST_INFO(claim.id << ": " << result.outcome.summary);
    BOOST_TEST(to_string(result.outcome.verdict) == to_string(claim.expected_verdict));
  }
}

BOOST_AUTO_TEST_SUITE_END()
