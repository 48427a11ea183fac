// Kernels, period producer and certificate checker of SUB(S): the two kernels agree, the
// periods are the minimal ones, corrupted certificates are rejected, bad input throws.
#include <boost/test/unit_test.hpp>

#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "core/subtraction/subtraction_family.h"
#include "core/subtraction/subtraction_fast_window.h"
#include "core/subtraction/subtraction_period.h"
#include "core/subtraction/trusted/subtraction_certificate_check.h"
#include "core/subtraction/trusted/subtraction_naive.h"

using namespace igv;

namespace {
SubtractionSet set_of(std::vector<std::int64_t> s) {
  return make_subtraction_set(std::move(s));
}

/// Minimal (ℓ, p) of a long prefix by brute force: the least p for which the second half is
/// p-periodic, then the least ℓ from which G(n) = G(n + p) on the whole prefix.
std::pair<std::int64_t, std::int64_t> brute_period(const std::vector<Value>& g) {
  const auto len = static_cast<std::int64_t>(g.size());
  for (std::int64_t p = 1; p < len / 4; ++p) {
    bool ok = true;
    for (std::int64_t n = len / 2; n + p < len && ok; ++n) ok = g[n] == g[n + p];
    if (!ok) continue;
    std::int64_t l = len / 2;
    while (l > 0 && g[l - 1] == g[l - 1 + p]) --l;
    return {l, p};
  }
  return {-1, -1};
}
}  // namespace

BOOST_AUTO_TEST_SUITE(subtraction_kernels, *boost::unit_test::label("subtraction"))

