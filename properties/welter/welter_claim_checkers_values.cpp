// Checkers for the claims of 002_ae6d722b5ea2de0c (Welter's game). Every checker computes what
// it compares: values by Conway's mating (the trie), cross-checked where cheap by the other
// routes (naive mex, the printed all-pairs algorithm, the two relations); a disagreement between
// routes is a harness fault and makes the claim `error`, never a verdict.
//
// This file: the value of one stated position, and the values of blocks of consecutive coins.
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
// welter.position_value: the value (and winning moves) of one stated position, by every route.
// ---------------------------------------------------------------------------------------------
Outcome check_position_value(const Claim& c, const CheckContext&) {
  const auto coins = parse_welter_position(param<std::string>(c, "position"));
  const Value conway = welter_value_conway(coins);
  json routes = {{"conway", conway},
                 {"relations", welter_value_by_relations(coins)},
                 {"conway_as_printed", welter_value_conway_as_printed(coins)}};
  const auto inverse = welter_winning_moves_inverse(coins);
  std::vector<WelterMove> trial;
  if (welter_naive_state_bound(coins) <= 2'000'000) {
    WelterNaive naive;
    routes["naive"] = naive.value(coins);
    trial = naive.winning_moves(coins);
  } else {
    trial = welter_winning_moves_by_trial(
        coins, [](const WelterCoins& p) { return welter_value_conway(p); });
  }
  for (const auto& [route, value] : routes.items()) {
    if (value != conway)
      throw std::logic_error("welter routes disagree on " + format_int_list(coins) + ": " +
                             routes.dump());
  }
  if (trial != inverse)
    throw std::logic_error("welter winning moves: inverse and trial disagree on " +
                           format_int_list(coins));
  Outcome o;
  o.evidence = {
      {"position", format_int_list(coins)},
      {"value_by_route", routes},
      {"winning_moves", moves_json(inverse, coins)},
      {"winning_moves_how", "inverse of the Welter function, equal to trying every move"}};
  json mismatches = json::array();
  const json& asserted = c.asserted;
  if (asserted.contains("value") && asserted.at("value") != conway) {
    mismatches.push_back(
        {{"what", "value"}, {"printed", asserted.at("value")}, {"computed", conway}});
  }
  if (asserted.contains("winning_moves")) {
    std::set<std::string> printed;
    for (const auto& m : asserted.at("winning_moves"))
      printed.insert(format_int_list(parse_welter_position(m.get<std::string>())));
    std::set<std::string> computed;
    for (const auto& m : moves_json(inverse, coins)) computed.insert(m.get<std::string>());
    if (printed != computed) {
      mismatches.push_back(
          {{"what", "winning moves"}, {"printed", printed}, {"computed", computed}});
    }
  }
  if (stated(c, "start_n")) {
    // The position is stated as a starting position [n+1|…|2n] as well.
    const auto n = param<std::int64_t>(c, "start_n");
    o.evidence["start_n"] = n;
    // [n+1|…|2n] without building it: n coins from n+1 to 2n (coins are sorted and distinct).
    const bool is_start = static_cast<std::int64_t>(coins.size()) == n &&
                          (n == 0 || (coins.front() == n + 1 && coins.back() == 2 * n));
    if (!is_start) {
      mismatches.push_back(
          {{"what", "start position"},
           {"printed", format_int_list(coins)},
           {"computed", "[" + std::to_string(n + 1) + "|…|" + std::to_string(2 * n) + "]"}});
    }
  }
  o.evidence["domain"] = "the single stated position, exact computation";
  if (mismatches.empty()) {
    o.verdict = Finding::verified;
    o.summary = "value " + std::to_string(conway) + " and " + std::to_string(inverse.size()) +
                " winning move(s), by naive mex, Conway (printed and trie) and the relations";
  } else {
    o.evidence["mismatches"] = mismatches;
    o.refute(mismatches.front());
    o.summary = "printed " + mismatches.front()["what"].get<std::string>() + " differs: printed " +
                mismatches.front()["printed"].dump() + ", computed " +
                mismatches.front()["computed"].dump();
  }
  return o;
}

