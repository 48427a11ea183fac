// The fast kernel of Grundy's game: the sparse-space method (the rare/common split that
// core/octal/octal_fast_sparse.h uses for octal games; Flammenkamp's pages on Grundy's game,
// "sparse space phenomenon"; Gangolli and Plambeck, Int. J. Game Theory 18 (1989) 311–320).
//
// Fix a bit mask M. A value v is rare when popcount(v & M) is even, common otherwise. Since
// popcount((x ^ y) & M) = popcount(x & M) + popcount(y & M) (mod 2), a split n = a + b has a
// common value only when exactly one of a, b has a rare value. So every common option value of
// heap n is found by pairing each rare heap r < n with n - r (skipping r = n - r, the equal
// split that the rules forbid): O(#rare heaps) work per heap. The least common value not found
// is certainly not an option value (nor is the power of two above every value so far), so it
// bounds the mex from above; every rare value below it that no rare pairing produced is then
// searched for among all splits, by smaller part, stopping as soon as each has appeared. When
// one never appears, every split has been seen and the mex is the least missing one: the full
// mex, as the naive kernel computes it. The method is exact for any mask (mask 0 makes every
// value rare and every heap a full scan); the mask decides only the speed. The solver chooses,
// at every power of two, the mask that makes the fewest rare heaps so far.
//
// Measured (tests/classic/test_classic_bench.cpp): from heap 16384 on the mask is 254 (510 from
// 2^23), and there are 1273 rare heaps, the last one 82860, so the pairing costs 1273 look-ups
// per heap. Most heaps still need a scan (a rare value such as 0 comes from two common heaps),
// a few thousand splits deep on average; only 1622 heaps, all small, need the full scan.
// G(0..10^7) takes about 22 s of CPU and 25 MB.
//
// Memory: two bytes per heap plus four bytes per rare heap.
#pragma once

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "core/base/primitives.h"

namespace igv {

class GrundySparseSolver {
 public:
  GrundySparseSolver();

  /// Computes G(n) for every n < n_end. `tick` (if set) is called every 2^12 heaps so that a
  /// caller can stop a long run (by throwing). Throws BudgetExceeded for n_end > 2^32 or when a
  /// value exceeds 65535 (values are stored in 16 bits).
  void extend_to(std::int64_t n_end, const std::function<void()>& tick = {});

  [[nodiscard]] std::int64_t size() const { return static_cast<std::int64_t>(values_.size()); }
  /// G(n) for a computed heap 0 <= n < size(); throws std::out_of_range for any other n.
  [[nodiscard]] Value value(std::int64_t n) const {
    if (n < 0 || n >= size()) throw_out_of_range(n);
    return values_[static_cast<std::size_t>(n)];
  }
  [[nodiscard]] const std::vector<std::uint16_t>& values() const { return values_; }

  [[nodiscard]] std::uint32_t mask() const { return mask_; }
  /// Heaps n >= 1 whose value is rare under the current mask.
  [[nodiscard]] std::size_t rare_count() const { return rare_.size(); }
  [[nodiscard]] Value max_value() const { return max_value_; }
  /// Heaps whose mex needed a scan of splits by smaller part (a rare value to find).
  [[nodiscard]] std::uint64_t scans() const { return scans_; }
  /// Heaps whose scan went through every split (a rare value below the bound was missing).
  [[nodiscard]] std::uint64_t full_scans() const { return full_scans_; }
  /// (first heap, mask): the masks used, from the heap where each was adopted.
  [[nodiscard]] const std::vector<std::pair<std::uint32_t, std::uint32_t>>& mask_schedule() const {
    return mask_schedule_;
  }

  static constexpr Value kMaxStorableValue = 65535;

 private:
  Value compute_next();
  void choose_mask();
  void push_value(Value v);
  [[noreturn]] void throw_out_of_range(std::int64_t n) const;
  [[nodiscard]] bool is_rare(Value v) const;

  std::vector<std::uint16_t> values_;
  std::uint32_t mask_ = 0;
  std::vector<std::uint32_t> rare_;  // heaps n >= 1 with a rare value, increasing
  Value max_value_ = 0;
  std::uint64_t scans_ = 0;
  std::uint64_t full_scans_ = 0;
  std::int64_t next_mask_check_ = 64;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> mask_schedule_{{0, 0}};
  // Scratch over the value range, reused for every heap: seen_[v] (an option with value v was
  // found) and common_[v] (v is common under the mask).
  std::vector<std::uint8_t> seen_, common_;
  // Rare values still to be found for the current heap, increasing.
  std::vector<std::uint32_t> needed_;
};

/// G(0..n_max) by the sparse kernel, widened to Value.
std::vector<Value> grundy_values_sparse(std::int64_t n_max);

}  // namespace igv
