// Trusted: the checker library, core/base/trusted/ (core/README.md, "The proof boundary").
//
// The two primitives every kernel shares: mex and nim-sum.
//
// mex X = min(N \ X) (Frolov 2012, Definition 3; Ferguson §1.3). Naive and fast kernels may
// share these and nothing else but the rules, so that they stay two independent routes.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace igv {

/// Sprague–Grundy values. Signed, because Frolov's g(0,0) = -1 (property G2).
using Value = std::int64_t;

/// Nim-sum (XOR) of two non-negative values.
constexpr Value nim_sum(Value a, Value b) {
  return a ^ b;
}

/// mex of a list of values: the least non-negative integer not in the list. Negative entries
/// are ignored. O(size) time and memory.
Value mex(std::span<const Value> values);

/// The distinct prime factors of n >= 1, increasing (trial division; for the period-minimality
/// test of every certificate checker: p is the least period when no p / q, q prime, is one).
std::vector<std::int64_t> prime_factors(std::int64_t n);

/// A reusable mex accumulator for hot loops: add values, read the mex, clear.
/// Memory grows to the largest value added below `limit` (values >= limit cannot change the
/// mex of fewer than `limit` values, so they are dropped).
class MexSet {
 public:
  void clear();
  void add(Value v);
  [[nodiscard]] Value mex() const;

 private:
  std::vector<std::uint64_t> words_;
  std::vector<std::size_t> touched_;
};

}  // namespace igv
