#include "core/octal/octal_grundy_naive.h"

#include <stdexcept>
#include <string>

#include "core/octal/octal_grundy_rules.h"

namespace igv {

std::vector<Value> grundy_values_naive(std::int64_t n_max) {
  if (n_max < -1) {
    throw std::out_of_range("Grundy's game: values up to heap " + std::to_string(n_max) +
                            " asked (heaps are 0 or more)");
  }
  std::vector<Value> g;
  g.reserve(static_cast<std::size_t>(n_max + 1));
  MexSet seen;
  for (std::int64_t n = 0; n <= n_max; ++n) {
    seen.clear();
    for_each_grundy_split(n, [&](const GrundySplit& s) {
      seen.add(
          nim_sum(g[static_cast<std::size_t>(s.smaller)], g[static_cast<std::size_t>(s.larger)]));
    });
    g.push_back(seen.mex());
  }
  return g;
}

}  // namespace igv
