// Running a RapidCheck property from a checker, so that the same property function serves the
// Boost.Test suite (RC_BOOST_PROP) and `verify` (which records cases, seed and the shrunk
// counterexample in the report).
//
//   void prop_sum_rule(const RandomGame& g, const RandomGame& h) { RC_ASSERT(...); }
//   RC_BOOST_PROP(sum_rule, (const RandomGame& g, const RandomGame& h)) { prop_sum_rule(g, h); }
//   Outcome o = run_property(ctx, "sum rule on random games", prop_sum_rule);
//
// RapidCheck keeps process-wide state while a property runs, so runs are serialised by a mutex;
// other claims keep computing in parallel.
#pragma once

#include <rapidcheck.h>

#include <string>

#include "properties/base/checker.h"

namespace igv {

namespace detail {
Outcome run_rc_property(const CheckContext& ctx, const std::string& description,
                        const rc::detail::Property& property, int cases, int max_size);
}

/// Runs `testable` for ctx.random_cases cases (or `cases` when positive) with ctx.seed.
/// `passed` with {cases, seed, max_size} as evidence, or `refuted` with the shrunk
/// counterexample, the seed and RapidCheck's reproduce string.
template <class Testable>
Outcome run_property(const CheckContext& ctx, const std::string& description, Testable&& t,
                     int cases = 0, int max_size = 100) {
  return detail::run_rc_property(
      ctx, description, rc::detail::toProperty(std::forward<Testable>(t)), cases, max_size);
}

}  // namespace igv
