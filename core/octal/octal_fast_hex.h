// The fast kernel of hexadecimal games (core/octal/octal_rules.h, HexCode): exact values from
// option-value *sets* kept as bitsets, instead of one nim-sum per option.
//
// For a total m >= 2 let T(m) = {G(b) xor G(m - b) : 1 <= b <= m - 1}, the values of the
// splits of m tokens into two non-empty heaps; it is a bitset over the value range, computed
// once per m (O(m)) and kept. Then for a heap n:
//   * a removal i with bit 4 contributes T(n - i) at once (one OR of the set);
//   * a removal i with bit 8 (three heaps a + b + c = n - i) contributes the union over
//     a = 1 .. n - i - 2 of G(a) xor T(n - i - a) — every three-way split has some part a and
//     the other two parts form a two-way split of n - i - a, and conversely. The sets T(·) are
//     first ORed per value class v = G(a), then each class's union is permuted by "xor v" (a
//     fixed permutation of the bits: swaps of blocks of 2^j bits for each bit j of v) and ORed
//     in. O(n) word operations per heap instead of the naive kernel's O(n^2) options.
// The mex of the options is the first clear bit. Values below 2^r have nim-sums below 2^r, so
// a value range of 64·W bits (W a power of two) holds every option value while every value so
// far is below it; the range is doubled (the sets re-laid out) when a value reaches it.
// Shares nothing with the naive kernel but the rules (the code's digits).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/base/trusted/primitives.h"
#include "core/octal/trusted/octal_rules.h"

namespace igv {

class HexSetSolver {
 public:
  explicit HexSetSolver(HexCode code);

  /// Computes G(n) for every n < n_end. Throws BudgetExceeded before computing when the
  /// estimated word operations (with one-word sets) or the memory of the sets would exceed the
  /// kernel's limits, and while computing when the word operations actually done (sets widen
  /// as the values grow) pass kMostWork; `tick` (if set) is called every 2^8 heaps and may
  /// throw.
  void extend_to(std::int64_t n_end, const std::function<void()>& tick = {});

  [[nodiscard]] std::int64_t size() const { return static_cast<std::int64_t>(g_.size()); }
  /// G(n) for a computed heap 0 <= n < size(); std::out_of_range otherwise.
  [[nodiscard]] Value value(std::int64_t n) const;
  [[nodiscard]] const HexCode& code() const { return code_; }

  /// Word operations (about) and bytes the sets need to reach heap n_end from nothing.
  [[nodiscard]] std::uint64_t estimated_work(std::int64_t n_end) const;
  /// The most word operations extend_to does (some seconds).
  static constexpr std::uint64_t kMostWork = std::uint64_t{1} << 33;
  /// The most bytes the two-way split sets may hold.
  static constexpr std::uint64_t kMostBytes = std::uint64_t{1} << 31;

 private:
  void widen();
  void push_two_way_set(std::int64_t m);

  HexCode code_;
  bool need_two_way_sets_ = false;
  std::size_t words_ = 1;                            // W: the value range is 64·W
  std::vector<std::uint32_t> g_;                     // G(0), G(1), …
  std::vector<std::uint64_t> two_way_;               // T(m) for m = 0 .. size(), W words each
  std::vector<std::uint64_t> option_, class_union_;  // scratch
  std::vector<std::uint32_t> classes_touched_;
  std::vector<std::uint64_t> class_stamp_;  // stamp_ when the class was cleared at this heap
  std::uint64_t stamp_ = 0;
  std::uint64_t work_done_ = 0;  // word operations so far (checked against kMostWork)
};

/// G(0) .. G(n_end - 1) by HexSetSolver.
std::vector<Value> hex_values_fast(const HexCode& code, std::int64_t n_end);

}  // namespace igv
