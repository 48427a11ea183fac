#include "core/octal/octal_grundy_naive.h"

#include "core/octal/octal_grundy_rules.h"
#include "core/octal/trusted/octal_naive.h"

namespace igv {

std::vector<Value> grundy_values_naive(std::int64_t n_max) {
  // The heap-by-heap mex loop of the trusted naive octal kernel, with Grundy's game's options
  // (every split of a heap into two unequal heaps).
  return mex_of_every_option("Grundy's game", n_max,
                             [](std::int64_t n, const std::vector<Value>& g, const auto& add) {
                               for_each_grundy_split(n, [&](const GrundySplit& s) {
                                 add(nim_sum(g[static_cast<std::size_t>(s.smaller)],
                                             g[static_cast<std::size_t>(s.larger)]));
                               });
                             });
}

}  // namespace igv
