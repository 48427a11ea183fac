// Checkers for the claims of 002_ae6d722b5ea2de0c (Welter's game). Every checker computes what
// it compares: values by Conway's mating (the trie), cross-checked where cheap by the other
// routes (naive mex, the printed all-pairs algorithm, the two relations); a disagreement between
// routes is a harness fault and makes the claim `error`, never a verdict.
//
// This file: Conway's mating function (n|0) as the document describes it.
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
// Conway's mating function (n|0) as the document describes it.
// ---------------------------------------------------------------------------------------------
Outcome check_mating_description(const Claim& c, const CheckContext& ctx) {
  const std::string family = param<std::string>(c, "family");
  const auto max_n = domain_param(c, ctx, "max_n", 16);
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
    o.refute(counterexample);
    o.summary = "described (n|0) differs from the value at n = " + counterexample["n"].dump();
  } else if (o.verdict == Verdict::verified) {
    o.summary = "the description reproduces every printed term (n = 2, 4, …) and the value of " +
                block_name(family) + " for every even n ≤ " + std::to_string(max_n);
  }
  return o;
}

Outcome check_mating_example(const Claim& c, const CheckContext&) {
  const auto n = param<std::int64_t>(c, "n");
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
    o.verdict = Finding::verified;
    o.summary = "every step of the example holds";
  } else {
    o.refute(failures.front());
    o.evidence["failures"] = failures;
    o.summary = "step '" + failures.front()["step"].get<std::string>() + "': printed " +
                failures.front()["printed"].dump() + ", computed " +
                failures.front()["computed"].dump();
  }
  return o;
}

Outcome check_mating_vs_code(const Claim& c, const CheckContext& ctx) {
  const auto max_n = domain_param(c, ctx, "max_n", 8);
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

CheckerSchema mating_description_schema() {
  CheckerSchema s;
  s.establishes =
      "the described (n|0) gives the asserted terms at n = 2, 4, … and equals the "
      "value of the block family at every even n <= max_n";
  s.params = {
      field::choice("family", {"start", "lower", "upper", "start_top_to_n", "start_empty_n_plus_1"},
                    "the block: [n+1|…|2n], [n|…|2n−1], [n+2|…|2n], [n+1|…|2n] after moving 2n to "
                    "n, or after emptying n+1")
          .needed(),
      field::integer("max_n", "largest even n compared with the values")
          .in(2, 1 << 20)
          .fallback(2048)
          .budget_scaled()};
  s.asserted = field::integers("", "the printed terms, at n = 2, 4, 6, …").items(1);
  s.example_params = {{"family", "start_empty_n_plus_1"}, {"max_n", 64}};
  s.example_asserted = {3, 7, 3, 15};
  return s;
}

CheckerSchema mating_example_schema() {
  CheckerSchema s;
  s.establishes =
      "every step of the printed (n|0) example holds: n's binary digits, its "
      "terminal zeros d, and the value";
  s.params = {field::integer("n", "the example's n").in(1, std::int64_t{1} << 40).needed()};
  s.asserted = field::object(
      "",
      {field::string("binary", "the printed binary digits of n").nonempty().needed(),
       field::integer("d", "the printed number of terminal zeros").at_least(0).needed(),
       field::integer("value", "the printed (n|0)").at_least(0).needed()},
      "the printed steps");
  s.example_params = {{"n", 12}};
  s.example_asserted = {{"binary", "1100"}, {"d", 2}, {"value", 7}};
  return s;
}

CheckerSchema mating_vs_code_schema() {
  CheckerSchema s;
  s.establishes = "the printed code's mate[n, 0] equals the described (n|0) for n = 1..max_n";
  s.params = {
      field::integer("max_n", "largest n compared").in(1, 1 << 20).fallback(1024).budget_scaled()};
  s.example_params = {{"max_n", 64}};
  return s;
}

IGV_REGISTER_CHECKER("welter.mating_description",
                     "the described (n|0) against the printed sequence and the values",
                     check_mating_description, mating_description_schema());
IGV_REGISTER_CHECKER("welter.mating_example", "the printed (n|0) example, step by step",
                     check_mating_example, mating_example_schema());
IGV_REGISTER_CHECKER("welter.mating_vs_code", "the code's mate[n, 0] against the described (n|0)",
                     check_mating_vs_code, mating_vs_code_schema());

}  // namespace
}  // namespace igv
