// Dynamic subtraction games of Ferguson §1.5 (004_2d19be0a5059ae39):
//  (a) a pile of n chips; the first player may take any number of chips, at least one but not
//      the whole pile; afterwards no player may take more than the opponent took on the
//      previous move;
//  (b) Fibonacci Nim (Whinihan 1963): the same, except that a player may take up to twice what
//      the opponent took on the previous move.
// The last player to move wins. A position is (heap, largest allowed take); the start of a game
// on n chips is (n, n - 1). Taking t from (h, k) leads to (h - t, multiplier * t).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/base/trusted/primitives.h"

namespace igv {

/// 1 for game (a) ("no more than he took"), 2 for Fibonacci Nim ("at most twice").
enum class DynamicRule : int { at_most_previous = 1, at_most_twice_previous = 2 };

/// Rules of both games. Position (heap, largest allowed take).
struct DynamicSubtractionRules {
  DynamicRule rule = DynamicRule::at_most_previous;
  using Position = std::pair<std::int64_t, std::int64_t>;
  struct Hash {
    std::size_t operator()(const Position& p) const noexcept {
      return std::hash<std::int64_t>{}(p.first * 1'000'003 + p.second);
    }
  };
  [[nodiscard]] std::vector<Position> moves(const Position& p) const;
};

/// The start of a game on n chips: (n, n - 1) (the first move may not take the whole pile).
DynamicSubtractionRules::Position dynamic_start(std::int64_t n);

/// Second route: Sprague–Grundy values of every (h, k), 0 <= k <= h <= max_heap, bottom-up
/// with a running mex (the options of (h, k + 1) are those of (h, k) plus one), so O(max_heap^2)
/// time. A take larger than the heap is never possible, so (h, k) with k > h equals (h, h).
class DynamicSubtractionTable {
 public:
  DynamicSubtractionTable(DynamicRule rule, std::int64_t max_heap);
  [[nodiscard]] Value value(std::int64_t heap, std::int64_t max_take) const;
  [[nodiscard]] std::int64_t max_heap() const { return max_heap_; }

 private:
  std::int64_t max_heap_;
  std::vector<std::uint16_t> values_;  // row h holds k = 0..h, at offset h(h+1)/2
};

/// Closed form for (a): the largest power of 2 dividing h (h >= 1).
std::int64_t largest_power_of_two_dividing(std::int64_t h);

/// Closed-form prediction for (a): (h, k) is a P-position iff h = 0 or the largest power of 2
/// dividing h exceeds k; from an N-position, taking that power of 2 wins.
bool dynamic_a_is_p_closed_form(std::int64_t heap, std::int64_t max_take);

/// Fibonacci numbers as the notes define them: F1 = 1, F2 = 2, F(n+1) = F(n) + F(n-1), up to
/// and including the first one >= limit.
std::vector<std::int64_t> fibonacci_numbers_up_to(std::int64_t limit);

/// Zeckendorf representation by the greedy rule (largest Fibonacci number first), largest term
/// first; h >= 1.
std::vector<std::int64_t> zeckendorf_greedy(std::int64_t h);

/// Closed-form prediction for (b): (h, k) is a P-position iff h = 0 or the smallest term of the
/// Zeckendorf representation of h exceeds k; from an N-position, taking that term wins.
bool fibonacci_nim_is_p_closed_form(std::int64_t heap, std::int64_t max_take);

/// The number of ways to write h as a sum of distinct, pairwise non-adjacent Fibonacci numbers
/// F1, F2, … (found by exhaustive recursion over the terms, not by the greedy rule).
std::int64_t count_nonadjacent_fibonacci_representations(std::int64_t h);

/// Every representation of h as a sum of distinct Fibonacci numbers (adjacent terms allowed),
/// each largest term first (for the notes' example 43 = 34 + 5 + 3 + 1).
std::vector<std::vector<std::int64_t>> fibonacci_representations(std::int64_t h);

}  // namespace igv
