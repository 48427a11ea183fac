// The fast octal kernel: the sparse-space method (Gangolli and Plambeck, "A note on periodicity
// in some octal games", Int. J. Game Theory 18 (1989) 311–320; Flammenkamp's octal-game pages,
// "sparse space phenomenon").
//
// Fix a bit mask M. Call a value v rare when popcount(v & M) is even and common otherwise.
// Because popcount((x ^ y) & M) = popcount(x & M) + popcount(y & M) (mod 2), a split into two
// heaps has a common value only when exactly one of the two heaps has a rare value. So the
// common values among a heap's options are found exactly by pairing each *rare* heap with its
// partner: O(#rare) work per heap instead of O(n). The least common value not found is a
// candidate for the mex; a rare value below it must still be shown to occur, which a short scan
// of all splits (stopped as soon as every such value is seen) does. In games with sparse space
// almost every value is common and rare heaps are few, so the work per heap is small.
// The method is exact for any mask; the mask only decides the speed. The solver chooses the mask
// that makes the fewest rare heaps so far, at every power of two, when the value range gains a
// bit, and (at most once every max(range, heaps / 32) heaps) after a heap with a rare value.
//
// Heap parity (as in Czajka's octal-games analyser): when every removal that leaves two heaps
// has the same parity, a split of n into a + b has a + b of a parity fixed by n, so adding the
// heap's parity to the rare test (heap x rare when popcount(G(x) & M) + x - i is even, i a
// split removal) keeps the argument exact; the values that need a rare part are then those with
// popcount(v & M) of the parity 1 + (n - i). The solver tries both and keeps whichever makes
// fewer rare heaps.
//
// Memory: one byte per heap, plus four bytes per rare heap. A value of 255 or more is stored as
// the byte 255 (an escape) and the pair (heap, value) in a side table, in heap order; only when
// such values stop being rare (more than 1024 + one in 64 heaps) do the values widen to two
// bytes a heap.
#pragma once

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "core/base/trusted/primitives.h"
#include "core/octal/trusted/octal_certificate.h"
#include "core/octal/trusted/octal_rules.h"

namespace igv {

class OctalSparseSolver {
 public:
  explicit OctalSparseSolver(OctalCode code);

  /// Computes G(n) for every n < n_end. `tick` (if set) is called every 2^10 heaps so that a
  /// caller can stop a long run (by throwing BudgetExceeded).
  void extend_to(std::int64_t n_end, const std::function<void()>& tick = {});

  [[nodiscard]] std::int64_t size() const { return size_; }
  /// G(n) for a computed heap 0 <= n < size(); throws std::out_of_range for any other n (an
  /// index from a claims file is never trusted to be in range).
  [[nodiscard]] Value value(std::int64_t n) const {
    if (n < 0 || n >= size_) throw_out_of_range(n);
    if (wide_) return wide_values_[static_cast<std::size_t>(n)];
    const std::uint8_t b = narrow_values_[static_cast<std::size_t>(n)];
    return b == kEscape ? side_value(n) : b;
  }
  /// Values as bytes (value_bytes() == 1: a byte 255 stands for the value side_table() gives
  /// that heap) or 16-bit words (value_bytes() == 2).
  [[nodiscard]] const std::vector<std::uint8_t>& narrow_values() const { return narrow_values_; }
  [[nodiscard]] const std::vector<std::uint16_t>& wide_values() const { return wide_values_; }
  /// (heap, value) for every value >= 255 while value_bytes() == 1, in heap order.
  [[nodiscard]] const std::vector<std::pair<std::uint32_t, std::uint16_t>>& side_table() const {
    return side_;
  }
  [[nodiscard]] int value_bytes() const { return wide_ ? 2 : 1; }
  /// Moves the values out as a table (one byte a heap when every value is below 256, two
  /// otherwise); the solver is spent afterwards.
  OctalValueTable take_values();

  /// The escape byte of narrow_values().
  static constexpr std::uint8_t kEscape = 255;
  /// G(n) for a heap whose byte is the escape (binary search in the side table).
  [[nodiscard]] Value side_value(std::int64_t n) const;

