#pragma once
// How far a proved period's values reach in 64 bits: the one bound shared by the harness's
// reference values (properties/kernels/proved_values.cpp) and a game's value oracle past its
// kernel (core/octal/octal_hex_family.cpp).
#include <algorithm>
#include <cstdint>
#include <limits>

#include "core/base/trusted/certificate.h"

namespace igv {

/// The largest heap n whose value G(n) = slope·i + residues[i] + turns·saltus stays below 2^63
/// in magnitude (2^63 - 1 when the values do not grow).
inline std::int64_t proved_period_largest_heap(const ProvedPeriod& g) {
  __extension__ using Wide = __int128;
  constexpr std::int64_t kLargest = std::numeric_limits<std::int64_t>::max();
  if (g.saltus == 0 && g.slope == 0) return kLargest;
  Wide base = 0;  // the largest residue term |slope·i + residues[i]| of one period
  const auto window = static_cast<std::int64_t>(g.residues.size());
  for (std::int64_t i = 0; i < window; ++i) {
    const Wide v = static_cast<Wide>(g.slope) * i + g.residues[static_cast<std::size_t>(i)];
    base = std::max(base, v < 0 ? -v : v);
  }
  const auto fits = [&](std::int64_t n) {
    const Wide turns = n >= g.preperiod + g.period ? (n - g.preperiod) / g.period : 0;
    const Wide grow = turns * (g.saltus < 0 ? -static_cast<Wide>(g.saltus) : g.saltus);
    return base + grow < static_cast<Wide>(kLargest);
  };
  if (fits(kLargest)) return kLargest;
  std::int64_t lo = 0, hi = kLargest;  // fits(lo), !fits(hi)
  while (hi - lo > 1) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    (fits(mid) ? lo : hi) = mid;
  }
  return lo;
}

}  // namespace igv
