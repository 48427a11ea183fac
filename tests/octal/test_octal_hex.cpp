// Hexadecimal games (`hex:CODE`): the code's syntax, the rules' options, the naive kernel
// against the option-set kernel, octal codes read as hexadecimal codes (the same game, so the
// same values as the octal kernels), a few values worked out by hand, `verify value`'s winning
// moves, and no period claimed.
#include <boost/test/unit_test.hpp>
#include <random>

#include "core/base/errors.h"
#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/octal/octal_fast_hex.h"
#include "core/octal/octal_fast_sparse.h"
#include "core/octal/octal_naive.h"
#include "core/octal/octal_rules.h"

using namespace igv;

BOOST_AUTO_TEST_SUITE(octal_hex, *boost::unit_test::label("octal"))

BOOST_AUTO_TEST_CASE(codes_parse_case_insensitively_and_print_canonically) {
  BOOST_TEST(HexCode::parse("0.F").canonical() == "0.F");
  BOOST_TEST(HexCode::parse(".b").canonical() == "0.B");
  BOOST_TEST(HexCode::parse("4.33f").canonical() == "4.33F");
  BOOST_TEST(HexCode::parse("c.1").canonical() == "C.1");
  BOOST_TEST(HexCode::parse("0.F00").canonical() == "0.F");
  BOOST_TEST(HexCode::parse("0.0").canonical() == "0.0");
  BOOST_TEST(HexCode::parse("0.0a").max_removal() == 2);
  BOOST_TEST(make_game("hex:.33f")->spec() == "hex:0.33F");
  for (const char* bad : {"0.G", "1.F", "2.1", "0F", "0.", "", "00.1", "0.1.2", "0.-1"}) {
    BOOST_TEST_CONTEXT(bad) {
      BOOST_CHECK_THROW((void)HexCode::parse(bad), InputError);
    }
  }
  BOOST_CHECK_THROW((void)make_game("hex:"), InputError);
  BOOST_CHECK_THROW((void)HexCode::parse("0." + std::string(HexCode::kMaxDigits + 1, '1')),
                    InputError);
}

BOOST_AUTO_TEST_CASE(options_follow_the_digits) {
  // 0.8: remove one token and leave exactly three non-empty heaps.
  const auto code = HexCode::parse("0.8");
  BOOST_TEST(hex_options(code, 3).empty());
  BOOST_TEST(hex_options(code, 4) == (std::vector<HexHeapOption>{{1, 1, 1}}));
  BOOST_TEST(hex_options(code, 6) == (std::vector<HexHeapOption>{{1, 1, 3}, {1, 2, 2}}));
  // 0.F from a heap of 4: take it (no), leave 3; leave {1,2}; leave {1,1,1}.
  BOOST_TEST(hex_options(HexCode::parse("0.F"), 4) ==
             (std::vector<HexHeapOption>{{3, 0, 0}, {1, 2, 0}, {1, 1, 1}}));
  BOOST_TEST(hex_options(HexCode::parse("0.F"), 1) == (std::vector<HexHeapOption>{{0, 0, 0}}));
  // C.0: split into two or three heaps without removing anything.
  BOOST_TEST(hex_options(HexCode::parse("C.0"), 4) ==
             (std::vector<HexHeapOption>{{1, 3, 0}, {2, 2, 0}, {1, 1, 2}}));
}

