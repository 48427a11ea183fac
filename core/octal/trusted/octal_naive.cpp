#include "core/octal/trusted/octal_naive.h"

#include <stdexcept>
#include <string>

namespace igv {

namespace {

/// G(0..n_max) of a take-and-break game, heap by heap, as the mex of its options' values:
/// `options(n, g, add)` calls add(v) for each option of heap n, v the nim-sum of the values in
/// `g` (the smaller heaps') of the heaps it leaves. `game` names the game in the error.
template <class Options>
std::vector<Value> mex_of_every_option(const std::string& game, std::int64_t n_max,
                                       Options options) {
  if (n_max < -1) {
    throw std::out_of_range(game + ": values up to heap " + std::to_string(n_max) +
                            " asked (heaps are 0 or more)");
  }
  std::vector<Value> g;
  g.reserve(static_cast<std::size_t>(n_max + 1));
  MexSet seen;
  for (std::int64_t n = 0; n <= n_max; ++n) {
    seen.clear();
    options(n, g, [&](Value v) { seen.add(v); });
    g.push_back(seen.mex());
  }
  return g;
}

Value at(const std::vector<Value>& g, std::int64_t heap) {
  return g[static_cast<std::size_t>(heap)];
}

}  // namespace

std::vector<Value> octal_values_naive(const OctalCode& code, std::int64_t n_max) {
  return mex_of_every_option("octal game " + code.canonical(), n_max,
                             [&](std::int64_t n, const std::vector<Value>& g, const auto& add) {
                               for_each_octal_option(code, n, [&](const HeapOption& o) {
                                 add(nim_sum(at(g, o.first), at(g, o.second)));
                               });
                             });
}

std::vector<Value> hex_values_naive(const HexCode& code, std::int64_t n_max) {
  return mex_of_every_option(
      "hexadecimal game " + code.canonical(), n_max,
      [&](std::int64_t n, const std::vector<Value>& g, const auto& add) {
        for_each_hex_option(code, n, [&](const HexHeapOption& o) {
          add(nim_sum(nim_sum(at(g, o.first), at(g, o.second)), at(g, o.third)));
        });
      });
}

}  // namespace igv
