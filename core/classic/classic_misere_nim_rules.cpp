#include "core/classic/classic_misere_nim_rules.h"

namespace igv {

std::vector<MisereNimRules::Position> MisereNimRules::moves(const Position& heaps) const {
  std::vector<Position> out;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    for (std::int64_t smaller = 0; smaller < heaps[i]; ++smaller) {
      Position next = heaps;
      next[i] = smaller;
      out.push_back(std::move(next));
    }
  }
  return out;
}

}  // namespace igv
