// The family `octal-misere:CODE` (sums of heaps of an octal game in misère play): the rules of
// a sum, the misère terminal rule, the naive search against the bottom-up count table on every
// sum up to a size, the family's positions, JSON, size guards and domain. No published table of
// misère outcomes is encoded here: only kernel agreement and what follows from the rules.
#include <rapidcheck/boost_test.h>

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <chrono>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "core/octal/octal_misere_counts.h"
#include "core/octal/octal_misere_naive.h"
#include "core/octal/octal_misere_rules.h"

using namespace igv;

namespace {

using Heaps = std::vector<std::int64_t>;

/// Every sum of non-empty heaps of `tokens` tokens in all, heaps decreasing.
std::vector<Heaps> sums_of(std::int64_t tokens) {
  std::vector<Heaps> out;
  Heaps current;
  const auto rec = [&](auto&& self, std::int64_t left, std::int64_t largest) -> void {
    if (left == 0) {
      out.push_back(current);
      return;
    }
    for (std::int64_t h = std::min(left, largest); h >= 1; --h) {
      current.push_back(h);
      self(self, left - h, h);
      current.pop_back();
    }
  };
  rec(rec, tokens, tokens);
  return out;
}

const char* const kCodes[] = {"0.07", "0.77", "0.33", "0.137", "4.7",  "0.16",
                              "0.56", "0.6",  "0.4",  "0.71",  "4.07", "0.333"};

}  // namespace

BOOST_AUTO_TEST_SUITE(octal_misere, *boost::unit_test::label("octal"))

BOOST_AUTO_TEST_CASE(moves_of_a_sum_follow_the_octal_rules) {
  const OctalMisereRules kayles{OctalCode::parse("0.77")};
  // A heap of 3 in Kayles: take 1 leaving 2 or 1+1, take 2 leaving 1 (taking 3 is not allowed).
  BOOST_TEST((kayles.moves({3}) == std::vector<Heaps>{{1}, {1, 1}, {2}}));
  BOOST_TEST((kayles.moves({2}) == std::vector<Heaps>{{}, {1}}));
  BOOST_TEST(kayles.moves({}).empty());
  BOOST_TEST(kayles.moves({0, 0}).empty());
  // Moves in one heap only; the other heaps stay; zeros and order do not matter.
  BOOST_TEST((kayles.moves({0, 2, 1}) == std::vector<Heaps>{{1}, {1, 1}, {2}}));
  BOOST_TEST((kayles.moves({1, 2}) == kayles.moves({2, 1})));
  // Dawson's Kayles 0.07: take 2 leaving 0, 1 or 2 heaps.
  const OctalMisereRules dawson{OctalCode::parse("0.07")};
  BOOST_TEST(dawson.moves({1}).empty());
  BOOST_TEST((dawson.moves({1, 2}) == std::vector<Heaps>{{1}}));
  BOOST_TEST((dawson.moves({5}) == std::vector<Heaps>{{1, 2}, {3}}));
  // 4.7: a heap may also split into two without removal.
  const OctalMisereRules split{OctalCode::parse("4.7")};
  BOOST_TEST((split.moves({4}) == std::vector<Heaps>{{1, 2}, {1, 3}, {2, 2}, {3}}));
  // The listing helper visits heaps in the position's order and leaves the others in place.
  std::vector<Heaps> listed;
  for_each_octal_misere_move(kayles.code, {2, 0, 1}, [&](std::size_t j, const HeapOption& o) {
    listed.push_back(octal_misere_after({2, 0, 1}, j, o));
  });
  BOOST_TEST((listed == std::vector<Heaps>{{1, 0, 1}, {0, 1}, {2, 0}}));
}

BOOST_AUTO_TEST_CASE(misere_terminal_rule_and_small_positions) {
  OctalMisereNaiveSolver kayles(OctalCode::parse("0.77"));
  BOOST_TEST(kayles.outcome({}) == kOctalMisereWin);      // no move: the opponent moved last
  BOOST_TEST(kayles.outcome({0, 0}) == kOctalMisereWin);  // the same
  BOOST_TEST(kayles.outcome({1}) == kOctalMisereLoss);    // must take the last token
  BOOST_TEST(kayles.outcome({1, 1}) == kOctalMisereWin);  // leave {1}
  BOOST_TEST(kayles.outcome({1, 1, 1}) == kOctalMisereLoss);
  BOOST_TEST(kayles.outcome({2}) == kOctalMisereWin);  // take 1, leave {1}
  BOOST_TEST(kayles.outcome({3}) == kOctalMisereWin);  // take 2, leave {1}
  BOOST_CHECK_THROW((void)kayles.outcome({-1}), InputError);
  // Dawson's Kayles: a heap of 1 has no move, so the player to move wins.
  OctalMisereNaiveSolver dawson(OctalCode::parse("0.07"));
  BOOST_TEST(dawson.outcome({1}) == kOctalMisereWin);
  BOOST_TEST(dawson.outcome({1, 1, 1, 1}) == kOctalMisereWin);
  BOOST_TEST(dawson.outcome({2}) == kOctalMisereLoss);  // must take both: the last move
  BOOST_TEST(dawson.outcome({3}) == kOctalMisereLoss);  // must leave {1}, where the mover wins
  // A code with no move at all: every position is terminal, a win.
  OctalMisereNaiveSolver none(OctalCode::parse("0.0"));
  BOOST_TEST(none.outcome({5, 7}) == kOctalMisereWin);
}

