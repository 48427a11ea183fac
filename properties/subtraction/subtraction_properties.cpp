#include "properties/subtraction/subtraction_properties.h"

#include <algorithm>
#include <ostream>
#include <set>

#include "core/base/trusted/errors.h"
#include "core/subtraction/subtraction_fast_window.h"
#include "core/subtraction/subtraction_proof.h"
#include "core/subtraction/trusted/subtraction_naive.h"
#include "properties/subtraction/subtraction_claim_support.h"

namespace rc {
Gen<igv::RandomSubtractionSet> Arbitrary<igv::RandomSubtractionSet>::arbitrary() {
  // Sizes and ranges keep each case's period search in the milliseconds.
  constexpr int kLargestElement = 40;
  constexpr std::size_t kMostElements = 6;
  return gen::map(gen::mapcat(gen::inRange<std::size_t>(1, kMostElements + 1),
                              [](std::size_t count) {
                                return gen::container<std::set<int>>(
                                    count, gen::inRange(1, kLargestElement + 1));
                              }),
                  [](const std::set<int>& s) {
                    return igv::RandomSubtractionSet{
                        igv::make_subtraction_set(std::vector<std::int64_t>(s.begin(), s.end()))};
                  });
}
}  // namespace rc

namespace igv {

void showValue(const RandomSubtractionSet& s, std::ostream& os) {
  os << "{" << s.set.to_string() << "}";
}

void prop_subtraction_kernels_agree(const RandomSubtractionSet& s) {
  for (auto play : {SubtractionPlay::normal, SubtractionPlay::misere}) {
    RC_ASSERT(subtraction_values_naive(s.set, play, 400) ==
              subtraction_values_window(s.set, play, 400));
  }
}

std::optional<nlohmann::json> subtraction_window_lemma_disagreement(const SubtractionSet& set) {
  // The period data as the checker library proved them (a faulty producer's certificate is
  // rejected there: an error, never a disagreement with the lemma).
  const auto proved = prove_subtraction_period(set, SubtractionPlay::normal);
  const ProvedPeriod& cert = proved.proved();
  const std::int64_t width = set.largest();
  const std::int64_t length = 10 * (cert.preperiod + cert.period + width) + 1000;
  const auto g = subtraction_values_naive(set, SubtractionPlay::normal, length);
  auto at = [&](std::int64_t n) { return g[static_cast<std::size_t>(n)]; };
  // The slides' criterion, searched directly: the least p for which some ℓ has
  // G(n) = G(n + p) for ℓ <= n <= ℓ + s_k, then the least such ℓ.
  std::int64_t lemma_pre = -1, lemma_per = -1;
  for (std::int64_t p = 1; p < length / 3 && lemma_per < 0; ++p) {
    std::int64_t run = 0;  // consecutive n ending here with G(n) = G(n + p)
    for (std::int64_t n = 0; n + p < length; ++n) {
      run = at(n) == at(n + p) ? run + 1 : 0;
      if (run == width + 1) {
        lemma_pre = n - width;
        lemma_per = p;
        break;
      }
    }
  }
  // The period seen on the long prefix: the least p for which the second half is p-periodic,
  // then the least ℓ from which G(n) = G(n + p) holds on the whole prefix.
  std::int64_t seen_pre = -1, seen_per = -1;
  for (std::int64_t p = 1; p < length / 4; ++p) {
    bool periodic = true;
    for (std::int64_t n = length / 2; n + p < length && periodic; ++n)
      periodic = at(n) == at(n + p);
    if (!periodic) continue;
    seen_per = p;
    seen_pre = length / 2;
    while (seen_pre > 0 && at(seen_pre - 1) == at(seen_pre - 1 + p)) --seen_pre;
    break;
  }
  if (lemma_pre == cert.preperiod && lemma_per == cert.period && seen_pre == cert.preperiod &&
      seen_per == cert.period) {
    return std::nullopt;
  }
  return nlohmann::json{
      {"S", braces(set)},
      {"window_criterion", {{"preperiod", lemma_pre}, {"period", lemma_per}}},
      {"long_prefix", {{"preperiod", seen_pre}, {"period", seen_per}, {"length", length}}},
      {"proved", {{"preperiod", cert.preperiod}, {"period", cert.period}}}};
}

void prop_subtraction_window_lemma(const RandomSubtractionSet& s) {
  const auto bad = subtraction_window_lemma_disagreement(s.set);
  if (bad) RC_FAIL(bad->dump());
}

void prop_subtraction_bipartite_no_even(const RandomSubtractionSet& s) {
  const auto proved = prove_subtraction_period(s.set, SubtractionPlay::normal);
  if (proved.proved().period != 2) return;
  for (auto e : s.set.elements) RC_ASSERT(e % 2 != 0);
}

std::optional<std::int64_t> subtraction_scaling_counterexample(const SubtractionSet& set,
                                                               std::int64_t d) {
  std::vector<std::int64_t> scaled;
  for (auto s : set.elements) scaled.push_back(d * s);
  const auto dset = make_subtraction_set(scaled);
  const auto base = prove_subtraction_period(set, SubtractionPlay::normal);
  const auto multiplied = prove_subtraction_period(dset, SubtractionPlay::normal);
  // G_S(floor(n/d)) is periodic with period d·p from d·ℓ on.
  const auto length = decisive_length(d * base.proved().preperiod, d * base.proved().period,
                                      multiplied.proved().preperiod, multiplied.proved().period);
  if (!length) throw BudgetExceeded("scaling comparison too long for " + braces(set));
  const auto g = subtraction_prefix(set, SubtractionPlay::normal, *length / d + 1);
  const auto gd = subtraction_prefix(dset, SubtractionPlay::normal, *length);
  for (std::int64_t n = 0; n < *length; ++n) {
    if (gd[static_cast<std::size_t>(n)] != g[static_cast<std::size_t>(n / d)]) return n;
  }
  return std::nullopt;
}

void prop_subtraction_scaling(const RandomSubtractionSet& s, int d) {
  const auto bad = subtraction_scaling_counterexample(s.set, std::abs(d) % 6 + 1);
  RC_ASSERT(!bad.has_value());
}

std::int64_t subtraction_max_value(const SubtractionSet& set) {
  const auto proved = prove_subtraction_period(set, SubtractionPlay::normal);
  const auto g = subtraction_prefix(set, SubtractionPlay::normal,
                                    proved.proved().preperiod + proved.proved().period);
  return *std::max_element(g.begin(), g.end());
}

void prop_subtraction_value_bound(const RandomSubtractionSet& s) {
  RC_ASSERT(subtraction_max_value(s.set) <= static_cast<std::int64_t>(s.set.size()));
}

}  // namespace igv
