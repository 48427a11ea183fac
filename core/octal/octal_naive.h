// The naive octal kernel: G(n) = mex of the values of every option of a heap of n, each
// option's value being G(first) xor G(second) (the Sprague–Grundy sum rule). O(n^2) time for
// the values up to n; the reference every other octal kernel is checked against.
#pragma once

#include <cstdint>
#include <vector>

#include "core/base/trusted/primitives.h"
#include "core/octal/trusted/octal_rules.h"

namespace igv {

/// G(0), …, G(n_max) by a mex over every option listed by octal_options().
std::vector<Value> octal_values_naive(const OctalCode& code, std::int64_t n_max);

/// G(0), …, G(n_max) of a hexadecimal game by a mex over every option listed by hex_options()
/// (O(n^3) with three-heap splits: the reference, for small heaps).
std::vector<Value> hex_values_naive(const HexCode& code, std::int64_t n_max);

}  // namespace igv