BOOST_AUTO_TEST_CASE(naive_and_counts_agree_on_every_sum_up_to_18_tokens) {
  for (const char* text : kCodes) {
    const OctalCode code = OctalCode::parse(text);
    OctalMisereNaiveSolver naive(code);
    const OctalMisereCountTable table(code, 18, 18, kOctalMisereMaxTokens);
    std::size_t checked = 0;
    for (std::int64_t t = 0; t <= 18; ++t) {
      for (const auto& p : sums_of(t)) {
        BOOST_TEST_REQUIRE(naive.outcome(p) == table.outcome(p),
                           text << " at " << format_int_list(p));
        ++checked;
      }
    }
    BOOST_TEST(checked == 1597U);  // partitions of 0..18: 1, 1, 2, 3, 5, ..., 385
  }
}

BOOST_AUTO_TEST_CASE(naive_and_counts_agree_on_single_heaps_up_to_the_bound) {
  for (const char* text : {"0.77", "0.07", "0.137"}) {
    const OctalCode code = OctalCode::parse(text);
    OctalMisereNaiveSolver naive(code);
    std::vector<Heaps> ps;
    for (std::int64_t n = 0; n <= kOctalMisereMaxTokens; ++n) ps.push_back({n});
    const auto counts = octal_misere_outcomes_counts(code, ps, kOctalMisereMaxTokens);
    for (std::size_t i = 0; i < ps.size(); ++i) {
      BOOST_TEST_REQUIRE(naive.outcome(ps[i]) == counts[i], text << " heap " << i);
    }
  }
}

RC_BOOST_PROP(naive_and_counts_agree_on_random_sums, ()) {
  const auto digits = *rc::gen::container<std::vector<int>>(*rc::gen::inRange<std::size_t>(1, 5),
                                                            rc::gen::inRange(0, 8));
  std::vector<int> all{*rc::gen::element(0, 4)};
  all.insert(all.end(), digits.begin(), digits.end());
  const OctalCode code = OctalCode::from_digits(all);
  const auto p = *rc::gen::container<Heaps>(*rc::gen::inRange<std::size_t>(0, 5),
                                            rc::gen::inRange<std::int64_t>(0, 7));
  OctalMisereNaiveSolver naive(code);
  const std::vector<Heaps> one{p};
  RC_ASSERT(naive.outcome(p) == octal_misere_outcomes_counts(code, one, 40).at(0));
}