// ---------------------------------------------------------------------------------------------
// Blocks of consecutive coins: [n|…|2n−1], [n+2|…|2n], and the starting position after a move.
// ---------------------------------------------------------------------------------------------
Outcome check_block_values(const Claim& c, const CheckContext& ctx) {
  const std::string family = param<std::string>(c, "family");
  const auto n_min = param<std::int64_t>(c, "n_min");
  const auto max_n = std::max(domain_param(c, ctx, "max_n", n_min + 8), n_min);
  // The statement is the asserted value: the value at even n, at odd n, or "never 0".
  const json& a = c.asserted;
  const std::optional<Value> value_even =
      a.contains("value_even") ? std::optional<Value>(a.at("value_even").get<Value>())
                               : std::nullopt;
  const std::optional<Value> value_odd =
      a.contains("value_odd") ? std::optional<Value>(a.at("value_odd").get<Value>()) : std::nullopt;
  const bool nonzero = a.value("nonzero", false);
  if (!value_even && !value_odd && !nonzero) {
    throw InputError("claim " + c.id +
                     ": asserted must state value_even, value_odd or nonzero = true");
  }
  if (nonzero && (value_even || value_odd)) {
    throw InputError("claim " + c.id +
                     ": asserted states nonzero together with a value; state one or the other");
  }
  std::uint64_t cases = 0;
  json counterexample = nullptr;
  std::uint64_t failures = 0;
  json first_values = json::array();
  for (std::int64_t n = n_min; n <= max_n; ++n) {
    const bool even = n % 2 == 0;
    if (!nonzero && !(even ? value_even : value_odd)) continue;
    const auto coins = block_position(family, n);
    const Value v = welter_value_conway(coins);
    if (n < n_min + 12) first_values.push_back({{"n", n}, {"value", v}});
    ++cases;
    const bool ok = nonzero ? v != 0 : v == *(even ? value_even : value_odd);
    if (!ok) {
      ++failures;
      if (counterexample.is_null()) {
        counterexample = {{"n", n}, {"position", format_int_list(coins)}, {"value", v}};
        if (!nonzero) counterexample["stated"] = *(even ? value_even : value_odd);
      }
    }
  }
  Outcome o = exhaustive_outcome("n = " + std::to_string(n_min) + ".." + std::to_string(max_n) +
                                     (nonzero ? ""
                                              : std::string(value_even && value_odd ? ""
                                                            : value_even            ? " (even n)"
                                                                                    : " (odd n)")) +
                                     ", " + block_name(family) + " by Conway's mating",
                                 cases, counterexample, "");
  o.evidence["first_values"] = first_values;
  if (failures > 0) {
    o.evidence["failing_n"] = failures;
    o.summary = std::to_string(failures) + " of " + std::to_string(cases) +
                " n fail; smallest n = " + counterexample["n"].dump() + ": " + block_name(family) +
                " = " + counterexample["value"].dump();
  }
  return o;
}

// The values for even n = 2, 4, 6, … of a block family, compared with the printed sequence.
Outcome check_even_sequence(const Claim& c, const CheckContext&) {
  const std::string family = param<std::string>(c, "family");
  Outcome o = compare_sequence(
      c.asserted,
      [&](std::int64_t k) -> json { return welter_value_conway(block_position(family, 2 * k)); }, 1,
      "term k is " + block_name(family) + " at n = 2k");
  o.evidence["indexing"] = "term k (from 1) is the value at even n = 2k";
  return o;
}

CheckerSchema position_value_schema() {
  CheckerSchema s;
  s.establishes =
      "the stated position has the asserted value (and exactly the asserted winning "
      "moves), by naive mex, Conway's mating (printed and trie) and the relations";
  s.params = {field::string("position", "the occupied squares, e.g. \"1,3,6,10\" or \"8..14\"")
                  .nonempty()
                  .needed(),
              field::integer("start_n", "the position is also stated as the start [n+1|…|2n]")
                  .in(0, 100'000'000)};
  s.asserted = field::object(
      "",
      {field::integer("value", "the printed Sprague–Grundy value").at_least(0).needed(),
       field::list("winning_moves", field::string("", "a position"),
                   "every position a winning move leaves")},
      "the printed value and winning moves");
  s.example_params = {{"position", "1,3,6,10"}};
  s.example_asserted = {{"value", 10}, {"winning_moves", {"1,3,4,6"}}};
  return s;
}

CheckerSchema block_values_schema() {
  CheckerSchema s;
  s.establishes =
      "for every n = n_min..max_n the block family has the asserted value at even n "
      "and/or at odd n, or is never 0 (nonzero)";
  s.params = {
      field::choice("family", {"start", "lower", "upper", "start_top_to_n", "start_empty_n_plus_1"},
                    "the block: [n+1|…|2n], [n|…|2n−1], [n+2|…|2n], [n+1|…|2n] after moving 2n to "
                    "n, or after emptying n+1")
          .needed(),
      field::integer("n_min", "the first n").in(1, 1 << 20).fallback(1),
      field::integer("max_n", "the last n").in(2, 1 << 22).fallback(2048).budget_scaled()};
  s.asserted = field::object(
      "",
      {field::integer("value_even", "the value at every even n").at_least(0),
       field::integer("value_odd", "the value at every odd n").at_least(0),
       field::boolean("nonzero", "true: the value is never 0 (the first player wins)")},
      "the stated values (at least one key)");
  s.example_params = {{"family", "lower"}, {"max_n", 256}};
  s.example_asserted = {{"value_even", 0}, {"value_odd", 1}};
  return s;
}

CheckerSchema even_sequence_schema() {
  CheckerSchema s;
  s.establishes = "the asserted terms are the block family's values at n = 2, 4, 6, …";
  s.params = {field::choice("family",
                            {"start", "lower", "upper", "start_top_to_n", "start_empty_n_plus_1"},
                            "the block: [n+1|…|2n], [n|…|2n−1], [n+2|…|2n], [n+1|…|2n] after "
                            "moving 2n to n, or after emptying n+1")
                  .needed()};
  s.asserted = field::integers("", "the printed values, term k at n = 2k").items(1);
  s.example_params = {{"family", "start_empty_n_plus_1"}};
  s.example_asserted = {3, 7, 3, 15};
  return s;
}

IGV_REGISTER_CHECKER("welter.position_value",
                     "value and winning moves of one Welter position, by every route",
                     check_position_value, position_value_schema());
IGV_REGISTER_CHECKER("welter.block_values",
                     "values of blocks of consecutive coins for a range of n", check_block_values,
                     block_values_schema());
IGV_REGISTER_CHECKER("welter.even_sequence", "the printed values of a block family at even n",
                     check_even_sequence, even_sequence_schema());

}  // namespace
}  // namespace igv
