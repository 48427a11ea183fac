#include "core/welter/welter_fast_conway.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

namespace igv {

Value welter_sum_as_printed(Value a, Value b) {
  if (a >= 0 && b >= 0) return nim_sum(a, b);
  // sum[0, -1] = sum[-1, 0] = -1 (002_ae6d722b5ea2de0c, "Computation").
  if ((a == 0 && b == -1) || (a == -1 && b == 0)) return -1;
  throw std::invalid_argument("sum[" + std::to_string(a) + ", " + std::to_string(b) +
                              "] is not defined by the document's code");
}

Value welter_mate_as_printed(Value a, Value b) {
  return welter_sum_as_printed(a, b) - 1;
}

Value welter_value_conway_as_printed(std::span<const std::int64_t> coins) {
  // The recursion w[y, e] of the document, written as a loop: every round removes the first
  // maximal pair of the agreement matrix e (Position[e, Max[e], {2}, 1]) and nim-adds its mate.
  std::vector<std::int64_t> y(coins.begin(), coins.end());
  Value value = 0;
  while (y.size() >= 2) {
    int best = -2;
    std::size_t bi = 0;
    std::size_t bj = 0;
    for (std::size_t i = 0; i < y.size(); ++i) {
      for (std::size_t j = 0; j < y.size(); ++j) {
        // IntegerExponent[Abs[x_i - x_j], 2], with Infinity (i == j or equal coins) -> -1.
        const int agreement = y[i] == y[j] ? -1
                                           : std::countr_zero(static_cast<std::uint64_t>(
                                                 y[i] > y[j] ? y[i] - y[j] : y[j] - y[i]));
        if (agreement > best) {
          best = agreement;
          bi = i;
          bj = j;
        }
      }
    }
    const Value u = welter_mate_as_printed(y[bi], y[bj]);
    const std::size_t hi = std::max(bi, bj);
    const std::size_t lo = std::min(bi, bj);
    y.erase(y.begin() + static_cast<std::ptrdiff_t>(hi));
    y.erase(y.begin() + static_cast<std::ptrdiff_t>(lo));
    value = welter_sum_as_printed(u, value);
  }
  if (y.size() == 1) value = welter_sum_as_printed(value, y.front());
  return value;
}

namespace {

std::uint64_t reverse_bits(std::uint64_t x) {
  x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
  x = ((x >> 8) & 0x00FF00FF00FF00FFULL) | ((x & 0x00FF00FF00FF00FFULL) << 8);
  x = ((x >> 16) & 0x0000FFFF0000FFFFULL) | ((x & 0x0000FFFF0000FFFFULL) << 16);
  return (x >> 32) | (x << 32);
}

struct Mated {
  Value value = 0;            // nim-sum of the mates made inside the subtree
  std::int64_t unmated = -1;  // the coin handed up (the subtree's size is odd), or -1
};

// The subtree of the coins in [lo, hi) of `sorted`, which share their `bit` lowest bits.
Mated mate_subtree(const std::vector<std::int64_t>& sorted, std::size_t lo, std::size_t hi,
                   int bit) {
  if (hi == lo) return {};
  if (hi - lo == 1) return {0, sorted[lo]};
  const std::uint64_t mask = std::uint64_t{1} << bit;
  const auto split = static_cast<std::size_t>(
      std::partition_point(
          sorted.begin() + static_cast<std::ptrdiff_t>(lo),
          sorted.begin() + static_cast<std::ptrdiff_t>(hi),
          [mask](std::int64_t c) { return (static_cast<std::uint64_t>(c) & mask) == 0; }) -
      sorted.begin());
  const Mated zero = mate_subtree(sorted, lo, split, bit + 1);
  const Mated one = mate_subtree(sorted, split, hi, bit + 1);
  Mated out{nim_sum(zero.value, one.value), -1};
  if (zero.unmated >= 0 && one.unmated >= 0) {
    // The two coins handed up share exactly `bit` low-order digits, more than either shares
    // with any coin outside this subtree: Conway's rule mates them here.
    out.value = nim_sum(out.value, (zero.unmated ^ one.unmated) - 1);
  } else {
    out.unmated = std::max(zero.unmated, one.unmated);
  }
  return out;
}

}  // namespace

std::vector<std::int64_t> welter_low_bit_order(const WelterCoins& coins) {
  std::vector<std::uint64_t> keys(coins.size());
  for (std::size_t i = 0; i < coins.size(); ++i) {
    keys[i] = reverse_bits(static_cast<std::uint64_t>(coins[i]));
  }
  std::sort(keys.begin(), keys.end());
  std::vector<std::int64_t> sorted(coins.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    sorted[i] = static_cast<std::int64_t>(reverse_bits(keys[i]));
  }
  return sorted;
}

Value welter_value_conway(const WelterCoins& coins) {
  const auto sorted = welter_low_bit_order(coins);
  const Mated root = mate_subtree(sorted, 0, sorted.size(), 0);
  return root.unmated >= 0 ? nim_sum(root.value, root.unmated) : root.value;
}

}  // namespace igv
