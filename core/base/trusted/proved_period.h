// Trusted: the checker library, core/base/trusted/ (core/README.md, "The proof boundary").
//
// What an accepted certificate established, made from the checker's own recomputed values: the
// one builder of a ProvedPeriod that stores the values themselves (slope 0), for the octal,
// hexadecimal and subtraction checkers.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/base/trusted/certificate.h"
#include "core/base/trusted/primitives.h"

namespace igv {

/// The sequence `what` proved periodic from `preperiod` with `period` and `saltus`, its values
/// g(0 .. preperiod + period − 1) taken from `g` (which holds at least that many).
template <class Values>
ProvedPeriod proved_period_of_values(std::string what, std::int64_t preperiod, std::int64_t period,
                                     std::int64_t saltus, const Values& g) {
  ProvedPeriod proved;
  proved.what = std::move(what);
  proved.preperiod = preperiod;
  proved.period = period;
  proved.saltus = saltus;
  proved.residues.reserve(static_cast<std::size_t>(preperiod + period));
  for (std::int64_t n = 0; n < preperiod + period; ++n)
    proved.residues.push_back(static_cast<std::int32_t>(g[static_cast<std::size_t>(n)]));
  return proved;
}

}  // namespace igv
