#include "core/classic/classic_wythoff_fast_pairs.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

namespace igv {

namespace {

__extension__ using u128 = unsigned __int128;

std::uint64_t isqrt(u128 n) {
  if (n == 0) return 0;
  const auto high = static_cast<std::uint64_t>(n >> 64);
  const int bits =
      high != 0 ? 64 + std::bit_width(high) : std::bit_width(static_cast<std::uint64_t>(n));
  // x0 = 2^ceil(bits / 2) >= sqrt(n); Newton's iteration decreases to floor(sqrt(n)).
  u128 x = u128{1} << ((bits + 1) / 2);
  for (;;) {
    const u128 y = (x + n / x) / 2;
    if (y >= x) break;
    x = y;
  }
  return static_cast<std::uint64_t>(x);
}

}  // namespace

std::uint64_t isqrt_u128(std::uint64_t high, std::uint64_t low) {
  if (high >> 62 != 0) throw std::out_of_range("isqrt_u128: argument at least 2^126");
  return isqrt((u128{high} << 64) | low);
}

std::vector<WythoffPair> wythoff_pairs_by_mex(std::int64_t count) {
  if (count < 0) throw std::out_of_range("Wythoff pairs: a negative count");
  std::vector<WythoffPair> out;
  out.reserve(static_cast<std::size_t>(count));
  std::vector<bool> used;
  std::int64_t least_unused = 0;
  for (std::int64_t k = 0; k < count; ++k) {
    while (least_unused < static_cast<std::int64_t>(used.size()) &&
           used[static_cast<std::size_t>(least_unused)]) {
      ++least_unused;
    }
    const std::int64_t a = least_unused;
    const std::int64_t b = a + k;
    if (static_cast<std::int64_t>(used.size()) <= b) used.resize(static_cast<std::size_t>(b + 1));
    used[static_cast<std::size_t>(a)] = true;
    used[static_cast<std::size_t>(b)] = true;
    out.push_back({a, b});
  }
  return out;
}

WythoffPair wythoff_pair(std::int64_t k) {
  if (k < 0 || k > kWythoffMaxPairIndex) {
    throw std::out_of_range("Wythoff pair index " + std::to_string(k) + " outside 0.." +
                            std::to_string(kWythoffMaxPairIndex));
  }
  const u128 kk = static_cast<u128>(k);
  const std::uint64_t root = isqrt(5 * kk * kk);  // floor(k √5)
  const auto a = static_cast<std::int64_t>((static_cast<u128>(k) + root) / 2);
  return {a, a + k};
}

std::int64_t wythoff_partner(std::int64_t n) {
  if (n < 0 || n > kWythoffMaxHeap) {
    throw std::out_of_range("Wythoff heap " + std::to_string(n) + " outside 0.." +
                            std::to_string(kWythoffMaxHeap));
  }
  if (n == 0) return 0;
  // a_k is strictly increasing with a_k >= k: search k in [1, n] for a_k = n.
  std::int64_t lo = 1, hi = n;
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (wythoff_pair(mid).a < n) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  if (const auto p = wythoff_pair(lo); p.a == n) return p.b;
  // Otherwise n = b_k for one k (each n >= 1 is in exactly one of the two sequences); b_k >= 2k.
  lo = 1;
  hi = n / 2;
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (wythoff_pair(mid).b < n) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  const auto p = wythoff_pair(lo);
  if (p.b != n) {
    throw std::logic_error("Wythoff heap " + std::to_string(n) + " is in neither sequence");
  }
  return p.a;
}

bool wythoff_is_p_position(std::int64_t x, std::int64_t y) {
  if (x < 0 || y < 0 || x > kWythoffMaxHeap || y > kWythoffMaxHeap) {
    throw std::out_of_range("Wythoff position outside 0.." + std::to_string(kWythoffMaxHeap));
  }
  const std::int64_t lo = std::min(x, y), hi = std::max(x, y);
  return wythoff_pair(hi - lo).a == lo;
}

std::vector<std::pair<std::int64_t, std::int64_t>> wythoff_winning_moves(std::int64_t x,
                                                                         std::int64_t y) {
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  const auto add = [&](std::int64_t a, std::int64_t b) {
    if (std::find(out.begin(), out.end(), std::make_pair(a, b)) == out.end())
      out.emplace_back(a, b);
  };
  // Lower y to the partner of x, or x to the partner of y (when smaller).
  if (const auto m = wythoff_partner(x); m < y) add(x, m);
  if (const auto m = wythoff_partner(y); m < x) add(m, y);
  // Lower both by d: the difference stays |x - y| = k, and (a_k, b_k) is the one P-position
  // with that difference.
  const std::int64_t k = x >= y ? x - y : y - x;
  const auto p = wythoff_pair(k);
  if (p.a < std::min(x, y)) {
    if (x <= y) {
      add(p.a, p.b);
    } else {
      add(p.b, p.a);
    }
  }
  return out;
}

}  // namespace igv
