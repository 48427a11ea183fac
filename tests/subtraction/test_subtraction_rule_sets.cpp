// SUB(S) for the infinite rule-defined sets `squares`, `fibonacci` and `primes`: the rules'
// member lists, the naive kernel against the member kernel (and the member kernel against the
// window kernel on finite sets), Take-a-Square's P-positions (OEIS A030193), `verify value`'s
// answer with its winning moves, and no period claimed for an infinite set.
#include <boost/test/unit_test.hpp>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "core/subtraction/subtraction_family.h"
#include "core/subtraction/subtraction_fast_bitset.h"
#include "core/subtraction/subtraction_fast_members.h"
#include "core/subtraction/subtraction_fast_window.h"
#include "core/subtraction/trusted/subtraction_naive.h"

using namespace igv;

namespace {
SubtractionSet rule_set(const char* name) {
  return parse_subtraction_set(name);
}
std::vector<std::int64_t> p_positions(const std::vector<Value>& g) {
  std::vector<std::int64_t> out;
  for (std::size_t n = 0; n < g.size(); ++n)
    if (g[n] == 0) out.push_back(static_cast<std::int64_t>(n));
  return out;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(subtraction_rule_sets, *boost::unit_test::label("subtraction"))

BOOST_AUTO_TEST_CASE(names_parse_and_print_canonically) {
  for (const char* name : {"squares", "fibonacci", "primes"}) {
    const auto set = rule_set(name);
    BOOST_TEST(set.rule_defined());
    BOOST_TEST(!set.finite());
    BOOST_TEST(!set.powers_of_two);
    BOOST_TEST(set.to_string() == name);
    BOOST_TEST(make_game(std::string("subtraction:") + name)->spec() ==
               std::string("subtraction:") + name);
    BOOST_CHECK_THROW((void)set.largest(), InputError);
  }
  BOOST_CHECK_THROW((void)make_game("subtraction:Squares"), InputError);
  BOOST_CHECK_THROW((void)make_game("subtraction:square"), InputError);
}

BOOST_AUTO_TEST_CASE(members_are_the_sets_of_the_rules) {
  using V = std::vector<std::int64_t>;
  BOOST_TEST(subtraction_members_up_to(rule_set("squares"), 50) == (V{1, 4, 9, 16, 25, 36, 49}),
             boost::test_tools::per_element());
  BOOST_TEST(subtraction_members_up_to(rule_set("fibonacci"), 100) ==
                 (V{1, 2, 3, 5, 8, 13, 21, 34, 55, 89}),
             boost::test_tools::per_element());
  BOOST_TEST(
      subtraction_members_up_to(rule_set("primes"), 30) == (V{2, 3, 5, 7, 11, 13, 17, 19, 23, 29}),
      boost::test_tools::per_element());
  BOOST_TEST(subtraction_members_up_to(rule_set("primes"), 1).empty());
  BOOST_TEST(subtraction_members_up_to(rule_set("squares"), 0).empty());
  // contains() (trial division, isqrt, Fibonacci walk) agrees with the listed members.
  for (const char* name : {"squares", "fibonacci", "primes"}) {
    const auto set = rule_set(name);
    const auto members = subtraction_members_up_to(set, 5000);
    std::size_t j = 0;
    for (std::int64_t s = 0; s <= 5000; ++s) {
      const bool listed = j < members.size() && members[j] == s;
      if (listed) ++j;
      BOOST_TEST_CONTEXT(name << " " << s) {
        BOOST_TEST(set.contains(s) == listed);
      }
    }
  }
  // π(10^6) = 78498; the Fibonacci numbers up to 2^62 without overflow.
  BOOST_TEST(subtraction_members_up_to(rule_set("primes"), 1'000'000).size() == 78498U);
  const auto fib = subtraction_members_up_to(rule_set("fibonacci"), std::int64_t{1} << 62);
  BOOST_TEST(fib.back() == 2880067194370816120);  // F(90); F(91) = 4660046610375530309 > 2^62
  BOOST_TEST(rule_set("fibonacci").contains(7540113804746346429));  // F(92), near the int64 top
  BOOST_TEST(!rule_set("fibonacci").contains(7540113804746346430));
}

BOOST_AUTO_TEST_CASE(member_kernel_equals_naive_on_rule_sets) {
  for (const char* name : {"squares", "fibonacci", "primes"}) {
    for (auto play : {SubtractionPlay::normal, SubtractionPlay::misere}) {
      const auto set = rule_set(name);
      BOOST_TEST_CONTEXT(name << (play == SubtractionPlay::normal ? " normal" : " misere")) {
        BOOST_TEST(subtraction_values_naive(set, play, 2500) ==
                       subtraction_values_members(set, play, 2500),
                   boost::test_tools::per_element());
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(bitset_kernel_equals_naive_and_members) {
  // The word-parallel kernel against the naive kernel on a prefix (heaps across several words
  // and every shift), and against the member kernel further on.
  for (const char* name : {"squares", "fibonacci", "primes", "1,3,4", "2,5,64,65,129"}) {
    for (auto play : {SubtractionPlay::normal, SubtractionPlay::misere}) {
      const auto set = parse_subtraction_set(name);
      BOOST_TEST_CONTEXT(name << (play == SubtractionPlay::normal ? " normal" : " misere")) {
        BOOST_TEST(
            subtraction_values_naive(set, play, 3001) == subtraction_values_bitset(set, play, 3001),
            boost::test_tools::per_element());
        BOOST_TEST(subtraction_values_members(set, play, 40000) ==
                       subtraction_values_bitset(set, play, 40000),
                   boost::test_tools::per_element());
      }
    }
  }
  BOOST_TEST(subtraction_values_bitset(rule_set("primes"), SubtractionPlay::normal, 0).empty());
  BOOST_CHECK_THROW((void)subtraction_values_bitset(rule_set("primes"), SubtractionPlay::normal,
                                                    std::int64_t{1} << 30),
                    BudgetExceeded);
}

BOOST_AUTO_TEST_CASE(member_kernel_equals_window_kernel_on_finite_sets) {
  for (int mask = 1; mask < (1 << 8); ++mask) {
    std::vector<std::int64_t> s;
    for (int i = 0; i < 8; ++i)
      if (mask & (1 << i)) s.push_back(2 * i + 1 + (mask % 3));
    const auto set = make_subtraction_set(s);
    for (auto play : {SubtractionPlay::normal, SubtractionPlay::misere}) {
      BOOST_REQUIRE(subtraction_values_members(set, play, 400) ==
                    subtraction_values_window(set, play, 400));
    }
  }
  const auto powers = parse_subtraction_set("powers-of-2");
  const auto g = subtraction_values_members(powers, SubtractionPlay::normal, 3000);
  for (std::int64_t n = 0; n < 3000; ++n) BOOST_REQUIRE(g[static_cast<std::size_t>(n)] == n % 3);
}

BOOST_AUTO_TEST_CASE(take_a_square_p_positions_are_oeis_a030193) {
  // OEIS A030193 (the brief's prefix): 0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, …
  const std::vector<std::int64_t> a030193{0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44};
  const auto naive =
      p_positions(subtraction_values_naive(rule_set("squares"), SubtractionPlay::normal, 45));
  BOOST_TEST(naive == a030193, boost::test_tools::per_element());
  const auto fast =
      p_positions(subtraction_values_members(rule_set("squares"), SubtractionPlay::normal, 45));
  BOOST_TEST(fast == a030193, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(value_lists_the_winning_moves) {
  const auto game = make_game("subtraction:squares");
  const auto j = game->value(game->parse_position("100"));
  const auto g = subtraction_values_naive(rule_set("squares"), SubtractionPlay::normal, 101);
  BOOST_TEST(*j.value == g[100]);
  BOOST_TEST(j.kernel == "members");
  std::vector<std::string> expected;
  for (std::int64_t r = 1; r * r <= 100; ++r) {
    if (g[static_cast<std::size_t>(100 - r * r)] == 0)
      expected.push_back(std::to_string(100 - r * r));
  }
  std::vector<std::string> listed;
  for (const auto& m : *j.winning_moves) listed.push_back(m);
  BOOST_TEST(listed == expected, boost::test_tools::per_element());
  // A P-position has no winning move.
  const auto p = game->value(game->parse_position("44"));
  BOOST_TEST(*p.value == 0);
  BOOST_TEST(p.winning_moves->empty());
  BOOST_TEST(*p.outcome == "P");
}

BOOST_AUTO_TEST_CASE(no_period_is_claimed_for_an_infinite_set) {
  for (const char* spec : {"subtraction:squares", "subtraction:fibonacci", "subtraction:primes",
                           "subtraction-misere:squares"}) {
    const auto game = make_game(spec);
    BOOST_CHECK_THROW((void)game->period(), InputError);
    BOOST_CHECK_THROW((void)game->period_limited({}), InputError);
    // A period certificate written for such a game is malformed, not checked.
    nlohmann::json fake = make_game("subtraction:1,4")->period().document;
    fake["game"] = spec;
    BOOST_CHECK_THROW((void)game->check_certificate(fake), InputError);
  }
}

BOOST_AUTO_TEST_CASE(every_kernel_agrees_with_the_reference) {
  for (const char* spec : {"subtraction:squares", "subtraction:fibonacci", "subtraction:primes",
                           "subtraction-misere:fibonacci"}) {
    const auto game = make_game(spec);
    const auto positions = game->domain(1500);
    const std::string family = parse_game_spec(spec).family;
    const Kernel* reference = nullptr;
    for (const auto* k : kernels(family))
      if (k->reference) reference = k;
    BOOST_REQUIRE(reference != nullptr);
    const auto expected = reference->values(*game, positions);
    for (const auto* k : kernels(family)) {
      BOOST_TEST_CONTEXT(spec << " kernel " << k->name) {
        BOOST_TEST(k->values(*game, positions) == expected, boost::test_tools::per_element());
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(huge_requests_are_refused_before_computing) {
  BOOST_CHECK_THROW((void)subtraction_values_members(rule_set("primes"), SubtractionPlay::normal,
                                                     std::int64_t{1} << 24),
                    BudgetExceeded);
  BOOST_CHECK_THROW((void)subtraction_values_members(rule_set("squares"), SubtractionPlay::normal,
                                                     std::int64_t{1} << 40),
                    BudgetExceeded);
  const auto game = make_game("subtraction:squares");
  BOOST_CHECK_THROW((void)game->value(game->parse_position("1000000000000")), InputError);
}

BOOST_AUTO_TEST_SUITE_END()
