#include "core/octal/octal_grundy_rules.h"

#include <algorithm>
#include <functional>

namespace igv {

std::vector<GrundySplit> grundy_splits(std::int64_t n) {
  std::vector<GrundySplit> out;
  for_each_grundy_split(n, [&](const GrundySplit& s) { out.push_back(s); });
  return out;
}

std::size_t GrundySumRules::Hash::operator()(const Position& p) const noexcept {
  std::size_t h = 0x9e3779b97f4a7c15ULL ^ p.size();
  for (auto x : p) h ^= std::hash<std::int64_t>{}(x) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h;
}

std::vector<GrundySumRules::Position> GrundySumRules::moves(const Position& position) const {
  Position heaps = position;
  std::sort(heaps.begin(), heaps.end());
  std::vector<Position> out;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    if (i > 0 && heaps[i] == heaps[i - 1]) continue;  // the same move as for the equal heap
    for_each_grundy_split(heaps[i], [&](const GrundySplit& s) {
      Position next;
      next.reserve(heaps.size() + 1);
      for (std::size_t j = 0; j < heaps.size(); ++j) {
        if (j != i) next.push_back(heaps[j]);
      }
      next.push_back(s.smaller);
      next.push_back(s.larger);
      std::sort(next.begin(), next.end());
      out.push_back(std::move(next));
    });
  }
  return out;
}

}  // namespace igv