BOOST_AUTO_TEST_CASE(winning_moves_lead_to_p_positions) {
  const auto game = make_game("octal-misere:0.77");
  OctalMisereNaiveSolver naive(OctalCode::parse("0.77"));
  for (std::int64_t t = 0; t <= 10; ++t) {
    for (const auto& p : sums_of(t)) {
      const auto j = game->value(p);
      const auto& moves = *j.winning_moves;
      BOOST_TEST_REQUIRE((*j.outcome == (naive.outcome(p) == 0 ? "P" : "N")));
      // A P-position has no winning move; an N-position has one unless it has no move at all
      // (misère play: the player with no move wins).
      const bool terminal = naive.rules().moves(p).empty();
      BOOST_TEST_REQUIRE((moves.empty() == (naive.outcome(p) == kOctalMisereLoss || terminal)));
      for (const auto& m : moves) {
        BOOST_TEST_REQUIRE(naive.outcome(game->parse_position(m)) == kOctalMisereLoss);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(family_is_registered_with_outcome_values) {
  bool found = false;
  for (const auto* f : game_families()) {
    if (f->name != "octal-misere") continue;
    found = true;
    BOOST_TEST((f->value_kind == ValueKind::outcome));
    BOOST_TEST(f->position_syntax.find("40") != std::string::npos);
    BOOST_TEST(!f->examples.empty());
  }
  BOOST_TEST(found);
  const auto ks = kernels("octal-misere");
  BOOST_TEST_REQUIRE(ks.size() == 2U);
  BOOST_TEST(ks[0]->name == "naive");
  BOOST_TEST(ks[0]->reference);
  BOOST_TEST(ks[1]->name == "counts");
  BOOST_TEST(make_game("octal-misere:.77")->spec() == "octal-misere:0.77");
  BOOST_CHECK_THROW(make_game("octal-misere"), InputError);
  BOOST_CHECK_THROW(make_game("octal-misere:0.8"), InputError);
  BOOST_CHECK_THROW(make_game("octal-misere:77"), InputError);
}

BOOST_AUTO_TEST_CASE(positions_and_size_guards) {
  const auto game = make_game("octal-misere:0.77");
  BOOST_TEST((game->parse_position("3+4") == Position{3, 4}));
  BOOST_TEST((game->parse_position("3,4") == Position{3, 4}));
  BOOST_TEST((game->parse_position("0") == Position{0}));
  BOOST_TEST(game->format_position({3, 0, 4}) == "3+4");
  BOOST_TEST(game->format_position({}) == "0");
  BOOST_TEST((game->parse_position("40") == Position{40}));
  BOOST_TEST((game->parse_position("20+20") == Position{20, 20}));
  const auto start = std::chrono::steady_clock::now();
  for (const char* bad : {"", "x", "-1", "3+-4", "41", "20+21", "1..10",
                          "9223372036854775807+9223372036854775807", "1000000000000"}) {
    BOOST_CHECK_THROW((void)game->parse_position(bad), InputError);
  }
  // The same guard on value() and on the kernels, before any search: at once.
  BOOST_CHECK_THROW((void)game->value({41}), InputError);
  BOOST_CHECK_THROW((void)game->value({1'000'000'000'000'000'000, 1'000'000'000'000'000'000}),
                    InputError);
  const std::vector<Position> big{{30, 11}};
  for (const auto* k : kernels("octal-misere")) {
    BOOST_CHECK_THROW((void)k->values(*game, big), InputError);
  }
  BOOST_CHECK_THROW((void)game->domain(41), InputError);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  BOOST_TEST(seconds < 1.0);
  try {
    (void)game->parse_position("41");
  } catch (const InputError& e) {
    BOOST_TEST(std::string(e.what()).find("at most 40 tokens") != std::string::npos, e.what());
  }
}

BOOST_AUTO_TEST_CASE(value_json) {
  const auto game = make_game("octal-misere:0.77");
  const auto one = game->value({1});
  BOOST_TEST(*one.outcome == "P");
  BOOST_TEST(one.winning_moves->empty());
  BOOST_TEST(one.game == "octal-misere:0.77");
  const auto two = game->value({2});
  BOOST_TEST(*two.outcome == "N");
  BOOST_TEST((*two.winning_moves == std::vector<std::string>{"1"}));
  const auto empty = game->value({});
  BOOST_TEST(*empty.outcome == "N");  // no move: the player to move wins
  BOOST_TEST(empty.position == "0");
  // Limited listing: the count stays, the list is cut; 0 moves asked drops the list.
  const auto all = game->value({5, 7, 9});
  const auto limited = game->value_limited({5, 7, 9}, ValueRequest{1});
  if (*all.outcome == "N") {
    BOOST_TEST(limited.winning_moves->size() <= 1U);
    BOOST_TEST(*limited.winning_moves_count == all.winning_moves->size());
  }
  const auto none = game->value_limited({5, 7, 9}, ValueRequest{0});
  BOOST_TEST(!none.winning_moves.has_value());
  BOOST_TEST((*none.outcome == *all.outcome));
}

BOOST_AUTO_TEST_CASE(domain_and_sample) {
  const auto game = make_game("octal-misere:0.07");
  const auto d = game->domain(5);
  BOOST_TEST(d.size() == 19U);  // partitions of 0..5: 1 + 1 + 2 + 3 + 5 + 7
  BOOST_TEST((d.front() == Position{}));
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const auto p = game->sample(seed, 15);
    std::int64_t tokens = 0;
    for (auto h : p) tokens += h;
    BOOST_TEST_REQUIRE(tokens == 15);
    BOOST_TEST_REQUIRE((p == game->sample(seed, 15)));
  }
  const auto capped = game->sample(1, 1000);
  std::int64_t tokens = 0;
  for (auto h : capped) tokens += h;
  BOOST_TEST(tokens == kOctalMisereMaxTokens);
}

BOOST_AUTO_TEST_CASE(kernels_agree_on_the_family_domain) {
  for (const char* spec : {"octal-misere:0.07", "octal-misere:0.77", "octal-misere:0.33"}) {
    const auto game = make_game(spec);
    const auto d = game->domain(16);
    const auto ks = kernels("octal-misere");
    const auto a = ks[0]->values(*game, d);
    const auto b = ks[1]->values(*game, d);
    BOOST_TEST_REQUIRE(a.size() == d.size());
    BOOST_TEST((a == b), spec);
  }
}

BOOST_AUTO_TEST_SUITE_END()
