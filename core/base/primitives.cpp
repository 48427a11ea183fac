#include "core/base/trusted/primitives.h"

#include <algorithm>
#include <bit>

namespace igv {

Value mex(std::span<const Value> values) {
  // Only values below values.size() can matter: a list of k values has mex at most k.
  std::vector<bool> seen(values.size() + 1, false);
  for (Value v : values) {
    if (v >= 0 && static_cast<std::size_t>(v) < seen.size())
      seen[static_cast<std::size_t>(v)] = true;
  }
  Value m = 0;
  while (seen[static_cast<std::size_t>(m)]) ++m;
  return m;
}

std::vector<std::int64_t> prime_factors(std::int64_t n) {
  std::vector<std::int64_t> out;
  for (std::int64_t q = 2; q * q <= n; ++q) {
    if (n % q == 0) {
      out.push_back(q);
      while (n % q == 0) n /= q;
    }
  }
  if (n > 1) out.push_back(n);
  return out;
}

void MexSet::clear() {
  for (std::size_t w : touched_) words_[w] = 0;
  touched_.clear();
}

void MexSet::add(Value v) {
  if (v < 0) return;
  const auto word = static_cast<std::size_t>(v) / 64;
  if (word >= words_.size()) words_.resize(word + 1, 0);
  if (words_[word] == 0) touched_.push_back(word);
  words_[word] |= std::uint64_t{1} << (static_cast<std::size_t>(v) % 64);
}

Value MexSet::mex() const {
  for (std::size_t w = 0; w < words_.size(); ++w) {
    if (words_[w] != ~std::uint64_t{0}) {
      return static_cast<Value>(w * 64 + static_cast<std::size_t>(std::countr_one(words_[w])));
    }
  }
  return static_cast<Value>(words_.size() * 64);
}

}  // namespace igv
