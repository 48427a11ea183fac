#include "core/octal/octal_misere_rules.h"

#include <algorithm>

namespace igv {

std::vector<std::int64_t> octal_misere_canonical(std::vector<std::int64_t> heaps) {
  heaps.erase(std::remove(heaps.begin(), heaps.end(), std::int64_t{0}), heaps.end());
  std::sort(heaps.begin(), heaps.end());
  return heaps;
}

std::vector<OctalMisereRules::Position> OctalMisereRules::moves(const Position& heaps) const {
  const Position p = octal_misere_canonical(heaps);
  std::vector<Position> out;
  for (std::size_t j = 0; j < p.size(); ++j) {
    if (j > 0 && p[j] == p[j - 1]) continue;  // a heap of the same size has the same moves
    for_each_octal_option(code, p[j], [&](const HeapOption& o) {
      out.push_back(octal_misere_canonical(octal_misere_after(p, j, o)));
    });
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<std::int64_t> octal_misere_after(const std::vector<std::int64_t>& heaps,
                                             std::size_t index, const HeapOption& option) {
  std::vector<std::int64_t> next;
  next.reserve(heaps.size() + 1);
  for (std::size_t m = 0; m < heaps.size(); ++m) {
    if (m != index) {
      next.push_back(heaps[m]);
      continue;
    }
    if (option.first > 0) next.push_back(option.first);
    if (option.second > 0) next.push_back(option.second);
  }
  return next;
}

}  // namespace igv
