// Checkers for the general statements of 001_bc98b3364103fd4a about every finite S, each
// exhaustive over all non-empty S ⊆ {1..m} (m a parameter, scaled by the budget), some with a
// RapidCheck run beyond that domain:
//   subtraction.scaling            G_{dS}(n) = G_S(⌊n/d⌋)
//   subtraction.value_bound        G(n) <= k = |S|
//   subtraction.periodicity        ultimately periodic, and p, ℓ <= (k+1)^{s_k}
//   subtraction.window_lemma       the least (ℓ, p) of the window criterion are the period data
//   subtraction.bipartite_iff      1 ∈ S and no even element ⇔ G_S = (01)^∞
//   subtraction.bipartite_no_even  ultimately bipartite ⇒ no even element
//   subtraction.add_period_multiple  G_{S ∪ {x + p t}} = G_S for x ∈ S, p the period of G_S
// Each case holds for every n: periods are proved (core/subtraction/subtraction_proof.h) and
// sequences are compared on a prefix that decides every n.
#include <cmath>

#include "core/base/trusted/errors.h"
#include "properties/base/check_helpers.h"
#include "properties/base/property_runner.h"
#include "properties/subtraction/subtraction_claim_support.h"
#include "properties/subtraction/subtraction_properties.h"

namespace igv {

namespace {

int subset_bound(const Claim& claim, const CheckContext& ctx, int) {
  // A stated m is the claim's domain, checked whole. The default (2^m sets) is scaled by the
  // budget logarithmically, within [3, 20].
  const int m = param<int>(claim, "max_element");
  if (stated(claim, "max_element")) return m;
  const int extra = ctx.budget > 1 ? static_cast<int>(std::floor(std::log2(ctx.budget))) : 0;
  const int fewer = ctx.budget < 1 ? static_cast<int>(std::ceil(-std::log2(ctx.budget))) : 0;
  return std::clamp(m + extra - fewer, 3, 20);
}

std::string subsets_domain(int m) {
  return "every non-empty S ⊆ {1.." + std::to_string(m) + "} (" + std::to_string((1u << m) - 1) +
         " sets), every n >= 0";
}

/// Runs the random part (when params.random is true) and merges it into an exhaustive outcome.
template <class Property>
Outcome with_random(Outcome exhaustive, const Claim& claim, const CheckContext& ctx,
                    const std::string& description, Property property) {
  if (!param<bool>(claim, "random") || exhaustive.verdict != Verdict::verified) return exhaustive;
  const int cases = static_cast<int>(domain_param(claim, ctx, "random_cases", 10));
  Outcome random = run_property(ctx, description, property, cases);
  exhaustive.evidence["random_beyond"] = random.evidence;
  exhaustive.evidence["random_beyond"]["sets"] = "1 to 6 distinct elements in 1..40";
  if (random.verdict == Verdict::refuted) {
    random.evidence["exhaustive"] = exhaustive.evidence;
    return random;
  }
  exhaustive.summary += "; " + random.summary + " beyond (sets in 1..40)";
  return exhaustive;
}

Outcome check_scaling(const Claim& claim, const CheckContext& ctx) {
  const int m = subset_bound(claim, ctx, 8);
  const auto max_d = param<std::int64_t>(claim, "max_d");
  std::uint64_t cases = 0;
  nlohmann::json counterexample = nullptr;
  for (const auto& set : subtraction_subsets(m)) {
    for (std::int64_t d = 1; d <= max_d && counterexample.is_null(); ++d) {
      ctx.require_time(claim.id);
      ++cases;
      if (auto n = subtraction_scaling_counterexample(set, d)) {
        counterexample = {{"S", braces(set)}, {"d", d}, {"n", *n}};
      }
    }
    if (!counterexample.is_null()) break;
  }
  Outcome o = exhaustive_outcome(subsets_domain(m) + ", d = 1.." + std::to_string(max_d), cases,
                                 counterexample, "");
  return with_random(o, claim, ctx, "G_dS(n) = G_S(n/d)", prop_subtraction_scaling);
}

Outcome check_value_bound(const Claim& claim, const CheckContext& ctx) {
  const int m = subset_bound(claim, ctx, 14);
  std::uint64_t cases = 0;
  nlohmann::json counterexample = nullptr;
  std::int64_t tight = 0;
  for (const auto& set : subtraction_subsets(m)) {
    ctx.require_time(claim.id);
    ++cases;
    const auto most = subtraction_max_value(set);
    if (most == static_cast<std::int64_t>(set.size())) ++tight;
    if (most > static_cast<std::int64_t>(set.size())) {
      counterexample = {{"S", braces(set)}, {"max_value", most}, {"k", set.size()}};
      break;
    }
  }
  Outcome o = exhaustive_outcome(subsets_domain(m), cases, counterexample, "");
  o.evidence["sets_reaching_k"] = tight;
  return with_random(o, claim, ctx, "G(n) <= |S|", prop_subtraction_value_bound);
}

/// (k+1)^{s_k} compared with x without overflow.
bool exceeds_power(std::int64_t x, std::size_t k, std::int64_t sk) {
  const double log_bound = static_cast<double>(sk) * std::log(static_cast<double>(k + 1));
  if (log_bound > 60) return false;
  std::int64_t bound = 1;
  for (std::int64_t i = 0; i < sk; ++i) bound *= static_cast<std::int64_t>(k + 1);
  return x > bound;
}

Outcome check_periodicity(const Claim& claim, const CheckContext& ctx) {
  const int m = subset_bound(claim, ctx, 14);
  const bool check_bound = param<bool>(claim, "check_bound");
  std::uint64_t cases = 0;
  nlohmann::json counterexample = nullptr;
  std::int64_t largest_period = 0, largest_preperiod = 0;
  std::string largest_period_set, largest_preperiod_set;
  for (const auto& set : subtraction_subsets(m)) {
    ctx.require_time(claim.id);
    ++cases;
    // Existence: the period is found and its certificate accepted (the proof of periodicity).
    const auto proved = prove_subtraction_period(set, SubtractionPlay::normal);
    if (proved.proved().period > largest_period)
      largest_period = proved.proved().period, largest_period_set = braces(set);
    if (proved.proved().preperiod > largest_preperiod)
      largest_preperiod = proved.proved().preperiod, largest_preperiod_set = braces(set);
    if (check_bound && (exceeds_power(proved.proved().period, set.size(), set.largest()) ||
                        exceeds_power(proved.proved().preperiod, set.size(), set.largest()))) {
      counterexample = {{"S", braces(set)},
                        {"preperiod", proved.proved().preperiod},
                        {"period", proved.proved().period}};
      break;
    }
  }
  Outcome o = exhaustive_outcome(subsets_domain(m), cases, counterexample, "");
  o.evidence["largest_period"] = {{"S", largest_period_set}, {"period", largest_period}};
  o.evidence["largest_preperiod"] = {{"S", largest_preperiod_set},
                                     {"preperiod", largest_preperiod}};
  o.evidence["method"] =
      "each set's period found by Brent window detection and proved by the certificate checker";
  return o;
}

Outcome check_window_lemma(const Claim& claim, const CheckContext& ctx) {
  const int m = subset_bound(claim, ctx, 9);
  std::uint64_t cases = 0;
  nlohmann::json counterexample = nullptr;
  for (const auto& set : subtraction_subsets(m)) {
    ctx.require_time(claim.id);
    ++cases;
    if (auto bad = subtraction_window_lemma_disagreement(set)) {
      counterexample = *bad;
      break;
    }
  }
  Outcome o = exhaustive_outcome(subsets_domain(m) +
                                     "; window criterion searched on a naive prefix vs a prefix "
                                     "10(l + p + s_k) + 1000 long vs the producer",
                                 cases, counterexample, "");
  return with_random(o, claim, ctx, "window lemma = long prefix", prop_subtraction_window_lemma);
}

Outcome check_bipartite_iff(const Claim& claim, const CheckContext& ctx) {
  const int m = subset_bound(claim, ctx, 16);
  std::uint64_t cases = 0, both = 0;
  nlohmann::json counterexample = nullptr;
  for (const auto& set : subtraction_subsets(m)) {
    ctx.require_time(claim.id);
    ++cases;
    const bool left =
        set.elements.front() == 1 &&
        std::all_of(set.elements.begin(), set.elements.end(), [](auto s) { return s % 2 == 1; });
    const auto proved = prove_subtraction_period(set, SubtractionPlay::normal);
    // (01)^∞: purely periodic with period 2 and G(0) G(1) = 0 1 (the certificate's window
    // starts at ℓ = 0 and has s_k + 1 >= 2 values).
    const auto& w = proved.certificate.window;
    const bool right =
        proved.proved().preperiod == 0 && proved.proved().period == 2 && w[0] == 0 && w[1] == 1;
    if (left && right) ++both;
    if (left != right) {
      counterexample = {{"S", braces(set)},
                        {"one_in_S_and_no_even", left},
                        {"G_is_01_repeated", right},
                        {"preperiod", proved.proved().preperiod},
                        {"period", proved.proved().period}};
      break;
    }
  }
  Outcome o = exhaustive_outcome(subsets_domain(m), cases, counterexample, "");
  o.evidence["sets_with_both_sides_true"] = both;
  return o;
}

Outcome check_bipartite_no_even(const Claim& claim, const CheckContext& ctx) {
  const int m = subset_bound(claim, ctx, 16);
  std::uint64_t cases = 0, bipartite = 0;
  nlohmann::json counterexample = nullptr;
  for (const auto& set : subtraction_subsets(m)) {
    ctx.require_time(claim.id);
    ++cases;
    const auto proved = prove_subtraction_period(set, SubtractionPlay::normal);
    if (proved.proved().period != 2) continue;
    ++bipartite;
    for (auto e : set.elements) {
      if (e % 2 == 0) {
        counterexample = {
            {"S", braces(set)}, {"even_element", e}, {"preperiod", proved.proved().preperiod}};
        break;
      }
    }
    if (!counterexample.is_null()) break;
  }
  Outcome o = exhaustive_outcome(subsets_domain(m), cases, counterexample, "");
  o.evidence["ultimately_bipartite_sets"] = bipartite;
  return with_random(o, claim, ctx, "period 2 => no even element",
                     prop_subtraction_bipartite_no_even);
}

Outcome check_add_period_multiple(const Claim& claim, const CheckContext& ctx) {
  const int m = subset_bound(claim, ctx, 10);
  const auto max_t = param<std::int64_t>(claim, "max_t");
  std::uint64_t cases = 0, failing = 0;
  nlohmann::json counterexample = nullptr;
  nlohmann::json smallest_preperiod_zero_failure = nullptr;
  std::uint64_t failures_with_zero_preperiod = 0;
  for (const auto& set : subtraction_subsets(m)) {
    ctx.require_time(claim.id);
    const auto base = prove_subtraction_period(set, SubtractionPlay::normal);
    for (auto x : set.elements) {
      for (std::int64_t t = 1; t <= max_t; ++t) {
        ++cases;
        auto elements = set.elements;
        const std::int64_t added = x + base.proved().period * t;
        if (std::find(elements.begin(), elements.end(), added) == elements.end())
          elements.push_back(added);
        const auto bigger = make_subtraction_set(elements);
        const auto extended = prove_subtraction_period(bigger, SubtractionPlay::normal);
        const auto length = decisive_length(base.proved().preperiod, base.proved().period,
                                            extended.proved().preperiod, extended.proved().period);
        if (!length) throw BudgetExceeded("comparison too long for " + braces(bigger));
        const auto g = subtraction_prefix(set, SubtractionPlay::normal, *length);
        const auto h = subtraction_prefix(bigger, SubtractionPlay::normal, *length);
        if (g == h) continue;
        ++failing;
        std::int64_t n = 0;
        while (g[static_cast<std::size_t>(n)] == h[static_cast<std::size_t>(n)]) ++n;
        nlohmann::json ce = {{"S", braces(set)},
                             {"preperiod_of_S", base.proved().preperiod},
                             {"period_of_S", base.proved().period},
                             {"x", x},
                             {"t", t},
                             {"S_prime", braces(bigger)},
                             {"first_n", n},
                             {"G_S(n)", g[static_cast<std::size_t>(n)]},
                             {"G_S'(n)", h[static_cast<std::size_t>(n)]}};
        if (counterexample.is_null()) counterexample = ce;
        if (base.proved().preperiod == 0) {
          ++failures_with_zero_preperiod;
          if (smallest_preperiod_zero_failure.is_null()) smallest_preperiod_zero_failure = ce;
        }
      }
    }
  }
  Outcome o = exhaustive_outcome(subsets_domain(m) + ", x ∈ S, t = 1.." + std::to_string(max_t),
                                 cases, counterexample, "");
  o.evidence["failing_cases"] = failing;
  o.evidence["failing_cases_with_preperiod_0"] = failures_with_zero_preperiod;
  if (!smallest_preperiod_zero_failure.is_null()) {
    o.evidence["first_failure_with_preperiod_0"] = smallest_preperiod_zero_failure;
  }
  if (!counterexample.is_null()) {
    o.summary = std::to_string(failing) + " of " + std::to_string(cases) +
                " cases fail; first: S = " + counterexample["S"].get<std::string>() +
                ", x = " + counterexample["x"].dump() + ", t = " + counterexample["t"].dump() +
                " (S' = " + counterexample["S_prime"].get<std::string>() +
                ") differs at n = " + counterexample["first_n"].dump();
  }
  return o;
}

Field max_element_field(int fallback) {
  return field::integer("max_element",
                        "every non-empty S ⊆ {1..max_element} is checked (default scaled by the "
                        "budget, logarithmically)")
      .in(3, 20)
      .fallback(fallback)
      .budget_scaled();
}

std::vector<Field> random_fields() {
  return {field::boolean("random", "also run RapidCheck on random sets beyond the domain")
              .fallback(false),
          field::integer("random_cases", "random cases (with random = true)")
              .in(1, 1000000)
              .fallback(200)
              .budget_scaled()};
}

CheckerSchema theorem_schema(const std::string& establishes, int max_element, bool random,
                             std::vector<Field> more = {}) {
  CheckerSchema s;
  s.establishes = establishes;
  s.params = {max_element_field(max_element)};
  if (random) {
    for (auto& f : random_fields()) s.params.push_back(f);
  }
  for (auto& f : more) s.params.push_back(std::move(f));
  s.example_params = {{"max_element", 6}};
  return s;
}

}  // namespace

IGV_REGISTER_CHECKER(
    "subtraction.scaling", "G_dS(n) = G_S(floor(n/d)) over all small S", check_scaling,
    theorem_schema("G_dS(n) = G_S(floor(n/d)) for every n, every non-empty "
                   "S ⊆ {1..max_element} and d = 1..max_d",
                   8, true,
                   {field::integer("max_d", "largest multiplier d").in(1, 100).fallback(6)}));
IGV_REGISTER_CHECKER("subtraction.value_bound", "G(n) <= |S| over all small S", check_value_bound,
                     theorem_schema("G(n) <= |S| for every n and every non-empty "
                                    "S ⊆ {1..max_element}",
                                    14, true));
IGV_REGISTER_CHECKER("subtraction.periodicity", "ultimately periodic, optionally p, l <= (k+1)^s_k",
                     check_periodicity,
                     theorem_schema("G_S is ultimately periodic (period proved by certificate) "
                                    "for every non-empty S ⊆ {1..max_element}, and with "
                                    "check_bound p, l <= (k+1)^{s_k}",
                                    14, false,
                                    {field::boolean("check_bound", "also check p, l <= (k+1)^{s_k}")
                                         .fallback(false)}));
IGV_REGISTER_CHECKER("subtraction.window_lemma", "the window criterion gives the period data",
                     check_window_lemma,
                     theorem_schema("the least (l, p) of the window criterion are the period "
                                    "data of every non-empty S ⊆ {1..max_element}",
                                    9, true));
IGV_REGISTER_CHECKER("subtraction.bipartite_iff", "1 in S and no even element <=> G = (01)^inf",
                     check_bipartite_iff,
                     theorem_schema("1 ∈ S and no even element <=> G_S = (01)^∞, for every "
                                    "non-empty S ⊆ {1..max_element}",
                                    16, false));
IGV_REGISTER_CHECKER("subtraction.bipartite_no_even", "ultimately bipartite => no even element",
                     check_bipartite_no_even,
                     theorem_schema("G_S ultimately of period 2 => S has no even element, for "
                                    "every non-empty S ⊆ {1..max_element}",
                                    16, true));
IGV_REGISTER_CHECKER("subtraction.add_period_multiple", "G_{S u {x+pt}} = G_S",
                     check_add_period_multiple,
                     theorem_schema("G_{S ∪ {x + p t}} = G_S for every non-empty "
                                    "S ⊆ {1..max_element}, x ∈ S, t = 1..max_t",
                                    10, false,
                                    {field::integer("max_t", "largest t").in(1, 100).fallback(3)}));

}  // namespace igv
