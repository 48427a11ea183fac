#include "core/subtraction/subtraction_fast_bitset.h"

#include <string>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/memory_budget.h"

namespace igv {

namespace {
/// count² / 128 word operations: 2^24 values is about 2 · 10^12 of them, the most it starts.
constexpr std::int64_t kMostValues = std::int64_t{1} << 24;
}  // namespace

std::uint64_t subtraction_bitset_work(std::int64_t least_member, std::int64_t count) {
  if (count <= least_member) return static_cast<std::uint64_t>(count);
  const auto span = static_cast<std::uint64_t>(count - least_member);
  return span * span / 128 + static_cast<std::uint64_t>(count);
}

std::vector<Value> subtraction_values_bitset(const SubtractionSet& set, SubtractionPlay play,
                                             std::int64_t count) {
  if (count < 0) throw InputError("subtraction: negative prefix length " + std::to_string(count));
  if (count > kMostValues) {
    throw BudgetExceeded("subtraction bitset kernel: " + std::to_string(count) +
                         " values are more than the " + std::to_string(kMostValues) +
                         " it computes (its work grows as the square)");
  }
  std::vector<Value> out;
  if (count == 0) return out;
  const std::vector<std::int64_t> members = subtraction_members_up_to(set, count - 1);
  const auto words = static_cast<std::size_t>((count + 63) / 64);
  // The answer, the set's bitset and one bitset per value met so far, compared with the memory
  // budget before each is made.
  const std::uint64_t base_bytes = sizeof(Value) * static_cast<std::uint64_t>(count) + 8 * words;
  const auto require_reach = [&](std::size_t bitsets) {
    require_memory_budget(base_bytes + 8 * static_cast<std::uint64_t>(words) * bitsets,
                          "the subtraction bitset kernel (" + std::to_string(count) + " heaps, " +
                              std::to_string(bitsets) + " bitsets)");
  };
  require_reach(0);
  std::vector<std::uint64_t> s_bits(words, 0);
  for (auto s : members) s_bits[static_cast<std::size_t>(s / 64)] |= std::uint64_t{1} << (s % 64);
  const std::int64_t least = members.empty() ? count : members.front();
  std::vector<std::vector<std::uint64_t>> reach;  // reach[v]: heaps with an option of value v
  out.reserve(static_cast<std::size_t>(count));
  for (std::int64_t n = 0; n < count; ++n) {
    const auto word = static_cast<std::size_t>(n / 64);
    const std::uint64_t bit = std::uint64_t{1} << (n % 64);
    std::size_t v = 0;
    if (n < least) {
      v = play == SubtractionPlay::misere ? 1 : 0;  // no move: misère wins, normal play loses
    } else {
      while (v < reach.size() && (reach[v][word] & bit) != 0) ++v;
    }
    out.push_back(static_cast<Value>(v));
    if (n + least >= count) continue;
    if (reach.size() <= v) require_reach(v + 1);
    while (reach.size() <= v) reach.emplace_back(words, 0);
    // reach[v] |= s_bits << n, from the word of n + least on.
    std::uint64_t* r = reach[v].data();
    const std::uint64_t* src = s_bits.data();
    const auto q = static_cast<std::size_t>(n / 64);
    const auto sh = static_cast<unsigned>(n % 64);
    const auto first = static_cast<std::size_t>((n + least) / 64);
    if (sh == 0) {
      for (std::size_t w = first; w < words; ++w) r[w] |= src[w - q];
    } else {
      for (std::size_t w = first; w < words; ++w) {
        const std::uint64_t lo = w - q >= 1 ? src[w - q - 1] >> (64 - sh) : 0;
        r[w] |= (src[w - q] << sh) | lo;
      }
    }
  }
  return out;
}

}  // namespace igv
