#include "core/classic/classic_wythoff_rules.h"

#include <algorithm>

namespace igv {

std::vector<WythoffRules::Position> WythoffRules::moves(const Position& p) const {
  const auto [x, y] = p;
  std::vector<Position> out;
  for (std::int64_t a = 0; a < x; ++a) out.emplace_back(a, y);
  for (std::int64_t b = 0; b < y; ++b) out.emplace_back(x, b);
  for (std::int64_t k = 1; k <= std::min(x, y); ++k) out.emplace_back(x - k, y - k);
  return out;
}

}  // namespace igv
