// The fast kernel of SUB(S), S finite: incremental mex over a sliding window of the last s_k
// values, with a rolling hash of the window.
//
// For n >= s_k every move from n lands in n - s_k .. n - 1, so G(n) depends only on the window
// of the s_k values before it (001_bc98b3364103fd4a, "G(n) 仅由它之前的 s_k 项决定"). The window
// is a ring buffer of s_k values (O(s_k) memory whatever the length of the sequence), the mex is
// a bit mask over at most k + 1 values, and the window's polynomial hash (mod 2^61 - 1) is
// updated in O(1) per step so that period detection can compare windows cheaply; a hash match
// is only a hint, and callers confirm it with same_window().
#pragma once

#include <cstdint>
#include <vector>

#include "core/base/trusted/memory_budget.h"
#include "core/base/trusted/primitives.h"
#include "core/subtraction/trusted/subtraction_rules.h"

namespace igv {

/// Bytes one window of S holds: s_k 32-bit values and the |S| offsets (saturated at 2^64 - 1).
inline std::uint64_t subtraction_window_bytes(const SubtractionSet& set) {
  const std::uint64_t ring = saturated_product(4, static_cast<std::uint64_t>(set.largest()));
  const std::uint64_t offsets = saturated_product(8, set.size()) + 64;
  return ring > std::numeric_limits<std::uint64_t>::max() - offsets ? ring : ring + offsets;
}

/// The values G(start) .. G(start + s_k - 1) of SUB(S), advanced one step at a time.
class SubtractionWindow {
 public:
  /// The window at start = 0: G(0) .. G(s_k - 1). S must be finite. Throws BudgetExceeded,
  /// before allocating, when subtraction_window_bytes(set) is above memory_budget().
  SubtractionWindow(const SubtractionSet& set, SubtractionPlay play);

  /// n such that the window holds G(n) .. G(n + s_k - 1).
  [[nodiscard]] std::int64_t start() const { return start_; }
  /// s_k, the window's length.
  [[nodiscard]] std::int64_t length() const { return static_cast<std::int64_t>(ring_.size()); }
  /// G(start + i), 0 <= i < length().
  [[nodiscard]] Value at(std::int64_t i) const;
  /// The value that advance() would append: G(start + s_k).
  [[nodiscard]] Value next_value() const;
  /// Appends G(start + s_k) and drops G(start).
  void advance();
  /// Polynomial hash of the window (equal windows have equal hashes; not conversely).
  [[nodiscard]] std::uint64_t hash() const { return hash_; }
  /// True when both windows hold the same values (same set and play assumed).
  [[nodiscard]] bool same_window(const SubtractionWindow& other) const;
  /// The window's values, oldest first.
  [[nodiscard]] std::vector<Value> values() const;

 private:
  std::vector<std::uint32_t> ring_;            // ring buffer of s_k values
  std::vector<std::int64_t> offsets_;          // s_k - s for each s in S: where G(n - s) sits
  const char* kernel_ = "subtraction/window";  // its name for fault injection (core/base/fault.h)
  std::int64_t head_ = 0;                      // ring index of G(start)
  std::int64_t start_ = 0;
  std::uint64_t hash_ = 0;
  std::uint64_t top_power_ = 1;  // B^(s_k - 1) mod 2^61 - 1
};

/// G(0) .. G(count - 1) computed with the window kernel (the output is O(count); the
/// computation itself needs only the window). S must be finite.
std::vector<Value> subtraction_values_window(const SubtractionSet& set, SubtractionPlay play,
                                             std::int64_t count);

}  // namespace igv
