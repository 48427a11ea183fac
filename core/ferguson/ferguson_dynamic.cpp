#include "core/ferguson/ferguson_dynamic.h"

#include <algorithm>
#include <functional>
#include <limits>

#include "core/base/trusted/errors.h"

namespace igv {

std::vector<DynamicSubtractionRules::Position> DynamicSubtractionRules::moves(
    const Position& p) const {
  std::vector<Position> out;
  const std::int64_t multiplier = static_cast<std::int64_t>(rule);
  for (std::int64_t take = 1; take <= p.second && take <= p.first; ++take) {
    out.emplace_back(p.first - take, multiplier * take);
  }
  return out;
}

DynamicSubtractionRules::Position dynamic_start(std::int64_t n) {
  if (n < 1)
    throw InputError("dynamic subtraction: the pile must hold at least one chip, got " +
                     std::to_string(n));
  return {n, n - 1};
}

DynamicSubtractionTable::DynamicSubtractionTable(DynamicRule rule, std::int64_t max_heap)
    : max_heap_(max_heap) {
  if (max_heap < 0) throw InputError("dynamic subtraction table: negative heap bound");
  const auto rows = static_cast<std::size_t>(max_heap) + 1;
  values_.assign(rows * (rows + 1) / 2, 0);
  const std::int64_t multiplier = static_cast<std::int64_t>(rule);
  std::vector<char> seen;
  for (std::int64_t h = 0; h <= max_heap; ++h) {
    const std::size_t row = static_cast<std::size_t>(h) * static_cast<std::size_t>(h + 1) / 2;
    seen.assign(static_cast<std::size_t>(h) + 2, 0);
    std::int64_t running_mex = 0;
    values_[row] = 0;  // (h, 0): no move
    for (std::int64_t k = 1; k <= h; ++k) {
      // The option added when the largest take grows from k - 1 to k: take k chips.
      const Value v = value(h - k, std::min(multiplier * k, h - k));
      if (v <= h) seen[static_cast<std::size_t>(v)] = 1;
      while (seen[static_cast<std::size_t>(running_mex)]) ++running_mex;
      if (running_mex > std::numeric_limits<std::uint16_t>::max()) {
        throw BudgetExceeded("dynamic subtraction table: value does not fit 16 bits");
      }
      values_[row + static_cast<std::size_t>(k)] = static_cast<std::uint16_t>(running_mex);
    }
  }
}

Value DynamicSubtractionTable::value(std::int64_t heap, std::int64_t max_take) const {
  if (heap < 0 || heap > max_heap_ || max_take < 0) {
    throw InputError("dynamic subtraction table: position (" + std::to_string(heap) + ", " +
                     std::to_string(max_take) +
                     ") outside 0 <= heap <= " + std::to_string(max_heap_));
  }
  const std::int64_t k = std::min(max_take, heap);
  return values_[static_cast<std::size_t>(heap) * static_cast<std::size_t>(heap + 1) / 2 +
                 static_cast<std::size_t>(k)];
}

std::int64_t largest_power_of_two_dividing(std::int64_t h) {
  return h & -h;
}

bool dynamic_a_is_p_closed_form(std::int64_t heap, std::int64_t max_take) {
  return heap == 0 || largest_power_of_two_dividing(heap) > max_take;
}

std::vector<std::int64_t> fibonacci_numbers_up_to(std::int64_t limit) {
  std::vector<std::int64_t> f{1, 2};
  while (f.back() < limit) f.push_back(f[f.size() - 1] + f[f.size() - 2]);
  return f;
}

std::vector<std::int64_t> zeckendorf_greedy(std::int64_t h) {
  if (h < 1)
    throw InputError("Zeckendorf representation: expected a positive integer, got " +
                     std::to_string(h));
  const auto fib = fibonacci_numbers_up_to(h);
  std::vector<std::int64_t> terms;
  for (auto it = fib.rbegin(); it != fib.rend() && h > 0; ++it) {
    if (*it <= h) {
      terms.push_back(*it);
      h -= *it;
    }
  }
  return terms;
}

bool fibonacci_nim_is_p_closed_form(std::int64_t heap, std::int64_t max_take) {
  return heap == 0 || zeckendorf_greedy(heap).back() > max_take;
}

std::int64_t count_nonadjacent_fibonacci_representations(std::int64_t h) {
  const auto fib = fibonacci_numbers_up_to(h);
  // ways(rest, i): subsets of {F_1..F_i} (0-based indices < i), pairwise non-adjacent, that sum
  // to rest. Either F_{i-1} is left out, or it is used and F_{i-2} must be left out.
  std::function<std::int64_t(std::int64_t, std::size_t)> ways = [&](std::int64_t rest,
                                                                    std::size_t i) -> std::int64_t {
    if (rest == 0) return 1;
    if (i == 0 || rest < 0) return 0;
    // A non-adjacent subset of F_1..F_i sums to less than F_(i+1) (by induction), so larger
    // rests cannot be reached: this prune keeps the search linear instead of exponential.
    if (i < fib.size() && rest >= fib[i]) return 0;
    std::int64_t total = ways(rest, i - 1);
    if (fib[i - 1] <= rest) total += ways(rest - fib[i - 1], i >= 2 ? i - 2 : 0);
    return total;
  };
  return ways(h, fib.size());
}

std::vector<std::vector<std::int64_t>> fibonacci_representations(std::int64_t h) {
  const auto fib = fibonacci_numbers_up_to(h);
  std::vector<std::vector<std::int64_t>> out;
  std::vector<std::int64_t> chosen;
  std::function<void(std::int64_t, std::size_t)> search = [&](std::int64_t rest, std::size_t i) {
    if (rest == 0) {
      out.push_back(chosen);
      return;
    }
    if (i == 0) return;
    if (fib[i - 1] <= rest) {
      chosen.push_back(fib[i - 1]);
      search(rest - fib[i - 1], i - 1);
      chosen.pop_back();
    }
    search(rest, i - 1);
  };
  search(h, fib.size());
  return out;
}

}  // namespace igv