BOOST_AUTO_TEST_CASE(naive_matches_hand_computed_prefix_of_1_3_4) {
  // 004_2d19be0a5059ae39 §1.4 works these out by hand: P at 0, 2, 7, 9, 14.
  const auto g = subtraction_values_naive(set_of({1, 3, 4}), SubtractionPlay::normal, 15);
  const std::vector<Value> expected{0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0};
  BOOST_TEST(g == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(window_equals_naive_on_every_subset_of_1_to_9) {
  for (int mask = 1; mask < (1 << 9); ++mask) {
    std::vector<std::int64_t> s;
    for (int i = 0; i < 9; ++i)
      if (mask & (1 << i)) s.push_back(i + 1);
    for (auto play : {SubtractionPlay::normal, SubtractionPlay::misere}) {
      const auto set = set_of(s);
      BOOST_REQUIRE(subtraction_values_naive(set, play, 300) ==
                    subtraction_values_window(set, play, 300));
    }
  }
}

BOOST_AUTO_TEST_CASE(period_equals_brute_force_on_long_prefix) {
  for (int mask = 1; mask < (1 << 9); ++mask) {
    std::vector<std::int64_t> s;
    for (int i = 0; i < 9; ++i)
      if (mask & (1 << i)) s.push_back(i + 1);
    for (auto play : {SubtractionPlay::normal, SubtractionPlay::misere}) {
      const auto set = set_of(s);
      const auto cert = find_subtraction_period(set, play);
      const auto g = subtraction_values_naive(set, play, 20 * (cert.preperiod + cert.period) + 400);
      const auto [l, p] = brute_period(g);
      BOOST_TEST_CONTEXT("S = " << set.to_string()) {
        BOOST_TEST(cert.preperiod == l);
        BOOST_TEST(cert.period == p);
        BOOST_TEST(check_subtraction_certificate(cert).accepted());
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(known_periods) {
  const auto c = find_subtraction_period(set_of({1, 3, 4}), SubtractionPlay::normal);
  BOOST_TEST(c.preperiod == 0);
  BOOST_TEST(c.period == 7);
  const auto m = find_subtraction_period(set_of({1, 2, 3}), SubtractionPlay::misere);
  BOOST_TEST(m.preperiod == 0);
  BOOST_TEST(m.period == 4);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(subtraction_certificates, *boost::unit_test::label("subtraction"))

BOOST_AUTO_TEST_CASE(corrupted_certificates_are_rejected) {
  // {2,3,5,7,19}: c ≡ 1 (mod 18), preperiod 2c - 4 = 34 by the slides, so every field matters.
  const auto good = find_subtraction_period(set_of({2, 3, 5, 7, 19}), SubtractionPlay::normal);
  BOOST_REQUIRE(good.preperiod > 0);
  BOOST_REQUIRE(check_subtraction_certificate(good).accepted());

  auto bigger_preperiod = good;
  bigger_preperiod.preperiod += 1;
  bigger_preperiod.window = subtraction_values_naive(good.set, good.play, good.preperiod + 1 + 20);
  bigger_preperiod.window.erase(bigger_preperiod.window.begin(),
                                bigger_preperiod.window.begin() + good.preperiod + 1);
  bigger_preperiod.window.resize(20);
  BOOST_TEST(!check_subtraction_certificate(bigger_preperiod).accepted());  // not minimal

  auto smaller_preperiod = good;
  smaller_preperiod.preperiod -= 1;
  BOOST_TEST(!check_subtraction_certificate(smaller_preperiod).accepted());

  auto double_period = good;
  double_period.period *= 2;
  BOOST_TEST(!check_subtraction_certificate(double_period).accepted());  // not minimal

  auto wrong_period = good;
  wrong_period.period += 1;
  BOOST_TEST(!check_subtraction_certificate(wrong_period).accepted());

  auto flipped_window = good;
  flipped_window.window[3] += 1;
  BOOST_TEST(!check_subtraction_certificate(flipped_window).accepted());

  auto short_window = good;
  short_window.window.pop_back();
  BOOST_TEST(!check_subtraction_certificate(short_window).accepted());

  auto other_play = good;
  other_play.play = SubtractionPlay::misere;
  BOOST_TEST(!check_subtraction_certificate(other_play).accepted());

  auto other_set = good;
  other_set.set = set_of({2, 3, 5, 7, 20});
  BOOST_TEST(!check_subtraction_certificate(other_set).accepted());

  auto zero_period = good;
  zero_period.period = 0;
  BOOST_TEST(!check_subtraction_certificate(zero_period).accepted());
}

BOOST_AUTO_TEST_CASE(minimal_period_check_catches_a_proper_divisor) {
  // G_{1} = 01 repeated: period 2; a certificate claiming 4 must be rejected.
  auto cert = find_subtraction_period(set_of({1}), SubtractionPlay::normal);
  BOOST_REQUIRE(cert.period == 2);
  cert.period = 4;
  const auto check = check_subtraction_certificate(cert);
  BOOST_TEST(!check.accepted());
  BOOST_TEST(check.reason().find("is not the least") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(powers_of_two_lemma_is_accepted) {
  BOOST_TEST(check_powers_of_two_residue_lemma().accepted());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(subtraction_family, *boost::unit_test::label("subtraction"))

BOOST_AUTO_TEST_CASE(bad_specs_throw_input_error) {
  for (const char* spec : {"subtraction:", "subtraction:0", "subtraction:-3,4", "subtraction:1,1",
                           "subtraction:1,x", "subtraction:2..1", "subtraction-misere:"}) {
    BOOST_TEST_CONTEXT(spec) {
      BOOST_CHECK_THROW(make_game(spec), InputError);
    }
  }
  auto game = make_game("subtraction:1,3,4");
  BOOST_CHECK_THROW(game->parse_position("-1"), InputError);
  BOOST_CHECK_THROW(game->parse_position("1,2"), InputError);
}

BOOST_AUTO_TEST_CASE(value_json_of_1_3_4_at_100_and_huge_heaps) {
  auto game = make_game("subtraction:1,3,4");
  const auto v = game->value(game->parse_position("100"));
  BOOST_TEST(*v.value == 0);  // 100 ≡ 2 (mod 7): a P-position (004 §1.4)
  BOOST_TEST(v.winning_moves->empty());
  // A heap far beyond any prefix: by the proved period, 10^18 ≡ 10^18 mod 7.
  const std::int64_t huge = 1'000'000'000'000'000'000;
  const auto w = game->value({huge});
  const auto g = subtraction_values_naive(set_of({1, 3, 4}), SubtractionPlay::normal, 7);
  BOOST_TEST(*w.value == g[huge % 7]);
}

BOOST_AUTO_TEST_CASE(period_json_of_2_3_5_7_11) {
  auto game = make_game("subtraction:2,3,5,7,11");
  const PeriodAnswer answer = game->period();
  BOOST_TEST(answer.preperiod == 0);
  BOOST_TEST(answer.period == 9);
  BOOST_TEST(answer.saltus == 0);
  BOOST_TEST(!answer.last_exceptional_value().has_value());
  const auto& j = answer.document;
  BOOST_TEST(j["preperiod"].get<std::int64_t>() == 0);
  BOOST_TEST(j["period"].get<std::int64_t>() == 9);
  BOOST_TEST(j["saltus"].get<std::int64_t>() == 0);
  BOOST_TEST(j["certificate"]["theorem"].get<std::string>().find("window lemma") == 0);
}

BOOST_AUTO_TEST_CASE(kernels_agree_on_domain_and_samples) {
  for (const char* spec :
       {"subtraction:1,3,4", "subtraction-misere:1,2,3", "subtraction:2,3,5,7,19",
        "subtraction:powers-of-2", "subtraction-misere:3,5,8"}) {
    auto game = make_game(spec);
    const auto family = parse_game_spec(spec).family;
    auto positions = game->domain(200);
    for (std::uint64_t seed = 0; seed < 20; ++seed) positions.push_back(game->sample(seed, 5000));
    const auto& reference = find_kernel(family, "naive");
    const auto& fast = find_kernel(family, "window");
    BOOST_TEST_CONTEXT(spec) {
      BOOST_TEST(reference.values(*game, positions) == fast.values(*game, positions));
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
