// Checkers for the claims of 002_ae6d722b5ea2de0c (Welter's game). Every checker computes what
// it compares: values by Conway's mating (the trie), cross-checked where cheap by the other
// routes (naive mex, the printed all-pairs algorithm, the two relations); a disagreement between
// routes is a harness fault and makes the claim `error`, never a verdict.
//
// This file: the starting positions w(n) = [n+1|…|2n] and the recursion for w(n).
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
  const auto n = param<std::int64_t>(c, "n");
  const auto printed_from = param<std::int64_t>(c, "printed_from");
  const auto printed_binary = param<std::string>(c, "binary");
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
    o.verdict = Finding::verified;
    o.summary = "w(" + std::to_string(n) + ") = " + std::to_string(w_n) +
                "; every step of the example holds";
  } else {
    o.refute(failures.front());
    o.evidence["failures"] = failures;
    o.summary = "step '" + failures.front()["step"].get<std::string>() + "' fails";
  }
  return o;
}

Outcome check_start_recursion(const Claim& c, const CheckContext& ctx) {
  const std::string form = param<std::string>(c, "form");
  const auto max_n = domain_param(c, ctx, "max_n", 16);
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
  const auto random_max_n = std::max(param<std::int64_t>(c, "random_max_n"), max_n + 1);
  const int random_cases = static_cast<int>(domain_param(c, ctx, "random_cases", 5));
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

CheckerSchema start_values_schema() {
  CheckerSchema s;
  s.establishes =
      "the asserted terms are w(n) = [n+1|…|2n] for n = 1, 2, … (Conway's mating, "
      "cross-checked by the relations and the naive mex)";
  s.asserted = field::integers("", "w(1), w(2), …").items(1);
  s.example_asserted = {2, 6, 4, 12};
  return s;
}

CheckerSchema start_worked_example_schema() {
  CheckerSchema s;
  s.establishes = "every printed equality of the worked example w(n) = 3(2^3) + w(11_2) = … holds";
  s.params = {
      field::integer("n", "the example's n").in(1, 1 << 20).needed(),
      field::integer("printed_from", "the n the printed text starts from (kept as evidence)")
          .in(0, 1 << 20)
          .needed(),
      field::string("binary", "n's binary digits as printed").nonempty().needed()};
  s.asserted =
      field::object("",
                    {field::integer("outer", "the printed 3(2^3)").needed(),
                     field::integer("inner_n", "the n of the inner w(11_2)").at_least(0).needed(),
                     field::integer("inner_value", "the printed w(11_2)").needed(),
                     field::integer("value", "the printed w(n)").needed()},
                    "the printed steps");
  s.example_params = {{"n", 11}, {"printed_from", 10}, {"binary", "1011"}};
  s.example_asserted = {{"outer", 24}, {"inner_n", 3}, {"inner_value", 4}, {"value", 28}};
  return s;
}

CheckerSchema start_recursion_schema() {
  CheckerSchema s;
  s.establishes =
      "the stated form of the binary-digit recursion for w(n) equals [n+1|…|2n] for "
      "every n <= max_n, and for random larger n";
  s.params = {field::choice("form", {"as_printed", "reconstructed"},
                            "the recursion as printed, or as reconstructed")
                  .needed(),
              field::integer("max_n", "largest n checked exhaustively")
                  .in(2, 1 << 22)
                  .fallback(2048)
                  .budget_scaled(),
              field::integer("random_cases", "random n beyond max_n")
                  .in(1, 100000)
                  .fallback(40)
                  .budget_scaled(),
              field::integer("random_max_n", "largest random n")
                  .in(3, std::int64_t{1} << 40)
                  .fallback(std::int64_t{1} << 20)};
  s.example_params = {{"form", "reconstructed"}, {"max_n", 256}};
  return s;
}

IGV_REGISTER_CHECKER("welter.start_values", "the printed w(n) = [n+1|…|2n], term by term",
                     check_start_values, start_values_schema());
IGV_REGISTER_CHECKER("welter.start_worked_example",
                     "the worked example of the w(n) recursion, step by step",
                     check_start_worked_example, start_worked_example_schema());
IGV_REGISTER_CHECKER("welter.start_recursion",
                     "the binary-digit recursion for w(n) against [n+1|…|2n]",
                     check_start_recursion, start_recursion_schema());

}  // namespace
}  // namespace igv
