#include "core/ferguson/ferguson_empty_divide.h"

#include "core/base/trusted/errors.h"
#include "core/base/trusted/memory_budget.h"

namespace igv {

std::vector<EmptyDivideRules::Position> EmptyDivideRules::moves(const Position& p) const {
  // 2(m + n) − 4 options, listed: a position of 10^12 chips is refused at once, not after
  // gigabytes of them (issue 27).
  require_memory_budget(
      saturated_product(2 * sizeof(Position),
                        static_cast<std::uint64_t>(p.first) + static_cast<std::uint64_t>(p.second)),
      "the option list of empty-and-divide (" + std::to_string(p.first) + ", " +
          std::to_string(p.second) + ")");
  std::vector<Position> out;
  // Emptying the box with m chips leaves n to divide, and the other way round.
  for (const std::int64_t to_divide : {p.second, p.first}) {
    for (std::int64_t a = 1; a < to_divide; ++a) out.emplace_back(a, to_divide - a);
  }
  return out;
}

Value empty_divide_value_lowest_zero_bit(std::int64_t m, std::int64_t n) {
  if (m < 1 || n < 1) throw InputError("empty-and-divide: boxes must hold at least one chip");
  const auto bits = static_cast<std::uint64_t>((m - 1) | (n - 1));
  Value k = 0;
  while ((bits >> k) & 1U) ++k;
  return k;
}

std::vector<Value> empty_divide_value_table(std::int64_t size) {
  if (size < 1) return {};
  require_memory_budget(
      saturated_product(sizeof(Value), saturated_product(static_cast<std::uint64_t>(size),
                                                         static_cast<std::uint64_t>(size))),
      "the empty-and-divide table of " + std::to_string(size) + " x " + std::to_string(size) +
          " positions");
  const auto s = static_cast<std::size_t>(size);
  std::vector<Value> value(s * s, 0);
  // A move from (m, n) goes to (a, k - a) with k = m or n, and a + (k - a) = k <= m + n - 1,
  // so solving positions by increasing m + n solves every option first.
  MexSet mex_set;
  for (std::size_t sum = 2; sum <= 2 * s; ++sum) {
    for (std::size_t m = 1; m <= s && m < sum; ++m) {
      const std::size_t n = sum - m;
      if (n < 1 || n > s) continue;
      mex_set.clear();
      for (const std::size_t k : {m, n}) {
        for (std::size_t a = 1; a < k; ++a) mex_set.add(value[(a - 1) * s + (k - a - 1)]);
      }
      value[(m - 1) * s + (n - 1)] = mex_set.mex();
    }
  }
  return value;
}

}  // namespace igv
