// Checkers for the claims of 002_ae6d722b5ea2de0c (Welter's game). Every checker computes what
// it compares: values by Conway's mating (the trie), cross-checked where cheap by the other
// routes (naive mex, the printed all-pairs algorithm, the two relations); a disagreement between
// routes is a harness fault and makes the claim `error`, never a verdict.
//
// This file: the two relations and the agreement of the document's routes with the naive mex.
#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

#include "core/base/trusted/errors.h"
#include "core/welter/welter_fast_conway.h"
#include "core/welter/welter_fast_inverse.h"
#include "core/welter/welter_naive.h"
#include "core/welter/welter_relations.h"
#include "core/welter/welter_start.h"
#include "properties/base/check_helpers.h"
#include "properties/base/checker.h"
#include "properties/base/property_runner.h"
#include "properties/welter/welter_claim_support.h"
#include "properties/welter/welter_properties.h"

namespace igv {
namespace {

using nlohmann::json;
using namespace welter_claims;

// ---------------------------------------------------------------------------------------------
// welter.relation_zero, welter.relation_translate: exhaustive by the naive route on every subset
// of a small strip, then RapidCheck with Conway's mating on large random positions.
// ---------------------------------------------------------------------------------------------
Outcome check_relation_zero(const Claim& c, const CheckContext& ctx) {
  const auto max_square =
      std::min<std::int64_t>(domain_param(c, ctx, "exhaustive_max_square", 2), 16);
  WelterNaive naive(std::uint64_t{1} << 20);
  std::uint64_t cases = 0;
  json counterexample = nullptr;
  for (const auto& shifted : all_subsets(max_square - 1)) {
    WelterCoins with_zero{0};
    for (auto x : shifted) with_zero.push_back(x + 1);
    ++cases;
    const Value lhs = naive.value(with_zero);
    const Value rhs = naive.value(shifted);
    if (lhs != rhs) {
      counterexample = {{"position", format_int_list(with_zero)},
                        {"value", lhs},
                        {"shifted", format_int_list(shifted)},
                        {"shifted_value", rhs}};
      break;
    }
  }
  Outcome exhaustive = exhaustive_outcome(
      "every position {0} ∪ (S+1) with S ⊆ {0.." + std::to_string(max_square - 1) + "}, naive mex",
      cases, counterexample, "");
  const Outcome random = run_property(
      ctx, "[0|a+1|b+1|…] = [a|b|…] on random positions (Conway's mating)",
      [] { prop_welter_relation_zero(*welter_gen_position(kRandomMaxCoins, kRandomSquares)); });
  return combine(exhaustive, random);
}

Outcome check_relation_translate(const Claim& c, const CheckContext& ctx) {
  // At most 4 bits: the table holds every subset of the strip, 2^(2^bits) of them, so 5 bits
  // (2^32 subsets, gigabytes) can never fit; a larger budget goes to the random cases instead.
  constexpr std::int64_t kMaxExhaustiveBits = 4;
  const auto bits =
      std::min<std::int64_t>(domain_param(c, ctx, "exhaustive_bits", 2), kMaxExhaustiveBits);
  const std::int64_t squares = std::int64_t{1} << bits;
  // Naive values of every subset of the strip, indexed by the subset's bit mask; x ⊕ maps the
  // strip {0..2^bits−1} onto itself, so every translate is in the table.
  WelterNaive naive(std::uint64_t{1} << 22);
  const auto subsets = all_subsets(squares - 1);
  std::vector<Value> value_of_mask(subsets.size());
  for (std::size_t mask = 0; mask < subsets.size(); ++mask)
    value_of_mask[mask] = naive.value(subsets[mask]);
  std::uint64_t cases = 0;
  std::uint64_t odd_cases = 0;
  json counterexample = nullptr;
  for (std::size_t mask = 0; mask < subsets.size() && counterexample.is_null(); ++mask) {
    const auto& coins = subsets[mask];
    const Value base = value_of_mask[mask];
    const bool odd = coins.size() % 2 == 1;
    for (std::int64_t x = 0; x < squares; ++x) {
      std::size_t translated_mask = 0;
      for (auto a : coins) translated_mask |= std::size_t{1} << (a ^ x);
      const Value expected = odd ? nim_sum(base, x) : base;
      const Value got = value_of_mask[translated_mask];
      ++cases;
      odd_cases += odd ? 1 : 0;
      if (got != expected) {
        counterexample = {{"position", format_int_list(coins)},
                          {"x", x},
                          {"translated", format_int_list(subsets[translated_mask])},
                          {"value", base},
                          {"translated_value", got},
                          {"relation_predicts", expected}};
        break;
      }
    }
  }
  Outcome exhaustive =
      exhaustive_outcome("every S ⊆ {0.." + std::to_string(squares - 1) + "} and every x < " +
                             std::to_string(squares) + " (both parities of |S|), naive mex",
                         cases, counterexample, "");
  exhaustive.evidence["cases_odd_count"] = odd_cases;
  exhaustive.evidence["cases_even_count"] = cases - odd_cases;
  const Outcome even =
      run_property(ctx, "[a⊕x|b⊕x|…] = [a|b|…], even number of coins (Conway's mating)", [] {
        prop_welter_relation_translate(
            *welter_gen_position(kRandomMaxCoins, kRandomSquares, CoinParity::even),
            *rc::gen::inRange<Value>(0, kRandomSquares));
      });
  const Outcome odd =
      run_property(ctx, "[a⊕x|b⊕x|…] = [a|b|…] ⊕ x, odd number of coins (Conway's mating)", [] {
        prop_welter_relation_translate(
            *welter_gen_position(kRandomMaxCoins, kRandomSquares, CoinParity::odd),
            *rc::gen::inRange<Value>(0, kRandomSquares));
      });
  Outcome out = combine(exhaustive, even);
  if (out.verdict == Verdict::refuted && exhaustive.verdict != Verdict::refuted) return out;
  return combine(out, odd);
}

// ---------------------------------------------------------------------------------------------
// welter.routes_agree: a route of the document (the printed Mathematica algorithm, the relation
// reduction, the inverse for winning moves) against the naive route on every subset of a small
// strip, then against Conway's trie on large random positions.
// ---------------------------------------------------------------------------------------------
Outcome check_routes_agree(const Claim& c, const CheckContext& ctx) {
  const std::string route = param<std::string>(c, "route");
  const auto max_square =
      std::min<std::int64_t>(domain_param(c, ctx, "exhaustive_max_square", 2), 15);
  WelterNaive naive(std::uint64_t{1} << 20);
  std::uint64_t cases = 0;
  json counterexample = nullptr;
  for (const auto& coins : all_subsets(max_square)) {
    ++cases;
    if (route == "as_printed" || route == "relations") {
      const Value got = route == "as_printed" ? welter_value_conway_as_printed(coins)
                                              : welter_value_by_relations(coins);
      const Value want = naive.value(coins);
      if (got != want) {
        counterexample = {
            {"position", format_int_list(coins)}, {"route_value", got}, {"naive_value", want}};
        break;
      }
    } else if (route == "inverse") {
      const auto got = welter_winning_moves_inverse(coins);
      const auto want = naive.winning_moves(coins);
      if (got != want) {
        counterexample = {{"position", format_int_list(coins)},
                          {"inverse_moves", moves_json(got, coins)},
                          {"naive_moves", moves_json(want, coins)}};
        break;
      }
    }
  }
  Outcome exhaustive = exhaustive_outcome("every position ⊆ {0.." + std::to_string(max_square) +
                                              "}, against the naive mex over every move",
                                          cases, counterexample, "");
  Outcome random;
  if (route == "inverse") {
    // Trying every move costs (coins × squares) evaluations per case: fewer, smaller cases.
    random = run_property(
        ctx, "winning moves by inversion = by trying every move (random positions)",
        [] { prop_welter_moves_agree(*welter_gen_position(10, 256)); },
        static_cast<int>(std::max<std::int64_t>(1, ctx.scaled(kInverseRandomCases))));
  } else {
    random = run_property(ctx, "all routes agree on random positions", [] {
      prop_welter_routes_agree(*welter_gen_position(kRandomMaxCoins, kRandomSquares));
    });
  }
  return combine(exhaustive, random);
}

CheckerSchema relation_zero_schema() {
  CheckerSchema s;
  s.establishes =
      "[0|a+1|b+1|…] = [a|b|…] on every position of the strip {0..exhaustive_max_square} "
      "(naive mex), and on random large positions (RapidCheck, Conway's mating)";
  s.params = {field::integer("exhaustive_max_square", "the strip's last square")
                  .in(2, 16)
                  .fallback(12)
                  .budget_scaled()};
  s.example_params = {{"exhaustive_max_square", 8}};
  return s;
}

CheckerSchema relation_translate_schema() {
  CheckerSchema s;
  s.establishes =
      "[a⊕x|b⊕x|…] = [a|b|…] (⊕ x for an odd number of coins) on every position of "
      "the strip {0..2^bits−1} and every x (naive mex), and on random large positions";
  s.params = {field::integer("exhaustive_bits", "the strip has 2^bits squares")
                  .in(2, 4)
                  .fallback(4)
                  .budget_scaled()};
  s.example_params = {{"exhaustive_bits", 3}};
  return s;
}

CheckerSchema routes_agree_schema() {
  CheckerSchema s;
  s.establishes =
      "the stated route of the document (the printed Mathematica algorithm, the "
      "relation reduction, or the inverse for winning moves) agrees with the naive mex "
      "on every position of the strip, and with Conway's mating on random positions";
  s.params = {
      field::choice("route", {"as_printed", "relations", "inverse"}, "the route compared").needed(),
      field::integer("exhaustive_max_square", "the strip's last square")
          .in(2, 15)
          .fallback(12)
          .budget_scaled()};
  s.example_params = {{"route", "relations"}, {"exhaustive_max_square", 8}};
  return s;
}

IGV_REGISTER_CHECKER("welter.relation_zero",
                     "[0|a|b|…] = [a−1|b−1|…]: exhaustive (naive) and random (Conway)",
                     check_relation_zero, relation_zero_schema());
IGV_REGISTER_CHECKER("welter.relation_translate",
                     "[a⊕x|b⊕x|…] = [a|b|…] (⊕ x for odd counts): exhaustive and random",
                     check_relation_translate, relation_translate_schema());
IGV_REGISTER_CHECKER(
    "welter.routes_agree",
    "a route of the document against the naive mex (exhaustive) and Conway (random)",
    check_routes_agree, routes_agree_schema());

}  // namespace
}  // namespace igv