  [[nodiscard]] const OctalCode& code() const { return code_; }
  /// The mask in force, with kHeapParityBit (core/octal/octal_certificate.h) when the heap's
  /// parity is part of the rare test.
  [[nodiscard]] std::uint32_t mask() const { return mask_ | (heap_parity_ ? kHeapParityBit : 0); }
  [[nodiscard]] std::size_t rare_count() const { return rare_.size(); }
  [[nodiscard]] Value max_value() const { return max_value_; }
  /// Heaps whose mex needed a scan of splits by smaller part (a rare value to find).
  [[nodiscard]] std::uint64_t full_scans() const { return full_scans_; }
  /// (first heap, mask): the masks used, from the heap where each was adopted.
  [[nodiscard]] const std::vector<std::pair<std::uint32_t, std::uint32_t>>& mask_schedule() const {
    return mask_schedule_;
  }
  /// (heap, depth) for every heap whose rare values were found only by splits with a smaller
  /// part beyond `hint_threshold` (the witness depth of core/octal/octal_period.h), in heap order.
  [[nodiscard]] const std::vector<std::pair<std::uint32_t, std::uint32_t>>& deep_witnesses() const {
    return deep_witnesses_;
  }
  /// Depth above which deep_witnesses() records a heap.
  void set_hint_threshold(std::int64_t depth) { hint_threshold_ = depth; }
  /// Bytes held by the value array and the rare list.
  [[nodiscard]] std::uint64_t memory_bytes() const;

  /// Largest value the solver can store.
  static constexpr Value kMaxStorableValue = 65535;

 private:
  /// The byte values with their escapes resolved (what compute_next reads once a value >= 255
  /// has been met while the values are bytes).
  struct EscapedValues {
    const std::uint8_t* bytes;
    const OctalSparseSolver* solver;
    Value operator[](std::int64_t n) const {
      const std::uint8_t b = bytes[n];
      return b == kEscape ? solver->side_value(n) : b;
    }
  };
  /// The next value; G is a pointer to the values (bytes without escapes, or 16-bit words) or
  /// EscapedValues.
  template <class G>
  Value compute_next(G g);
  /// Extends while the storage (bytes, bytes with escapes, words) stays the same; `view` gives
  /// the G of compute_next.
  template <class View>
  void extend_typed(const View& view, std::int64_t n_end, const std::function<void()>& tick);
  [[nodiscard]] int storage() const { return wide_ ? 2 : (side_.empty() ? 0 : 1); }
  void widen();
  void choose_mask();
  void push_value(Value v);
  [[noreturn]] void throw_out_of_range(std::int64_t n) const;
  [[nodiscard]] bool is_rare(std::int64_t heap, Value v) const;

  OctalCode code_;
  std::int64_t size_ = 0;
  bool wide_ = false;
  std::vector<std::uint8_t> narrow_values_;
  std::vector<std::uint16_t> wide_values_;
  std::vector<std::pair<std::uint32_t, std::uint16_t>> side_;  // values >= 255 (escaped bytes)
  std::uint32_t mask_ = 0;
  bool heap_parity_ = false;         // the heap's parity is part of the rare test
  bool parity_allowed_ = false;      // every two-heap removal has the same parity
  int split_parity_ = 0;             // that parity
  std::vector<std::uint32_t> rare_;  // heaps n >= 1 with a rare value, increasing
  Value max_value_ = 0;
  std::uint64_t full_scans_ = 0;
  std::int64_t next_mask_check_ = 256;
  // The mask is also re-chosen (as in Czajka's analyser) when the value range gains a bit, and
  // when a heap's value is rare under the mask in force: then at most once every
  // max(range, heaps / 32) heaps, which keeps the transforms and the rebuilds of rare_ to
  // O(log range) and O(32) a heap.
  bool value_range_grew_ = false;
  bool rare_value_met_ = false;
  std::int64_t last_mask_check_ = 0;
  // histogram_[2v + ((x - i) & 1)]: heaps x >= 1 with value v, by parity (i a split removal),
  // kept as the values come (what choose_mask transforms).
  std::vector<std::uint64_t> histogram_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> mask_schedule_{{0, 0}};
  std::vector<std::pair<std::uint32_t, std::uint32_t>> deep_witnesses_;
  std::int64_t hint_threshold_ = std::int64_t{1} << 62;
  // Scratch bitsets over the value range, reused for every heap.
  std::vector<std::uint64_t> seen_, need_, common_pattern_;
  // Scratch bytes over the value range: the nim-sums met in the first block of the scan.
  std::vector<std::uint8_t> mark_;
};

}  // namespace igv
