// The P-positions of Wythoff's game in exact integer arithmetic: (a_k, b_k) and (b_k, a_k) for
// k >= 0, a_k = floor(k φ), b_k = floor(k φ²) = a_k + k, φ = (1 + √5) / 2 (Wythoff 1907).
// Two independent routes, neither using floating point:
//   - by mex: a_k = mex {a_0, b_0, …, a_{k-1}, b_{k-1}}, b_k = a_k + k (the greedy
//     construction: every heap size is in exactly one pair);
//   - by the closed form: k φ = (k + k√5) / 2, and since k√5 is irrational for k >= 1,
//     floor(k φ) = floor((k + floor(k√5)) / 2) = (k + isqrt(5 k²)) / 2, with isqrt the exact
//     integer square root of a 128-bit integer (Newton's method on integers).
// The positions with Grundy value 0 are exactly these pairs, so the winning moves of any
// position follow from them without a table.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace igv {

struct WythoffPair {
  std::int64_t a = 0;  ///< a_k = floor(k φ)
  std::int64_t b = 0;  ///< b_k = floor(k φ²) = a_k + k
  friend bool operator==(const WythoffPair&, const WythoffPair&) = default;
};

/// The largest k wythoff_pair() accepts (b_k stays below 2^63).
inline constexpr std::int64_t kWythoffMaxPairIndex = std::int64_t{3} << 60;
/// The largest heap wythoff_partner() and wythoff_is_p_position() accept.
inline constexpr std::int64_t kWythoffMaxHeap = std::int64_t{1} << 61;

/// (a_k, b_k) for k = 0 .. count-1 by the mex construction.
std::vector<WythoffPair> wythoff_pairs_by_mex(std::int64_t count);

/// floor(sqrt(n)) exactly, for n < 2^126 (given as high and low 64-bit halves).
std::uint64_t isqrt_u128(std::uint64_t high, std::uint64_t low);

/// (a_k, b_k) by the closed form in exact integers; throws std::out_of_range for k < 0 or
/// k > kWythoffMaxPairIndex.
WythoffPair wythoff_pair(std::int64_t k);

/// The heap m such that {n, m} is a P-position (m = n only for n = 0); throws
/// std::out_of_range for n < 0 or n > kWythoffMaxHeap.
std::int64_t wythoff_partner(std::int64_t n);

/// Whether (x, y) is a P-position (Grundy value 0).
bool wythoff_is_p_position(std::int64_t x, std::int64_t y);

/// The moves of (x, y) to P-positions (its winning moves), without repetition, in the order:
/// lower y, lower x, lower both.
std::vector<std::pair<std::int64_t, std::int64_t>> wythoff_winning_moves(std::int64_t x,
                                                                         std::int64_t y);

}  // namespace igv
