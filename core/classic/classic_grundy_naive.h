// The naive kernel of Grundy's game: G(n) = mex { G(a) xor G(n - a) : 1 <= a < n - a }, every
// split listed by the rules (for_each_grundy_split), O(n^2) time for G(0..n). The reference
// every other kernel of the family is compared with.
#pragma once

#include <cstdint>
#include <vector>

#include "core/base/trusted/primitives.h"

namespace igv {

/// G(0), …, G(n_max) of Grundy's game by a mex over every split. Throws std::out_of_range for
/// n_max < -1 (n_max = -1 gives the empty list).
std::vector<Value> grundy_values_naive(std::int64_t n_max);

}  // namespace igv
