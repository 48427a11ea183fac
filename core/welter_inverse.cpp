#include "core/welter_inverse.h"

#include <bit>
#include <stdexcept>
#include <string>

#include "core/welter_conway.h"

namespace igv {

namespace {

using U64 = std::uint64_t;

// Coins are below 2^62 (welter_position), so a partner, which can exceed the largest coin by one
// binary digit, is below 2^63: trie paths of depth 63 cover every square.
constexpr int kDepth = 63;

bool odd(std::size_t count) { return (count & 1U) != 0; }

// First index in [lo, hi) whose coin has bit `bit` set; the coins of [lo, hi) share their `bit`
// lowest bits and are in low-bit order, so those with the bit clear come first.
std::size_t split_at(const std::vector<std::int64_t>& sorted, std::size_t lo, std::size_t hi,
                     int bit) {
  const U64 mask = U64{1} << bit;
  return static_cast<std::size_t>(
      std::partition_point(sorted.begin() + static_cast<std::ptrdiff_t>(lo),
                           sorted.begin() + static_cast<std::ptrdiff_t>(hi),
                           [mask](std::int64_t c) { return (static_cast<U64>(c) & mask) == 0; }) -
      sorted.begin());
}

// The trie path of coin a: at every depth k < bits, the range of its sibling subtree (coins
// sharing exactly k low bits with a) and the size of its own child (coins sharing > k bits).
struct CoinPath {
  std::vector<std::size_t> sibling_lo, sibling_hi, own_size;
  // alpha[d] = ⊕ over k > d with an odd sibling at depth k of 2^(k+1) − 1.
  std::vector<Value> alpha;
};

CoinPath coin_path(const std::vector<std::int64_t>& sorted, std::int64_t a, int bits) {
  CoinPath path;
  const auto b = static_cast<std::size_t>(bits);
  path.sibling_lo.resize(b);
  path.sibling_hi.resize(b);
  path.own_size.resize(b);
  path.alpha.assign(b, 0);
  std::size_t lo = 0;
  std::size_t hi = sorted.size();
  for (int k = 0; k < bits; ++k) {
    // Once a is alone in its subtree every deeper sibling is empty: no search needed.
    const bool a_bit = ((static_cast<U64>(a) >> k) & 1U) != 0;
    const std::size_t split = hi - lo == 1 ? (a_bit ? lo : hi) : split_at(sorted, lo, hi, k);
    const auto kk = static_cast<std::size_t>(k);
    if (!a_bit) {
      path.sibling_lo[kk] = split;
      path.sibling_hi[kk] = hi;
      hi = split;
    } else {
      path.sibling_lo[kk] = lo;
      path.sibling_hi[kk] = split;
      lo = split;
    }
    path.own_size[kk] = hi - lo;
  }
  for (int d = bits - 2; d >= 0; --d) {
    const auto dd = static_cast<std::size_t>(d);
    const bool odd_sibling = odd(path.sibling_hi[dd + 1] - path.sibling_lo[dd + 1]);
    path.alpha[dd] = path.alpha[dd + 1] ^ (odd_sibling ? welter_low_mask(d + 1) : 0);
  }
  return path;
}

// The partner y of coin a that shares exactly d low bits with a, if there is one.
bool partner_at_depth(const std::vector<std::int64_t>& sorted, const CoinPath& path, Value v,
                      std::int64_t a, int d, std::int64_t& partner) {
  const auto dd = static_cast<std::size_t>(d);
  const std::size_t sibling_size = path.sibling_hi[dd] - path.sibling_lo[dd];
  // The pairs at depth d: y meets the |own| − 1 other coins of a's child, a meets the sibling.
  const bool mask_d = odd(path.own_size[dd] - 1) != odd(sibling_size);
  const Value target = v ^ a ^ path.alpha[dd] ^ (mask_d ? welter_low_mask(d) : 0);
  const Value low = welter_low_mask(d);
  const Value bit_d = Value{1} << d;
  const Value y_low = (a & (bit_d - 1)) | (~a & bit_d);
  const Value low_difference = (target ^ y_low) & low;
  int parity_needed = 0;  // π: parity of the odd siblings along y's path below depth d
  if (low_difference == low) {
    parity_needed = 1;
  } else if (low_difference != 0) {
    return false;
  }
  Value y = y_low;
  int parity_seen = 0;
  std::size_t lo = path.sibling_lo[dd];
  std::size_t hi = path.sibling_hi[dd];
  for (int j = d + 1;; ++j) {
    if (lo == hi) {
      // y has left the trie: no coin shares j bits with it, the deeper siblings are empty.
      if (parity_seen != parity_needed) return false;
      const Value high = j >= kDepth ? 0 : ~((Value{1} << j) - 1);
      partner = y | (target & high);
      return true;
    }
    if (j >= kDepth) return false;  // y would coincide with a coin
    const int y_bit = static_cast<int>((target >> j) & 1) ^ parity_needed ^ parity_seen;
    const std::size_t split = split_at(sorted, lo, hi, j);
    std::size_t sibling = 0;
    if (y_bit == 0) {
      sibling = hi - split;
      hi = split;
    } else {
      sibling = split - lo;
      lo = split;
      y |= Value{1} << j;
    }
    parity_seen ^= static_cast<int>(sibling & 1U);
  }
}

}  // namespace

std::vector<std::int64_t> welter_zero_partners(const WelterCoins& coins) {
  std::vector<std::int64_t> partners(coins.begin(), coins.end());
  const Value v = welter_value_conway(coins);
  if (v == 0 || coins.empty()) return partners;
  const auto sorted = welter_low_bit_order(coins);
  for (std::size_t i = 0; i < coins.size(); ++i) {
    const std::int64_t a = coins[i];
    const CoinPath path = coin_path(sorted, a, kDepth);
    bool found = false;
    for (int d = 0; d < kDepth && !found; ++d) {
      found = partner_at_depth(sorted, path, v, a, d, partners[i]);
    }
    if (!found) {
      throw std::logic_error("welter inverse: no zero partner for coin " + std::to_string(a) +
                             " (the Welter bijection says there is one)");
    }
  }
  return partners;
}

std::vector<WelterMove> welter_winning_moves_inverse(const WelterCoins& coins) {
  std::vector<WelterMove> moves;
  const auto partners = welter_zero_partners(coins);
  for (std::size_t i = 0; i < coins.size(); ++i) {
    if (partners[i] < coins[i]) moves.push_back({coins[i], partners[i]});
  }
  return moves;
}

}  // namespace igv
