#include "core/welter/welter_fast_inverse.h"

#include <bit>
#include <stdexcept>
#include <string>

#include "core/welter/welter_fast_conway.h"

namespace igv {

namespace {

using U64 = std::uint64_t;

// Coins are below 2^62 (welter_position), so a partner, which can exceed the largest coin by one
// binary digit, is below 2^63: trie paths of depth 63 cover every square.
constexpr int kDepth = 63;

bool odd(std::size_t count) {
  return (count & 1U) != 0;
}

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

// The trie path of a coin: at every depth k, the range of its sibling subtree (the coins sharing
// exactly k low bits with it) and the size of its own child (the coins sharing more than k bits,
// itself included). Filled depth by depth while a depth-first walk of the trie descends.
struct CoinPath {
  std::vector<std::size_t> sibling_lo, sibling_hi, own_size;
  // alpha[d] = ⊕ over k > d with an odd sibling at depth k of 2^(k+1) − 1.
  std::vector<Value> alpha;
  explicit CoinPath(int depth)
      : sibling_lo(static_cast<std::size_t>(depth)),
        sibling_hi(static_cast<std::size_t>(depth)),
        own_size(static_cast<std::size_t>(depth)),
        alpha(static_cast<std::size_t>(depth)) {}
};

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

// Walks the trie depth first; at each leaf (a coin alone in its subtree) completes the coin's
// path and looks for its zero partner among the squares sharing d < depth low bits with it.
class PartnerSearch {
 public:
  PartnerSearch(const std::vector<std::int64_t>& sorted, Value v, int depth)
      : sorted_(sorted),
        v_(v),
        depth_(depth),
        path_(depth),
        partner_(sorted.size()),
        found_(sorted.size(), 0) {}

  void run() {
    if (!sorted_.empty()) visit(0, sorted_.size(), 0);
  }
  [[nodiscard]] const std::vector<std::int64_t>& partner() const { return partner_; }
  [[nodiscard]] const std::vector<char>& found() const { return found_; }

 private:
  void visit(std::size_t lo, std::size_t hi, int k) {
    const auto kk = static_cast<std::size_t>(k);
    if (hi - lo == 1 || k == depth_) {
      leaf(lo, k);
      return;
    }
    const std::size_t split = split_at(sorted_, lo, hi, k);
    if (split > lo) {
      path_.sibling_lo[kk] = split;
      path_.sibling_hi[kk] = hi;
      path_.own_size[kk] = split - lo;
      visit(lo, split, k + 1);
    }
    if (hi > split) {
      path_.sibling_lo[kk] = lo;
      path_.sibling_hi[kk] = split;
      path_.own_size[kk] = hi - split;
      visit(split, hi, k + 1);
    }
  }

  void leaf(std::size_t index, int k) {
    // Below depth k the coin is alone: its deeper siblings are empty.
    for (int j = k; j < depth_; ++j) {
      const auto jj = static_cast<std::size_t>(j);
      path_.sibling_lo[jj] = path_.sibling_hi[jj] = index;
      path_.own_size[jj] = 1;
    }
    path_.alpha[static_cast<std::size_t>(depth_ - 1)] = 0;
    for (int d = depth_ - 2; d >= 0; --d) {
      const auto dd = static_cast<std::size_t>(d);
      const bool odd_sibling = odd(path_.sibling_hi[dd + 1] - path_.sibling_lo[dd + 1]);
      path_.alpha[dd] = path_.alpha[dd + 1] ^ (odd_sibling ? welter_low_mask(d + 1) : 0);
    }
    for (int d = 0; d < depth_ && found_[index] == 0; ++d) {
      if (partner_at_depth(sorted_, path_, v_, sorted_[index], d, partner_[index]))
        found_[index] = 1;
    }
  }

  const std::vector<std::int64_t>& sorted_;
  Value v_;
  int depth_;
  CoinPath path_;
  std::vector<std::int64_t> partner_;
  std::vector<char> found_;
};

// Partners of every coin among the squares sharing fewer than `depth` low bits with it; coins
// without one there get -1. Results in ascending order of the coins.
std::vector<std::int64_t> partners_up_to_depth(const WelterCoins& coins, Value v, int depth) {
  const auto sorted = welter_low_bit_order(coins);
  PartnerSearch search(sorted, v, depth);
  search.run();
  std::vector<std::pair<std::int64_t, std::int64_t>> by_coin(sorted.size());
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    by_coin[i] = {sorted[i], search.found()[i] != 0 ? search.partner()[i] : -1};
  }
  std::sort(by_coin.begin(), by_coin.end());
  std::vector<std::int64_t> out(by_coin.size());
  for (std::size_t i = 0; i < by_coin.size(); ++i) out[i] = by_coin[i].second;
  return out;
}

}  // namespace

std::vector<std::int64_t> welter_zero_partners(const WelterCoins& coins) {
  const Value v = welter_value_conway(coins);
  if (v == 0 || coins.empty()) return {coins.begin(), coins.end()};
  auto partners = partners_up_to_depth(coins, v, kDepth);
  for (std::size_t i = 0; i < coins.size(); ++i) {
    if (partners[i] < 0) {
      throw std::logic_error("welter inverse: no zero partner for coin " +
                             std::to_string(coins[i]) +
                             " (the Welter bijection says there is one)");
    }
  }
  return partners;
}

std::vector<WelterMove> welter_winning_moves_inverse(const WelterCoins& coins) {
  std::vector<WelterMove> moves;
  const Value v = welter_value_conway(coins);
  if (v == 0 || coins.empty()) return moves;
  // A partner below its coin a shares fewer than B = bit_width(max coin) low bits with a (one
  // sharing B bits is ≡ a mod 2^B and differs from a, so it exceeds every coin): depth B suffices.
  const int bits = std::max(1, static_cast<int>(std::bit_width(static_cast<U64>(coins.back()))));
  const auto partners = partners_up_to_depth(coins, v, bits);
  for (std::size_t i = 0; i < coins.size(); ++i) {
    if (partners[i] >= 0 && partners[i] < coins[i]) moves.push_back({coins[i], partners[i]});
  }
  return moves;
}

}  // namespace igv
