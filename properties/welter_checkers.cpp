// Checkers for the claims of 002_ae6d722b5ea2de0c (Welter's game). Every checker computes what
// it compares: values by Conway's mating (the trie), cross-checked where cheap by the other
// routes (naive mex, the printed all-pairs algorithm, the two relations); a disagreement between
// routes is a harness fault and makes the claim `error`, never a verdict.
#include <algorithm>
#include <bit>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <string>

#include "core/errors.h"
#include "core/welter_conway.h"
#include "core/welter_inverse.h"
#include "core/welter_naive.h"
#include "core/welter_relations.h"
#include "core/welter_start.h"
#include "properties/check_helpers.h"
#include "properties/checker.h"
#include "properties/property_runner.h"
#include "properties/welter_properties.h"

namespace igv {
namespace {

using nlohmann::json;

// Coins of the random positions the RapidCheck parts use (large, beyond any naive reach).
constexpr int kRandomMaxCoins = 200;
constexpr std::int64_t kRandomSquares = std::int64_t{1} << 40;
// Random cases for the inverse-versus-trial property at budget 1 (each case tries every move).
constexpr std::int64_t kInverseRandomCases = 300;

std::string binary(std::int64_t n) {
  if (n == 0) return "0";
  std::string s;
  for (auto u = static_cast<std::uint64_t>(n); u != 0; u >>= 1)
    s.insert(s.begin(), (u & 1U) ? '1' : '0');
  return s;
}

json moves_json(const std::vector<WelterMove>& moves, const WelterCoins& from) {
  json out = json::array();
  for (const auto& m : moves) out.push_back(format_int_list(welter_apply_move(from, m.from, m.to)));
  return out;
}

// Every subset of {0, …, max_square}, as positions.
std::vector<WelterCoins> all_subsets(std::int64_t max_square) {
  std::vector<WelterCoins> out;
  const std::uint64_t count = std::uint64_t{1} << (max_square + 1);
  for (std::uint64_t mask = 0; mask < count; ++mask) {
    WelterCoins p;
    for (std::int64_t c = 0; c <= max_square; ++c) {
      if ((mask >> c) & 1U) p.push_back(c);
    }
    out.push_back(std::move(p));
  }
  return out;
}

// Attaches the random part's evidence to the exhaustive part; a refutation or fault of either
// decides the verdict.
Outcome combine(Outcome exhaustive, const Outcome& random) {
  if (exhaustive.verdict == Verdict::refuted) {
    exhaustive.evidence["random"] = random.evidence;
    return exhaustive;
  }
  if (random.verdict == Verdict::refuted || random.verdict == Verdict::error ||
      random.verdict == Verdict::inconclusive) {
    Outcome out = random;
    out.evidence = {{"exhaustive", exhaustive.evidence}, {"random", random.evidence}};
    return out;
  }
  exhaustive.evidence["random"] = random.evidence;
  exhaustive.summary += "; " + random.summary + " beyond the domain";
  return exhaustive;
}

// ---------------------------------------------------------------------------------------------
// welter.position_value: the value (and winning moves) of one stated position, by every route.
// ---------------------------------------------------------------------------------------------
Outcome check_position_value(const Claim& c, const CheckContext&) {
  const auto coins = parse_welter_position(require_param(c, "position").get<std::string>());
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
  if (c.params.contains("start_n")) {
    // The position is stated as a starting position [n+1|…|2n] as well.
    const auto n = c.params.at("start_n").get<std::int64_t>();
    o.evidence["start_n"] = n;
    if (welter_start_position(n) != coins) {
      mismatches.push_back({{"what", "start position"},
                            {"printed", format_int_list(coins)},
                            {"computed", format_int_list(welter_start_position(n))}});
    }
  }
  o.evidence["domain"] = "the single stated position, exact computation";
  if (mismatches.empty()) {
    o.verdict = Verdict::verified;
    o.summary = "value " + std::to_string(conway) + " and " + std::to_string(inverse.size()) +
                " winning move(s), by naive mex, Conway (printed and trie) and the relations";
  } else {
    o.verdict = Verdict::refuted;
    o.evidence["mismatches"] = mismatches;
    o.counterexample = mismatches.front();
    o.summary = "printed " + mismatches.front()["what"].get<std::string>() + " differs: printed " +
                mismatches.front()["printed"].dump() + ", computed " +
                mismatches.front()["computed"].dump();
  }
  return o;
}

// ---------------------------------------------------------------------------------------------
// welter.relation_zero, welter.relation_translate: exhaustive by the naive route on every subset
// of a small strip, then RapidCheck with Conway's mating on large random positions.
// ---------------------------------------------------------------------------------------------
Outcome check_relation_zero(const Claim& c, const CheckContext& ctx) {
  const auto max_square = std::min<std::int64_t>(
      ctx.scaled(param<std::int64_t>(c, "exhaustive_max_square", 12), 2), 16);
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
  const auto bits =
      std::min<std::int64_t>(ctx.scaled(param<std::int64_t>(c, "exhaustive_bits", 4), 2), 5);
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
  const std::string route = require_param(c, "route").get<std::string>();
  const auto max_square = std::min<std::int64_t>(
      ctx.scaled(param<std::int64_t>(c, "exhaustive_max_square", 12), 2), 15);
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
    } else {
      throw std::invalid_argument("claim " + c.id + ": unknown route '" + route + "'");
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

// ---------------------------------------------------------------------------------------------
// Starting positions w(n) = [n+1|…|2n].
// ---------------------------------------------------------------------------------------------
Outcome check_start_values(const Claim& c, const CheckContext&) {
  const json& printed = c.asserted;
  // The naive route joins in while the reachable positions stay few (n ≤ 7: C(15, 7) = 6435).
  constexpr std::uint64_t kNaiveStates = 10'000;
  WelterNaive naive(kNaiveStates);
  const auto w = [&](std::int64_t n) -> json {
    const auto coins = welter_start_position(n);
    const Value v = welter_value_conway(coins);
    if (welter_value_by_relations(coins) != v ||
        (welter_naive_state_bound(coins) <= kNaiveStates && naive.value(coins) != v)) {
      throw std::logic_error("welter routes disagree on w(" + std::to_string(n) + ")");
    }
    return v;
  };
  Outcome o = compare_sequence(printed, w, 1,
                               "w(n) = [n+1|…|2n] by Conway's mating (relations and naive agree)");
  return o;
}

Outcome check_start_worked_example(const Claim& c, const CheckContext&) {
  const auto n = require_param(c, "n").get<std::int64_t>();
  const auto printed_from = require_param(c, "printed_from").get<std::int64_t>();
  const auto printed_binary = require_param(c, "binary").get<std::string>();
  const json& a = c.asserted;
  const Value w_n = welter_start_value(n);
  const Value w_inner = welter_start_value(a.at("inner_n").get<std::int64_t>());
  json steps = json::array();
  json failures = json::array();
  const auto step = [&](const std::string& what, const json& printed, const json& computed) {
    steps.push_back({{"step", what}, {"printed", printed}, {"computed", computed}});
    if (printed != computed) failures.push_back(steps.back());
  };
  step("binary digits of n", printed_binary, binary(n));
  step("3(2^3)", a.at("outer"), 3 * 8);
  step("w(11_2) = w(" + std::to_string(a.at("inner_n").get<std::int64_t>()) + ") = 2^2 + w(0)",
       a.at("inner_value"), w_inner);
  step("2^2 + w(0)", a.at("inner_value"), 4 + welter_start_value(0));
  step("3(2^3) + w(3)", a.at("value"), 3 * 8 + w_inner);
  step("w(" + std::to_string(n) + ") directly", a.at("value"), w_n);
  Outcome o;
  o.evidence = {{"domain", "the worked example, each printed equality evaluated"},
                {"steps", steps},
                {"printed_from", printed_from},
                {"binary_of_printed_from", binary(printed_from)},
                {"w_of_printed_from", welter_start_value(printed_from)}};
  if (failures.empty()) {
    o.verdict = Verdict::verified;
    o.summary = "w(" + std::to_string(n) + ") = " + std::to_string(w_n) +
                "; every step of the example holds";
  } else {
    o.verdict = Verdict::refuted;
    o.counterexample = failures.front();
    o.evidence["failures"] = failures;
    o.summary = "step '" + failures.front()["step"].get<std::string>() + "' fails";
  }
  return o;
}

Outcome check_start_recursion(const Claim& c, const CheckContext& ctx) {
  const std::string form = require_param(c, "form").get<std::string>();
  if (form != "as_printed" && form != "reconstructed") {
    throw std::invalid_argument("claim " + c.id + ": form must be as_printed or reconstructed");
  }
  const auto max_n = ctx.scaled(param<std::int64_t>(c, "max_n", 2048), 16);
  std::vector<Value> direct(static_cast<std::size_t>(max_n) + 1);
  for (std::int64_t n = 0; n <= max_n; ++n)
    direct[static_cast<std::size_t>(n)] = welter_start_value(n);
  const auto w = [&](std::int64_t m) { return direct.at(static_cast<std::size_t>(m)); };
  std::uint64_t cases = 0;
  json disagreements = json::array();
  std::uint64_t disagreeing = 0;
  std::map<std::string, std::uint64_t> by_case;
  for (std::int64_t n = 1; n <= max_n; ++n) {
    std::optional<Value> rhs;
    if (form == "as_printed") {
      rhs = welter_start_recursion_as_printed(n, w);
      if (!rhs) continue;  // n = 1: no digit after the leading 1, the printed cases do not apply
    } else {
      rhs = welter_start_value_by_digits(n);
    }
    ++cases;
    if (*rhs != w(n)) {
      ++disagreeing;
      const std::string which =
          welter_start_second_digit_is_one(n) ? "next digit 1" : "next digit 0";
      ++by_case[which];
      if (disagreements.size() < 10) {
        disagreements.push_back({{"n", n},
                                 {"binary", binary(n)},
                                 {"case", which},
                                 {"recursion", *rhs},
                                 {"direct", w(n)}});
      }
    }
  }
  Outcome exhaustive = exhaustive_outcome(
      std::string("n = ") + (form == "as_printed" ? "2" : "1") + ".." + std::to_string(max_n) +
          ", recursion's right-hand side (with w from Conway's mating) against w(n) = [n+1|…|2n]",
      cases, disagreements.empty() ? json(nullptr) : disagreements.front(), "");
  if (!disagreements.empty()) {
    exhaustive.evidence["disagreeing"] = disagreeing;
    exhaustive.evidence["disagreeing_by_case"] = by_case;
    exhaustive.evidence["first_disagreements"] = disagreements;
    exhaustive.summary = std::to_string(disagreeing) + " of " + std::to_string(cases) +
                         " n disagree; smallest n = " + disagreements.front()["n"].dump() + " (" +
                         disagreements.front()["binary"].get<std::string>() +
                         "_2): recursion gives " + disagreements.front()["recursion"].dump() +
                         ", w(n) = " + disagreements.front()["direct"].dump();
    if (form == "as_printed")
      exhaustive.evidence["not_covered"] = "n = 1 (p = 0, no next digit; only w(0) = 0 is given)";
    return exhaustive;
  }
  if (form == "as_printed")
    exhaustive.evidence["not_covered"] = "n = 1 (p = 0, no next digit; only w(0) = 0 is given)";
  const auto random_max_n = param<std::int64_t>(c, "random_max_n", std::int64_t{1} << 20);
  const int random_cases =
      static_cast<int>(ctx.scaled(param<std::int64_t>(c, "random_cases", 40), 5));
  const Outcome random = run_property(
      ctx, "recursion = [n+1|…|2n] for random large n",
      [max_n, random_max_n, form] {
        const auto n = *rc::gen::inRange<std::int64_t>(max_n + 1, random_max_n + 1);
        if (form == "reconstructed") {
          prop_welter_start_recursion(n);
        } else {
          const auto rhs = welter_start_recursion_as_printed(
              n, [](std::int64_t m) { return welter_start_value(m); });
          RC_ASSERT(rhs.has_value() && *rhs == welter_start_value(n));
        }
      },
      random_cases);
  return combine(exhaustive, random);
}

// ---------------------------------------------------------------------------------------------
// Blocks of consecutive coins: [n|…|2n−1], [n+2|…|2n], and the starting position after a move.
// ---------------------------------------------------------------------------------------------
WelterCoins block_position(const std::string& family, std::int64_t n) {
  if (family == "start") return welter_start_position(n);
  if (family == "lower") return welter_block(n, 2 * n - 1);
  if (family == "upper") return welter_block(n + 2, 2 * n);
  // The starting position after the move the document names (checked legal by welter_apply_move).
  if (family == "start_top_to_n") return welter_apply_move(welter_start_position(n), 2 * n, n);
  if (family == "start_empty_n_plus_1")
    return welter_apply_move(welter_start_position(n), n + 1, 0);
  throw std::invalid_argument("unknown welter block family '" + family + "'");
}

std::string block_name(const std::string& family) {
  if (family == "start") return "[n+1|…|2n]";
  if (family == "lower") return "[n|…|2n−1]";
  if (family == "upper") return "[n+2|…|2n]";
  if (family == "start_top_to_n") return "[n+1|…|2n] after moving the coin on 2n to n";
  return "[n+1|…|2n] after moving the coin on n+1 to 0 (emptying the glass of n+1)";
}

Outcome check_block_values(const Claim& c, const CheckContext& ctx) {
  const std::string family = require_param(c, "family").get<std::string>();
  const auto n_min = param<std::int64_t>(c, "n_min", 1);
  const auto max_n = ctx.scaled(param<std::int64_t>(c, "max_n", 2048), n_min + 8);
  const std::optional<Value> value_even =
      c.params.contains("value_even") ? std::optional<Value>(c.params.at("value_even").get<Value>())
                                      : std::nullopt;
  const std::optional<Value> value_odd =
      c.params.contains("value_odd") ? std::optional<Value>(c.params.at("value_odd").get<Value>())
                                     : std::nullopt;
  const bool nonzero = param<bool>(c, "nonzero", false);
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
  const std::string family = require_param(c, "family").get<std::string>();
  Outcome o = compare_sequence(
      c.asserted,
      [&](std::int64_t k) -> json { return welter_value_conway(block_position(family, 2 * k)); }, 1,
      "term k is " + block_name(family) + " at n = 2k");
  o.evidence["indexing"] = "term k (from 1) is the value at even n = 2k";
  return o;
}

// ---------------------------------------------------------------------------------------------
// Conway's mating function (n|0) as the document describes it.
// ---------------------------------------------------------------------------------------------
Outcome check_mating_description(const Claim& c, const CheckContext& ctx) {
  const std::string family = require_param(c, "family").get<std::string>();
  const auto max_n = ctx.scaled(param<std::int64_t>(c, "max_n", 2048), 16);
  // (a) the description against the printed terms, n = 2, 4, …
  const Outcome listed = compare_sequence(
      c.asserted, [](std::int64_t k) -> json { return welter_mating_description(2 * k); }, 1,
      "(n|0) as described, at n = 2k");
  // The other conceivable reading: n counts the terms (1, 2, 3, …).
  json index_reading = json::array();
  for (std::size_t k = 1; k <= c.asserted.size(); ++k)
    index_reading.push_back(welter_mating_description(static_cast<std::int64_t>(k)));
  // (b) the description against the computed values for every even n up to max_n.
  std::uint64_t cases = 0;
  json counterexample = nullptr;
  for (std::int64_t n = 2; n <= max_n && counterexample.is_null(); n += 2) {
    ++cases;
    const Value v = welter_value_conway(block_position(family, n));
    if (v != welter_mating_description(n)) {
      counterexample = {{"n", n},
                        {"binary", binary(n)},
                        {"value", v},
                        {"described", welter_mating_description(n)}};
    }
  }
  Outcome o = listed;
  o.evidence["reading_n_counts_terms"] = {{"values", index_reading},
                                          {"agrees_with_printed", index_reading == c.asserted}};
  o.evidence["against_values"] = {
      {"domain", "even n = 2.." + std::to_string(max_n) + ", " + block_name(family)},
      {"cases", cases},
      {"counterexample", counterexample}};
  if (o.verdict == Verdict::verified && !counterexample.is_null()) {
    o.verdict = Verdict::refuted;
    o.counterexample = counterexample;
    o.summary = "described (n|0) differs from the value at n = " + counterexample["n"].dump();
  } else if (o.verdict == Verdict::verified) {
    o.summary = "the description reproduces every printed term (n = 2, 4, …) and the value of " +
                block_name(family) + " for every even n ≤ " + std::to_string(max_n);
  }
  return o;
}

Outcome check_mating_example(const Claim& c, const CheckContext&) {
  const auto n = require_param(c, "n").get<std::int64_t>();
  const json& a = c.asserted;
  const std::string printed_binary = a.at("binary").get<std::string>();
  const std::int64_t printed_binary_value = std::stoll(printed_binary, nullptr, 2);
  const int d = std::countr_zero(static_cast<std::uint64_t>(n));
  json steps = json::array();
  json failures = json::array();
  const auto step = [&](const std::string& what, const json& printed, const json& computed) {
    steps.push_back({{"step", what}, {"printed", printed}, {"computed", computed}});
    if (printed != computed) failures.push_back(steps.back());
  };
  step("binary digits of n = " + std::to_string(n), printed_binary, binary(n));
  step("terminal zeros d of n", a.at("d"), d);
  step("(n|0) as described", a.at("value"), welter_mating_description(n));
  Outcome o;
  o.evidence = {{"domain", "the printed example, each step evaluated"},
                {"steps", steps},
                {"printed_binary_is", printed_binary_value},
                {"described_at_printed_binary", welter_mating_description(printed_binary_value)}};
  if (failures.empty()) {
    o.verdict = Verdict::verified;
    o.summary = "every step of the example holds";
  } else {
    o.verdict = Verdict::refuted;
    o.counterexample = failures.front();
    o.evidence["failures"] = failures;
    o.summary = "step '" + failures.front()["step"].get<std::string>() + "': printed " +
                failures.front()["printed"].dump() + ", computed " +
                failures.front()["computed"].dump();
  }
  return o;
}

Outcome check_mating_vs_code(const Claim& c, const CheckContext& ctx) {
  const auto max_n = ctx.scaled(param<std::int64_t>(c, "max_n", 1024), 8);
  std::uint64_t cases = 0;
  json counterexample = nullptr;
  for (std::int64_t n = 1; n <= max_n && counterexample.is_null(); ++n) {
    ++cases;
    const Value code = welter_mate_as_printed(n, 0);
    const Value described = welter_mating_description(n);
    if (code != described)
      counterexample = {{"n", n}, {"mate[n, 0]", code}, {"(n|0) described", described}};
  }
  return exhaustive_outcome(
      "n = 1.." + std::to_string(max_n) + ": the code's mate[n, 0] against the described (n|0)",
      cases, counterexample, "");
}

IGV_REGISTER_CHECKER("welter.position_value",
                     "value and winning moves of one Welter position, by every route",
                     check_position_value);
IGV_REGISTER_CHECKER("welter.relation_zero",
                     "[0|a|b|…] = [a−1|b−1|…]: exhaustive (naive) and random (Conway)",
                     check_relation_zero);
IGV_REGISTER_CHECKER("welter.relation_translate",
                     "[a⊕x|b⊕x|…] = [a|b|…] (⊕ x for odd counts): exhaustive and random",
                     check_relation_translate);
IGV_REGISTER_CHECKER(
    "welter.routes_agree",
    "a route of the document against the naive mex (exhaustive) and Conway (random)",
    check_routes_agree);
IGV_REGISTER_CHECKER("welter.start_values", "the printed w(n) = [n+1|…|2n], term by term",
                     check_start_values);
IGV_REGISTER_CHECKER("welter.start_worked_example",
                     "the worked example of the w(n) recursion, step by step",
                     check_start_worked_example);
IGV_REGISTER_CHECKER("welter.start_recursion",
                     "the binary-digit recursion for w(n) against [n+1|…|2n]",
                     check_start_recursion);
IGV_REGISTER_CHECKER("welter.block_values",
                     "values of blocks of consecutive coins for a range of n", check_block_values);
IGV_REGISTER_CHECKER("welter.even_sequence", "the printed values of a block family at even n",
                     check_even_sequence);
IGV_REGISTER_CHECKER("welter.mating_description",
                     "the described (n|0) against the printed sequence and the values",
                     check_mating_description);
IGV_REGISTER_CHECKER("welter.mating_example", "the printed (n|0) example, step by step",
                     check_mating_example);
IGV_REGISTER_CHECKER("welter.mating_vs_code", "the code's mate[n, 0] against the described (n|0)",
                     check_mating_vs_code);

}  // namespace
}  // namespace igv
