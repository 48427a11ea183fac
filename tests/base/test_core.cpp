// Tests of core/: the primitives, the naive solver, positions, game graphs, Nim and the rook game.
#include <rapidcheck/boost_test.h>

#include <boost/test/unit_test.hpp>
#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>
#include <utility>

#include "core/base/game_family.h"
#include "core/base/game_graph.h"
#include "core/base/kernel_registry.h"
#include "core/base/naive_solver.h"
#include "core/base/nim.h"
#include "core/base/polyhash.h"
#include "core/base/trusted/errors.h"
#include "core/base/trusted/json_input.h"
#include "core/base/trusted/position.h"
#include "core/base/trusted/primitives.h"

using namespace igv;

BOOST_AUTO_TEST_SUITE(primitives)

BOOST_AUTO_TEST_CASE(mex_of_lists) {
  BOOST_TEST(mex(std::vector<Value>{}) == 0);
  BOOST_TEST(mex(std::vector<Value>{1, 2, 3}) == 0);
  BOOST_TEST(mex(std::vector<Value>{0, 1, 3}) == 2);
  BOOST_TEST(mex(std::vector<Value>{3, 0, 2, 1}) == 4);
  BOOST_TEST(mex(std::vector<Value>{0, 0, 0}) == 1);
  // g(0,0) = -1 of Frolov's G2 is ignored by mex.
  BOOST_TEST(mex(std::vector<Value>{-1, 0}) == 1);
}

RC_BOOST_PROP(mexset_equals_mex, (const std::vector<std::uint16_t>& raw)) {
  std::vector<Value> values(raw.begin(), raw.end());
  MexSet set;
  for (int round = 0; round < 2; ++round) {  // the second round checks clear()
    set.clear();
    for (auto v : values) set.add(v);
    RC_ASSERT(set.mex() == mex(values));
  }
}

