#include "core/welter/welter_rules.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/base/trusted/errors.h"

namespace igv {

WelterCoins welter_position(const Position& p, std::string_view what) {
  WelterCoins coins(p.begin(), p.end());
  for (auto c : coins) {
    if (c < 0) {
      throw InputError(std::string(what) + ": coin squares must be non-negative, got " +
                       std::to_string(c));
    }
    if (c >= kWelterMaxSquare) {
      throw InputError(std::string(what) + ": coin squares must be below 2^62, got " +
                       std::to_string(c));
    }
  }
  std::sort(coins.begin(), coins.end());
  if (auto it = std::adjacent_find(coins.begin(), coins.end()); it != coins.end()) {
    throw InputError(std::string(what) + ": coin squares must be distinct, " + std::to_string(*it) +
                     " appears more than once");
  }
  return coins;
}

WelterCoins parse_welter_position(std::string_view text) {
  return welter_position(parse_int_list(text, "welter position"));
}

WelterCoins welter_block(std::int64_t first, std::int64_t last) {
  if (first < 0) throw InputError("welter block: squares are non-negative");
  if (last >= first && last - first >= kMaxWelterBlock) {
    throw InputError("welter block " + std::to_string(first) + ".." + std::to_string(last) +
                     ": more than " + std::to_string(kMaxWelterBlock) + " coins");
  }
  WelterCoins coins;
  if (last >= first) coins.reserve(static_cast<std::size_t>(last - first + 1));
  for (std::int64_t c = first; c <= last; ++c) coins.push_back(c);
  return coins;
}

std::vector<WelterCoins> WelterRules::moves(const WelterCoins& coins) const {
  std::vector<WelterCoins> out;
  for (std::size_t i = 0; i < coins.size(); ++i) {
    for (std::int64_t to = 0; to < coins[i]; ++to) {
      if (std::binary_search(coins.begin(), coins.end(), to)) continue;
      out.push_back(welter_apply_move(coins, coins[i], to));
    }
  }
  return out;
}

WelterCoins welter_apply_move(const WelterCoins& coins, std::int64_t from, std::int64_t to) {
  auto it = std::lower_bound(coins.begin(), coins.end(), from);
  if (it == coins.end() || *it != from) {
    throw std::invalid_argument("welter move: no coin on square " + std::to_string(from));
  }
  if (to < 0 || to >= from || std::binary_search(coins.begin(), coins.end(), to)) {
    throw std::invalid_argument("welter move: square " + std::to_string(to) +
                                " is not a free square below " + std::to_string(from));
  }
  WelterCoins next;
  next.reserve(coins.size());
  for (auto c : coins) {
    if (c != from) next.push_back(c);
  }
  next.insert(std::lower_bound(next.begin(), next.end(), to), to);
  return next;
}

std::uint64_t welter_naive_state_bound(const WelterCoins& coins) {
  if (coins.empty()) return 1;
  const auto squares = static_cast<std::uint64_t>(coins.back()) + 1;
  const auto n = static_cast<std::uint64_t>(coins.size());
  const std::uint64_t k = std::min(n, squares - n);
  // C(squares, k) computed incrementally; every partial product is itself a binomial coefficient.
  constexpr std::uint64_t kSaturated = std::uint64_t{1} << 63;
  __extension__ typedef unsigned __int128 Wide;  // the binomial's partial products need 128 bits
  Wide c = 1;
  for (std::uint64_t i = 1; i <= k; ++i) {
    c = c * (squares - k + i) / i;
    if (c >= kSaturated) return kSaturated;
  }
  return static_cast<std::uint64_t>(c);
}

}  // namespace igv
