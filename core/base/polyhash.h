// Polynomial hashing modulo the Mersenne prime 2^61 − 1, for comparing long blocks of a
// sequence that is streamed past and never stored whole (Frolov rows of 10^10 columns).
//
// A block b_0 … b_{L−1} has the Horner hash H = Σ (b_i + 129) · x^{L−1−i} mod p, with a base x
// the user draws. Two equal blocks always have equal hashes, so a difference of hashes proves
// that the blocks differ; equal hashes of different blocks of length L happen for at most L − 1
// bases x out of p − 1 (a nonzero polynomial of degree < L has fewer than L roots), a chance
// below L / 2^61 for a base drawn at random. A checker therefore uses a hash only to *refute*
// an equality, never to accept one.
#pragma once

#include <cstdint>

namespace igv {

__extension__ typedef unsigned __int128 Uint128;  // GCC and Clang (both targets of this project)

inline constexpr std::uint64_t kMersenne61 = (std::uint64_t{1} << 61) - 1;

/// a · b mod 2^61 − 1 for a, b < 2^61 − 1.
inline std::uint64_t mul_mod61(std::uint64_t a, std::uint64_t b) {
  const Uint128 p = static_cast<Uint128>(a) * b;
  std::uint64_t r =
      static_cast<std::uint64_t>(p & kMersenne61) + static_cast<std::uint64_t>(p >> 61);
  if (r >= kMersenne61) r -= kMersenne61;
  return r;
}

inline std::uint64_t add_mod61(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r = a + b;
  if (r >= kMersenne61) r -= kMersenne61;
  return r;
}

inline std::uint64_t sub_mod61(std::uint64_t a, std::uint64_t b) {
  return a >= b ? a - b : a + kMersenne61 - b;
}

/// x^e mod 2^61 − 1.
inline std::uint64_t pow_mod61(std::uint64_t x, std::uint64_t e) {
  std::uint64_t r = 1;
  while (e > 0) {
    if (e & 1U) r = mul_mod61(r, x);
    x = mul_mod61(x, x);
    e >>= 1;
  }
  return r;
}

/// Appends one signed byte to a Horner hash: H ← H · x + (b + 129).
inline std::uint64_t horner61(std::uint64_t h, std::uint64_t x, std::int8_t b) {
  return add_mod61(mul_mod61(h, x), static_cast<std::uint64_t>(static_cast<int>(b) + 129));
}

/// Given the Horner hashes h1 of a block U (length u) and h of the block U·V (length u + v),
/// returns true when the rotation V·U has a different hash, i.e. when V·U ≠ U·V is proved.
/// (H(U·V) = h1·x^v + H(V), H(V·U) = H(V)·x^u + h1.)
inline bool rotation_differs61(std::uint64_t h1, std::uint64_t h, std::uint64_t x, std::uint64_t u,
                               std::uint64_t v) {
  const std::uint64_t hv = sub_mod61(h, mul_mod61(h1, pow_mod61(x, v)));
  const std::uint64_t rotated = add_mod61(mul_mod61(hv, pow_mod61(x, u)), h1);
  return rotated != h;
}

}  // namespace igv
