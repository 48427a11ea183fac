// The slides' general theorems on SUB(S) as RapidCheck properties (001_bc98b3364103fd4a), one
// plain function each, run from Boost.Test (RC_BOOST_PROP) and from the checkers
// (igv::run_property), plus the deterministic per-set checks they share with the exhaustive
// checkers.
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "core/subtraction/trusted/subtraction_rules.h"

namespace igv {

/// A random finite subtraction set: 1 to 6 distinct elements in 1..40.
struct RandomSubtractionSet {
  SubtractionSet set;
};

/// Naive kernel = window kernel on the first 400 heaps, both plays.
void prop_subtraction_kernels_agree(const RandomSubtractionSet& s);
/// The window lemma: the least (ℓ, p) with G(n) = G(n+p) on ℓ <= n <= ℓ + s_k, found by
/// direct search on a naive prefix, equals the producer's (ℓ, p) and the period seen on a
/// prefix ten times longer.
void prop_subtraction_window_lemma(const RandomSubtractionSet& s);
/// Ultimately bipartite (period 2) implies no even element.
void prop_subtraction_bipartite_no_even(const RandomSubtractionSet& s);
/// G_{dS}(n) = G_S(floor(n/d)) for every n (decided through both proved periods).
void prop_subtraction_scaling(const RandomSubtractionSet& s, int d);
/// G(n) <= |S| for every n (all values of the preperiod and one period).
void prop_subtraction_value_bound(const RandomSubtractionSet& s);

/// The disagreement between the slides' window criterion, a ten-times-longer prefix and the
/// producer, or nullopt when all three agree.
std::optional<nlohmann::json> subtraction_window_lemma_disagreement(const SubtractionSet& set);

/// The first n where G_{dS}(n) != G_S(floor(n/d)), or nullopt (every n).
std::optional<std::int64_t> subtraction_scaling_counterexample(const SubtractionSet& set,
                                                               std::int64_t d);

/// max G over every n (preperiod plus one period).
std::int64_t subtraction_max_value(const SubtractionSet& set);

}  // namespace igv

namespace rc {
template <>
struct Arbitrary<igv::RandomSubtractionSet> {
  static Gen<igv::RandomSubtractionSet> arbitrary();
};
}  // namespace rc

namespace igv {
void showValue(const RandomSubtractionSet& s, std::ostream& os);
}  // namespace igv
