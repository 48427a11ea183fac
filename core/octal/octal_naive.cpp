#include "core/octal/trusted/octal_naive.h"

#include <stdexcept>
#include <string>

namespace igv {

std::vector<Value> octal_values_naive(const OctalCode& code, std::int64_t n_max) {
  if (n_max < -1) {
    throw std::out_of_range("octal game " + code.canonical() + ": values up to heap " +
                            std::to_string(n_max) + " asked (heaps are 0 or more)");
  }
  std::vector<Value> g;
  g.reserve(static_cast<std::size_t>(n_max + 1));
  MexSet seen;
  for (std::int64_t n = 0; n <= n_max; ++n) {
    seen.clear();
    for_each_octal_option(code, n, [&](const HeapOption& o) {
      seen.add(
          nim_sum(g[static_cast<std::size_t>(o.first)], g[static_cast<std::size_t>(o.second)]));
    });
    g.push_back(seen.mex());
  }
  return g;
}

std::vector<Value> hex_values_naive(const HexCode& code, std::int64_t n_max) {
  if (n_max < -1) {
    throw std::out_of_range("hexadecimal game " + code.canonical() + ": values up to heap " +
                            std::to_string(n_max) + " asked (heaps are 0 or more)");
  }
  std::vector<Value> g;
  g.reserve(static_cast<std::size_t>(n_max + 1));
  MexSet seen;
  for (std::int64_t n = 0; n <= n_max; ++n) {
    seen.clear();
    for_each_hex_option(code, n, [&](const HexHeapOption& o) {
      seen.add(nim_sum(
          nim_sum(g[static_cast<std::size_t>(o.first)], g[static_cast<std::size_t>(o.second)]),
          g[static_cast<std::size_t>(o.third)]));
    });
    g.push_back(seen.mex());
  }
  return g;
}

}  // namespace igv
