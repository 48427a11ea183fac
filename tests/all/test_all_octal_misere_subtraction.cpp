// A cross-family identity: an octal code whose digits are all 0 or 3 (remove i tokens, leaving
// no heap or one heap, never splitting) is the subtraction game SUB(S), S = {i : d_i = 3}, so a
// single heap of `octal-misere:CODE` must have the misère outcome that `subtraction-misere:S`
// reports (P exactly where its misère Grundy value is 0). E.g. 0.33 is SUB({1, 2}).
//
// It links every module (tests/all/): the reference is the subtraction module's naive kernel.
#include <boost/test/unit_test.hpp>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/octal/octal_misere_naive.h"
#include "core/octal/octal_misere_rules.h"
#include "core/subtraction/trusted/subtraction_naive.h"
#include "core/subtraction/trusted/subtraction_rules.h"

using namespace igv;

BOOST_AUTO_TEST_SUITE(octal_misere_subtraction)

BOOST_AUTO_TEST_CASE(single_heaps_of_digit_3_codes_match_subtraction_misere) {
  constexpr std::int64_t kLast = 200;
  const std::vector<std::pair<const char*, std::vector<std::int64_t>>> cases{
      {"0.33", {1, 2}},  {"0.333", {1, 2, 3}}, {"0.3", {1}},      {"0.03", {2}},
      {"0.303", {1, 3}}, {"0.0303", {2, 4}},   {"0.0033", {3, 4}}};
  for (const auto& [text, elements] : cases) {
    const auto misere = subtraction_values_naive(make_subtraction_set(elements),
                                                 SubtractionPlay::misere, kLast + 1);
    // The octal search itself (the naive solver; a single heap of these codes never splits, so
    // the search stays at single heaps even past the family's 40-token bound).
    OctalMisereNaiveSolver naive(OctalCode::parse(text));
    std::size_t p_positions = 0;
    for (std::int64_t n = 0; n <= kLast; ++n) {
      const Value expected =
          misere[static_cast<std::size_t>(n)] == 0 ? kOctalMisereLoss : kOctalMisereWin;
      BOOST_TEST_REQUIRE(naive.outcome({n}) == expected, text << " heap " << n);
      p_positions += expected == kOctalMisereLoss ? 1 : 0;
    }
    BOOST_TEST(p_positions > 0U, text);
    // Every kernel of the family, on the heaps the family takes.
    const auto game = make_game(std::string("octal-misere:") + text);
    std::vector<Position> heaps;
    for (std::int64_t n = 0; n <= kOctalMisereMaxTokens; ++n) heaps.push_back({n});
    for (const auto* k : kernels("octal-misere")) {
      const auto values = k->values(*game, heaps);
      for (std::int64_t n = 0; n <= kOctalMisereMaxTokens; ++n) {
        const Value expected =
            misere[static_cast<std::size_t>(n)] == 0 ? kOctalMisereLoss : kOctalMisereWin;
        BOOST_TEST_REQUIRE(values[static_cast<std::size_t>(n)] == expected,
                           text << " kernel " << k->name << " heap " << n);
      }
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
