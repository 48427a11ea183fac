// The naive kernel of Wythoff's game: memoised mex over every move of the rules
// (NaiveSolver<WythoffRules>), the reference every other Wythoff kernel is compared with.
// Filling the table up to (n, n) costs O(n^3).
#pragma once

#include <cstdint>
#include <vector>

#include "core/base/naive_solver.h"
#include "core/base/trusted/primitives.h"
#include "core/classic/classic_wythoff_rules.h"

namespace igv {

using WythoffNaiveSolver = NaiveSolver<WythoffRules>;

/// G(x, y) for 0 <= x, y <= n, row-major ((n + 1) * x + y), by the naive solver.
std::vector<Value> wythoff_table_naive(std::int64_t n);

}  // namespace igv