BOOST_AUTO_TEST_CASE(nim_sum_is_xor) {
  BOOST_TEST(nim_sum(5, 3) == 6);
  BOOST_TEST(nim_sum(7, 7) == 0);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(polynomial_hash)

RC_BOOST_PROP(mod61_arithmetic_matches_the_definition, (std::uint64_t a0, std::uint64_t b0)) {
  // Against 128-bit arithmetic done the slow way, on random operands below p.
  const std::uint64_t a = a0 % kMersenne61, b = b0 % kMersenne61;
  const auto product = static_cast<Uint128>(a) * b;
  RC_ASSERT(mul_mod61(a, b) == static_cast<std::uint64_t>(product % kMersenne61));
  RC_ASSERT(add_mod61(a, b) == (a + b) % kMersenne61);
  RC_ASSERT(sub_mod61(a, b) == (a + kMersenne61 - b) % kMersenne61);
}

BOOST_AUTO_TEST_CASE(mod61_corner_cases) {
  BOOST_TEST(pow_mod61(3, kMersenne61 - 1) == 1U);  // Fermat: p is prime
  BOOST_TEST(mul_mod61(kMersenne61 - 1, kMersenne61 - 1) == 1U);
}

// For blocks of up to 10 symbols over 3 letters and every split u + v, the hash test says
// "differs" whenever the rotation differs (a random base: a collision is below 10 / 2^61), and
// never when it is equal (that direction is exact).
RC_BOOST_PROP(a_rotation_is_told_apart_exactly_when_it_differs,
              (const std::vector<std::int8_t>& raw, std::uint64_t base0)) {
  {
    std::vector<std::int8_t> b;
    for (auto x : raw) b.push_back(static_cast<std::int8_t>(((x % 3) + 3) % 3));
    RC_PRE(b.size() >= 2U && b.size() <= 10U);
    const std::uint64_t x = base0 % (kMersenne61 - 3) + 2;
    std::uint64_t h = 0;
    std::vector<std::uint64_t> prefix{0};
    for (auto c : b) prefix.push_back(h = horner61(h, x, c));
    for (std::size_t u = 1; u < b.size(); ++u) {
      std::vector<std::int8_t> r(b.begin() + static_cast<std::ptrdiff_t>(u), b.end());
      r.insert(r.end(), b.begin(), b.begin() + static_cast<std::ptrdiff_t>(u));
      const bool differs = rotation_differs61(prefix[u], h, x, u, b.size() - u);
      if (r == b)
        RC_ASSERT(!differs);
      else
        RC_ASSERT(differs);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(positions)

BOOST_AUTO_TEST_CASE(integer_lists_and_ranges) {
  BOOST_TEST(parse_int_list("1,3,6,10", "p") == (Position{1, 3, 6, 10}));
  BOOST_TEST(parse_int_list("0,5..9,12", "p") == (Position{0, 5, 6, 7, 8, 9, 12}));
  BOOST_TEST(parse_int_list("", "p").empty());
  BOOST_TEST(parse_int_list("-1,+2", "p") == (Position{-1, 2}));
  BOOST_TEST(format_int_list({0, 5, 6, 7, 8, 9, 12}) == "0,5..9,12");
  BOOST_TEST(format_int_list({1, 2, 3}) == "1,2,3");
}

BOOST_AUTO_TEST_CASE(the_strict_json_reader_reads_one_way_only) {
  // Every file the harness reads as JSON: what another reader could read otherwise is refused
  // (core/CERTIFICATES.md, "What a certificate file must be"; issue 27).
  const auto refused = [](const std::string& text) {
    try {
      (void)igv::parse_json_strict(text, "input");
      return false;
    } catch (const igv::InputError&) {
      return true;
    }
  };
  BOOST_TEST(!refused(R"({"a": 1, "b": "\u00e9 \ud83d\ude00", "c": [1.5]})"));
  BOOST_TEST(refused(R"({"a": 1, "a": 1})"));     // a key twice, even with equal values
  BOOST_TEST(refused("\xEF\xBB\xBF{\"a\": 1}"));  // a byte order mark
  BOOST_TEST(refused(std::string("{\"a\": 1}\0{\"a\": 2}", 17)));  // a NUL byte
  BOOST_TEST(refused(R"({"a": "\ud800"})"));                       // a lone surrogate
  BOOST_TEST(refused("{\"a\": \"\xFF\"}"));                        // not UTF-8
  BOOST_TEST(refused("{\"a\": NaN}"));
  BOOST_TEST(refused("{\"a\": 1e400}"));
  BOOST_TEST(!refused(std::string(128, '[') + std::string(128, ']')));
  BOOST_TEST(refused(std::string(129, '[') + std::string(129, ']')));
}

BOOST_AUTO_TEST_CASE(malformed_lists_are_input_errors) {
  for (const char* bad :
       {"1,,2", "a", "1,2,", "3..1", "1..", "..4", "1.5", "99999999999999999999"}) {
    BOOST_CHECK_THROW(parse_int_list(bad, "p"), InputError);
  }
  BOOST_CHECK_THROW(parse_int_list("0..1000", "p", 100), InputError);
  BOOST_CHECK_THROW(parse_int_list("@/nonexistent/file", "p"), InputError);
}

BOOST_AUTO_TEST_CASE(positions_from_files) {
  const std::string path = "test_core_position.txt";
  {
    std::ofstream out(path);
    out << "1 2\n5..7\n";
  }
  BOOST_TEST(parse_int_list("@" + path, "p") == (Position{1, 2, 5, 6, 7}));
  std::remove(path.c_str());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(solver)

BOOST_AUTO_TEST_CASE(values_of_a_small_graph) {
  // 0 terminal; 1 -> 0; 2 -> 0,1; 3 -> 1; 4 -> 2,3
  GameGraph g;
  g.options = {{}, {0}, {0, 1}, {1}, {2, 3}};
  NaiveSolver<GraphRules> s(GraphRules{&g});
  BOOST_TEST(s.value(0) == 0);
  BOOST_TEST(s.value(1) == 1);
  BOOST_TEST(s.value(2) == 2);
  BOOST_TEST(s.value(3) == 0);
  BOOST_TEST(s.value(4) == 1);
  BOOST_TEST(s.winning_moves(4) == (std::vector<std::uint32_t>{3}));
  BOOST_TEST(s.winning_moves(3).empty());
}

BOOST_AUTO_TEST_CASE(deep_games_do_not_overflow_the_stack) {
  // A path of 200000 nodes: the iterative search must not recurse.
  GameGraph g;
  g.options.resize(200000);
  for (std::uint32_t i = 1; i < g.options.size(); ++i) g.options[i] = {i - 1};
  NaiveSolver<GraphRules> s(GraphRules{&g});
  BOOST_TEST(s.value(199999) == 1);
}

BOOST_AUTO_TEST_CASE(position_limit_is_a_budget_error) {
  NaiveSolver<NimRules> s(NimRules{}, 10);
  BOOST_CHECK_THROW(s.value({5, 5, 5}), BudgetExceeded);
}

BOOST_AUTO_TEST_CASE(graphs_from_rows) {
  const auto g = GameGraph::from_rows({{}, {7}, {3, 4}});
  BOOST_TEST(g.options[1] == (std::vector<std::uint32_t>{0}));
  BOOST_TEST(g.options[2] == (std::vector<std::uint32_t>{1, 0}));
  BOOST_TEST(g.start == 2U);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(nim)

RC_BOOST_PROP(naive_nim_equals_xor, ()) {
  const auto heaps =
      *rc::gen::resize(4, rc::gen::container<Position>(rc::gen::inRange<std::int64_t>(0, 12)));
  NaiveSolver<NimRules> s;
  RC_ASSERT(s.value(heaps) == nim_value_xor(heaps));
  // Winning moves from the value are exactly the options of value 0.
  auto naive_wins = s.winning_moves(heaps);
  auto fast_wins = nim_winning_moves_xor(heaps);
  std::sort(naive_wins.begin(), naive_wins.end());
  std::sort(fast_wins.begin(), fast_wins.end());
  RC_ASSERT(naive_wins == fast_wins);
}

BOOST_AUTO_TEST_CASE(value_json_of_nim_and_rook) {
  const auto nim = make_game("nim");
  const auto j = nim->value(nim->parse_position("3,5,6"));
  BOOST_TEST(*j.value == 0);
  BOOST_TEST(j.winning_moves->empty());
  const auto k = nim->value(nim->parse_position("3,4,5"));
  BOOST_TEST(*k.value == 2);
  BOOST_TEST(*k.winning_moves == std::vector<std::string>{"1,4,5"});
  const auto rook = make_game("rook");
  BOOST_TEST(*rook->value(rook->parse_position("2,3")).value == 1);
}

BOOST_AUTO_TEST_CASE(a_spec_is_cut_at_its_first_colon) {
  const auto parts = [](std::string_view spec) {
    const GameSpec parsed = parse_game_spec(spec);
    return std::make_pair(parsed.family, parsed.argument);
  };
  using Parts = std::pair<std::string, std::string>;
  BOOST_TEST((parts("octal:0.07") == Parts{"octal", "0.07"}));
  BOOST_TEST((parts("nim") == Parts{"nim", ""}));
  BOOST_TEST((parts("nim:") == Parts{"nim", ""}));
  BOOST_TEST((parts(":3") == Parts{"", "3"}));
  BOOST_TEST((parts("rook-misere:9:1") == Parts{"rook-misere", "9:1"}));
  BOOST_TEST((parts("") == Parts{"", ""}));
  // The registry reads the same parts: the family before the colon, the rest to its maker.
  BOOST_TEST(find_game_family("nim:3").name == "nim");
  BOOST_TEST(make_game("rook:")->spec() == make_game("rook")->spec());
}

BOOST_AUTO_TEST_CASE(bad_game_specs_and_positions) {
  BOOST_CHECK_THROW(make_game("no-such-game"), InputError);
  BOOST_CHECK_THROW(make_game("nim:3"), InputError);
  BOOST_CHECK_THROW(make_game("nim")->parse_position("3,-1"), InputError);
  BOOST_CHECK_THROW(make_game("rook")->parse_position("3"), InputError);
}

BOOST_AUTO_TEST_CASE(kernels_agree_with_the_reference_on_their_domain) {
  for (const char* family : {"nim", "rook"}) {
    const auto game = make_game(family);
    const auto domain = game->domain(4);
    const auto ks = kernels(family);
    BOOST_REQUIRE(ks.size() >= 2U);
    BOOST_REQUIRE(ks.front()->reference);
    const auto reference = ks.front()->values(*game, domain);
    for (const auto* k : ks)
      BOOST_TEST(k->values(*game, domain) == reference, family << "/" << k->name);
  }
  BOOST_CHECK_THROW(find_kernel("nim", "nope"), InputError);
}

BOOST_AUTO_TEST_SUITE_END()
