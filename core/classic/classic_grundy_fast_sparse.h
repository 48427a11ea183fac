// The fast kernel of Grundy's game: the sparse-space method (the rare/common split that
// core/octal/octal_fast_sparse.h uses for octal games; Flammenkamp's pages on Grundy's game,
// "sparse space phenomenon"; Gangolli and Plambeck, Int. J. Game Theory 18 (1989) 311–320).
//
// Fix a bit mask M and a parity flag P. Heap x is rare when popcount(G(x) & M) + P·x is even,
// common otherwise. Since popcount((x ^ y) & M) = popcount(x & M) + popcount(y & M) (mod 2) and
// a split of n is a + (n - a), a split of n has a value v with popcount(v & M) + P·n odd only
// when exactly one of its parts is rare. So every such option value of heap n ("common for n")
// is found by pairing each rare heap r < n with n - r (skipping r = n - r, the equal split that
// the rules forbid): O(#rare heaps) work per heap. The least value common for n that no pairing
// gave is certainly not an option value (nor is the power of two above every value so far), so
// it bounds the mex from above; every other value below it that no rare pairing produced is
// then searched for among the splits by smaller part: blocks of splits mark a byte per nim-sum
// while many values are needed, and the last few are each searched alone by a read-only
// (vectorised) search that stops at its first split. When one never appears, every split has been
// seen and the least such value is the mex: the full mex, as the naive kernel computes it. The
// method is exact for any mask (mask 0 without the parity makes every value rare and every heap a
// full scan); the mask decides only the speed. At every power of two the solver chooses the (mask,
// parity) that makes the fewest rare heaps so far, all at once by a Walsh–Hadamard transform of
// the histogram of (value, heap parity), as the octal kernel does; and when a value first
// reaches a new top bit k and would be rare, bit k of the mask is flipped (no earlier heap has
// bit k, so no earlier heap changes side) and the heap is common.
//
// The window. From heap 2W on (W the window, 2^22 by default) the solver keeps in memory only the
// values of heaps [0, W), of at least the last W heaps, of the rare heaps, and of the heaps whose
// value is at least the value range T of heap 2W (while they are fewer than 2^22): two bytes a kept
// value. A heap's rare pairing reads G(n - r) (in the window when r <= W) and its scan reads G(a)
// and G(n - a) for small parts a (in the first W heaps and in the window while a <= W): almost
// every heap needs nothing else. Every value a slide drops from the window goes to a temporary
// file, two bytes a value (on disk, not in memory; removed with the solver; none below heap 2W),
// and a heap that needs a value the memory no longer keeps (a rare heap beyond the window, a scan
// deeper than it: a new rare heap needs every split, since its value is shown absent only by all of
// them) reads the file back by chunks of 2^20 values. No value is ever guessed. Once the window
// slides, the mask may change only where the rarity of every heap is still known: masks equal to
// the current one below T, with the same parity flag (the heaps whose rarity such a change flips
// all have values >= T, and those are kept while they are few). With window 0 the solver keeps
// every value in memory and writes no file.
//
// Measured (tests/classic/test_classic_bench.cpp): 1273 rare heaps, the last one 82860, so the
// pairing costs about 1300 look-ups per heap; most heaps still need a scan (a value rare for n,
// such as 0, comes from two common heaps), a few thousand splits deep on average, the deepest
// 115,970 up to heap 9·10^6.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "core/base/trusted/primitives.h"

namespace igv {

class GrundySparseSolver {
 public:
  /// The default window: 2^22 heaps (the values of heaps up to 2^23 are all kept; 24 MB). The
  /// deepest scan grows slowly (36,965 splits up to heap 3·10^5, 115,970 up to 9·10^6).
  static constexpr std::int64_t kDefaultWindow = std::int64_t{1} << 22;

  /// `window` 0: every value is kept (value(n) answers every computed heap); else the values of
  /// the first `window` heaps, at least the last `window` heaps and the rare heaps (see above).
  explicit GrundySparseSolver(std::int64_t window = 0);

  /// Computes G(n) for every n < n_end, calling `emit(n, G(n))` (if set) for each heap in order
  /// as it is computed. `tick` (if set) is called every 2^12 heaps so that a caller can stop a
  /// long run (by throwing). Throws BudgetExceeded when a value exceeds 65535 (values are stored
  /// in 16 bits), std::runtime_error when the file of values cannot be written or read.
  void extend_to(std::int64_t n_end, const std::function<void()>& tick = {},
                 const std::function<void(std::int64_t, Value)>& emit = {});

  [[nodiscard]] std::int64_t size() const { return size_; }
  /// G(n) for a computed heap 0 <= n < size() whose value is kept; throws std::out_of_range for
  /// any other n.
  [[nodiscard]] Value value(std::int64_t n) const;
  /// Every value computed (window 0 only; throws std::logic_error otherwise).
  [[nodiscard]] const std::vector<std::uint16_t>& values() const;