BOOST_AUTO_TEST_CASE(values_worked_out_by_hand) {
  // 0.8: heaps 1..3 have no move; 4 -> {1,1,1} (value 0); 5 -> {1,1,2}; 6 -> {1,1,3}, {1,2,2};
  // 7 -> {1,1,4} (value 1), {1,2,3}, {2,2,2} (0): mex {0, 1} = 2.
  const std::vector<Value> g08{0, 0, 0, 0, 1, 1, 1, 2};
  BOOST_TEST(hex_values_naive(HexCode::parse("0.8"), 7) == g08, boost::test_tools::per_element());
  BOOST_TEST(hex_values_fast(HexCode::parse("0.8"), 8) == g08, boost::test_tools::per_element());
  // 0.F: any heap may lose one token and be left as 0..3 heaps. G(1) = 1 (take it), G(2) =
  // mex{G(1)} = 0, G(3) = mex{G(2), G(1)^G(1)} = mex{0} = 1, G(4) = mex{G(3) = 1, G(1)^G(2) = 1,
  // G(1)^G(1)^G(1) = 1} = 0.
  const std::vector<Value> g0f{0, 1, 0, 1, 0};
  BOOST_TEST(hex_values_naive(HexCode::parse("0.F"), 4) == g0f, boost::test_tools::per_element());
  BOOST_TEST(hex_values_fast(HexCode::parse("0.F"), 5) == g0f, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(octal_codes_read_as_hex_codes_have_the_octal_values) {
  std::vector<std::string> codes{"0.07", "0.77", "0.137", "4.7", "0.16", "0.56",
                                 "0.6",  "0.4",  "0.51",  "4.0", "0.3"};
  std::mt19937_64 rng(20261123);
  for (int r = 0; r < 20; ++r) {
    std::string c = rng() % 2 ? "0." : "4.";
    const int len = 1 + static_cast<int>(rng() % 4);
    for (int i = 0; i < len; ++i) c += static_cast<char>('0' + rng() % 8);
    codes.push_back(c);
  }
  for (const auto& c : codes) {
    const auto octal = OctalCode::parse(c);
    const auto hex = HexCode::parse(c);
    BOOST_TEST_CONTEXT(c) {
      BOOST_TEST(hex.canonical() == octal.canonical());
      const auto naive_octal = octal_values_naive(octal, 150);
      BOOST_TEST(hex_values_naive(hex, 150) == naive_octal, boost::test_tools::per_element());
      OctalSparseSolver sparse(octal);
      sparse.extend_to(600);
      const auto fast_hex = hex_values_fast(hex, 600);
      for (std::int64_t n = 0; n < 600; ++n) BOOST_REQUIRE(fast_hex[n] == sparse.value(n));
    }
  }
}

BOOST_AUTO_TEST_CASE(set_kernel_equals_naive_on_hex_codes) {
  std::vector<std::string> codes{"0.F",  "0.B", "0.33F", "0.8", "4.9", "C.1",  "8.0", "0.A3",
                                 "0.FF", "4.F", "0.9",   "0.D", "0.E", "0.1F", "0.0C"};
  std::mt19937_64 rng(42);
  for (int r = 0; r < 25; ++r) {
    static constexpr char kHead[] = "048C";
    std::string c(1, kHead[rng() % 4]);
    c += '.';
    const int len = 1 + static_cast<int>(rng() % 3);
    for (int i = 0; i < len; ++i) c += "0123456789ABCDEF"[rng() % 16];
    codes.push_back(c);
  }
  for (const auto& c : codes) {
    const auto code = HexCode::parse(c);
    BOOST_TEST_CONTEXT(c) {
      BOOST_TEST(hex_values_fast(code, 91) == hex_values_naive(code, 90),
                 boost::test_tools::per_element());
    }
  }
}

BOOST_AUTO_TEST_CASE(set_kernel_widens_its_value_range) {
  // 0.C, 8.0 and 0.0F have values growing like n/2: past 64 and 128 within 300 heaps, so the
  // sets are re-laid out twice; the naive kernel decides.
  for (const char* c : {"0.C", "8.0", "0.0F"}) {
    const auto code = HexCode::parse(c);
    const auto fast = hex_values_fast(code, 301);
    const auto naive = hex_values_naive(code, 300);
    BOOST_TEST_CONTEXT(c) {
      BOOST_TEST(*std::max_element(fast.begin(), fast.end()) >= 128);
      BOOST_TEST(fast == naive, boost::test_tools::per_element());
    }
  }
}

BOOST_AUTO_TEST_CASE(value_lists_winning_moves_that_lead_to_zero) {
  const auto game = make_game("hex:0.F");
  const auto code = HexCode::parse("0.F");
  const auto g = hex_values_naive(code, 40);
  for (const char* pos : {"7", "11+4", "20", "3+5+9"}) {
    const auto j = game->value(game->parse_position(pos));
    const Position p = game->parse_position(pos);
    Value total = 0;
    for (auto h : p) total ^= g[static_cast<std::size_t>(h)];
    BOOST_TEST_CONTEXT(pos) {
      BOOST_TEST(j.at("value").get<Value>() == total);
      BOOST_TEST(j.at("winning_moves").empty() == (total == 0));
      for (const auto& m : j.at("winning_moves")) {
        Value after = 0;
        for (auto h : game->parse_position(m.get<std::string>()))
          after ^= g[static_cast<std::size_t>(h)];
        BOOST_TEST(after == 0);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(no_period_is_claimed) {
  const auto game = make_game("hex:0.F");
  BOOST_CHECK_THROW((void)game->period(), InputError);
  BOOST_CHECK_THROW((void)game->period_limited({}), InputError);
  BOOST_CHECK_THROW((void)game->check_certificate(nlohmann::json::object()), InputError);
}

BOOST_AUTO_TEST_CASE(every_kernel_agrees_with_the_reference_on_the_examples) {
  const GameFamily* family = nullptr;
  for (const auto* f : game_families())
    if (f->name == "hex") family = f;
  BOOST_REQUIRE(family != nullptr);
  for (const auto& spec : family->examples) {
    const auto game = make_game(spec);
    const auto positions = game->domain(family->cross_check_range);
    const auto ks = kernels("hex");
    BOOST_REQUIRE(ks.size() >= 2U);
    const auto expected = ks.front()->values(*game, positions);
    for (const auto* k : ks) {
      BOOST_TEST_CONTEXT(spec << " kernel " << k->name) {
        BOOST_TEST(k->values(*game, positions) == expected, boost::test_tools::per_element());
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(huge_heaps_are_refused_before_computing) {
  HexSetSolver solver(HexCode::parse("0.F"));
  BOOST_CHECK_THROW(solver.extend_to(std::int64_t{1} << 30), BudgetExceeded);
  BOOST_TEST(solver.size() == 0);
  const auto game = make_game("hex:0.F");
  BOOST_CHECK_THROW((void)game->value(game->parse_position("100000000")), InputError);
}

BOOST_AUTO_TEST_SUITE_END()
