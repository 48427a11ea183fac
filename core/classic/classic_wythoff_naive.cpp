#include "core/classic/classic_wythoff_naive.h"

#include <stdexcept>
#include <string>

namespace igv {

std::vector<Value> wythoff_table_naive(std::int64_t n) {
  if (n < 0) throw std::out_of_range("Wythoff table up to " + std::to_string(n) + " asked");
  WythoffNaiveSolver solver;
  std::vector<Value> out;
  out.reserve(static_cast<std::size_t>((n + 1) * (n + 1)));
  for (std::int64_t x = 0; x <= n; ++x)
    for (std::int64_t y = 0; y <= n; ++y) out.push_back(solver.value({x, y}));
  return out;
}

}  // namespace igv