  /// The mask in force, with kParityBit when the heap's parity is part of the rare test.
  [[nodiscard]] std::uint32_t mask() const { return mask_ | (heap_parity_ ? kParityBit : 0); }
  /// Heaps n >= 1 that are rare under the current mask.
  [[nodiscard]] std::size_t rare_count() const { return rare_.size(); }
  /// The largest rare heap (0 when there is none).
  [[nodiscard]] std::int64_t last_rare() const { return rare_.empty() ? 0 : rare_.back(); }
  [[nodiscard]] Value max_value() const { return max_value_; }
  /// Heaps whose mex needed a scan of splits by smaller part (a value rare for the heap).
  [[nodiscard]] std::uint64_t scans() const { return scans_; }
  /// Heaps whose scan went through every split (a value below the bound was missing).
  [[nodiscard]] std::uint64_t full_scans() const { return full_scans_; }
  /// Heaps whose scan went beyond the window (read back from the file of every value).
  [[nodiscard]] std::uint64_t deep_scans() const { return deep_scans_; }
  /// The deepest smaller part a scan that stopped early needed.
  [[nodiscard]] std::int64_t deepest_scan() const { return deepest_scan_; }
  /// (first heap, mask()): the masks used, from the heap where each was adopted.
  [[nodiscard]] const std::vector<std::pair<std::int64_t, std::uint32_t>>& mask_schedule() const {
    return mask_schedule_;
  }
  /// Bytes held by the kept values and the tables.
  [[nodiscard]] std::uint64_t memory_bytes() const;

  static constexpr Value kMaxStorableValue = 65535;
  /// mask()'s flag for the heap's parity (above every 16-bit value).
  static constexpr std::uint32_t kParityBit = std::uint32_t{1} << 31;

 private:
  Value compute_next();
  void choose_mask();
  void adopt_mask(std::uint32_t mask, bool parity);
  void push_value(Value v);
  void slide();
  [[nodiscard]] bool is_rare(std::int64_t heap, Value v) const;
  /// G(x) for x < size() when kept, else -1.
  [[nodiscard]] std::int64_t kept(std::int64_t x) const;
  [[noreturn]] void throw_out_of_range(std::int64_t n) const;
  /// The mex of heap n from the splits with smaller part a_from..last, read back by chunks
  /// (missing_: the values still to be found; candidate: the mex when all are).
  Value deep_scan(std::int64_t n, std::int64_t a_from, std::int64_t last, std::uint64_t candidate);
  /// Appends `count` values to the file of every value (the heaps a slide drops from the window).
  void spill(const std::uint16_t* values, std::int64_t count);
  /// out[i] = G(from + i) for heaps below size(): kept, or read back from the file.
  void load(std::int64_t from, std::int64_t count, std::uint16_t* out);

  struct CloseFile {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };

  std::int64_t window_ = 0;  // 0: keep every value
  std::int64_t size_ = 0;
  // buf_[i] = G(base_ + i) for base_ <= heap < size_; head_ = G(0..window_ - 1) once it slid.
  std::vector<std::uint16_t> buf_;
  std::int64_t base_ = 0;
  std::vector<std::uint16_t> head_;
  std::uint32_t mask_ = 0;
  bool heap_parity_ = false;
  std::vector<std::int64_t> rare_;         // heaps n >= 1 with a rare value, increasing
  std::vector<std::uint16_t> rare_value_;  // their values
  // Heaps with a value >= high_from_ (recorded once the window slides, while fewer than
  // kMaxHigh): what a change of the mask's bits >= high_from_ needs. high_lost_: past the cap.
  std::uint64_t high_from_ = 0;
  std::vector<std::pair<std::int64_t, std::uint16_t>> high_;
  bool high_lost_ = false;
  std::vector<std::uint64_t> histogram_;  // [2v + (heap & 1)] over heaps >= 1
  Value max_value_ = 0;
  std::uint64_t scans_ = 0;
  std::uint64_t full_scans_ = 0;
  std::int64_t deepest_scan_ = 0;
  std::int64_t next_mask_check_ = 64;
  std::vector<std::pair<std::int64_t, std::uint32_t>> mask_schedule_{{0, 0}};
  // Scratch over the value range, reused for every heap: seen_[v] (an option with value v was
  // found) and odd_[v] (popcount(v & mask) is odd).
  std::vector<std::uint8_t> seen_, odd_;
  // Values still to be found for the current heap, increasing; those the window's splits lack.
  std::vector<std::uint32_t> needed_, missing_;
  // Window mode: every value also goes to a temporary file (two bytes a value, removed when the
  // solver goes), read back for the splits and pairings the window does not keep.
  std::unique_ptr<std::FILE, CloseFile> spill_;
  std::int64_t spilled_ = 0;  // the file holds heaps [0, spilled_) = [0, base_)
  std::uint64_t deep_scans_ = 0;
  std::vector<std::uint16_t> chunk_small_, chunk_large_;
  // Per rare heap r beyond the window: G(from .. from + values.size() - 1), the heaps n - r of
  // the current and next heaps (heap: the rare heap it was read for; rare_ may change).
  struct FarBlock {
    std::int64_t heap = -1;
    std::int64_t from = 0;
    std::vector<std::uint16_t> values;
  };
  std::vector<FarBlock> far_;
};

/// G(0..n_max) by the sparse kernel, widened to Value.
std::vector<Value> grundy_values_sparse(std::int64_t n_max);

}  // namespace igv
