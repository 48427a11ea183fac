// Trusted: the checker library, core/octal/trusted/ (core/README.md, "The proof boundary").
//
// The naive octal kernel: G(n) = mex of the values of every option of a heap of n, each
// option's value being G(first) xor G(second) (the Sprague–Grundy sum rule). O(n^2) time for
// the values up to n; the reference every other octal kernel is checked against.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/base/trusted/primitives.h"
#include "core/octal/trusted/octal_rules.h"

namespace igv {

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

/// G(0), …, G(n_max) by a mex over every option listed by octal_options().
std::vector<Value> octal_values_naive(const OctalCode& code, std::int64_t n_max);

/// G(0), …, G(n_max) of a hexadecimal game by a mex over every option listed by hex_options()
/// (O(n^3) with three-heap splits: the reference, for small heaps).
std::vector<Value> hex_values_naive(const HexCode& code, std::int64_t n_max);

}  // namespace igv
