// The one sparse kernel of take-and-break games: octal codes and Grundy's game (a code whose
// split must leave two unequal heaps). The sparse-space method: Gangolli and Plambeck, "A note
// on periodicity in some octal games", Int. J. Game Theory 18 (1989) 311–320; Flammenkamp's
// octal-game pages and his pages on Grundy's game, "sparse space phenomenon".
//
// Fix a bit mask M. Call a value v rare when popcount(v & M) is even and common otherwise.
// Because popcount((x ^ y) & M) = popcount(x & M) + popcount(y & M) (mod 2), a split into two
// heaps has a common value only when exactly one of the two heaps has a rare value. So the
// common values among a heap's options are found exactly by pairing each *rare* heap with its
// partner: O(#rare) work per heap instead of O(n) (a split that must be unequal skips the rare
// heap paired with itself). The least common value not found is certainly not an option value
// (nor is the power of two above every value so far), so it bounds the mex from above; every
// rare value below it that no pairing gave must still be shown to occur, which a scan of the
// splits by smaller part does: blocks of 64 splits mark a byte per nim-sum (the first block
// always, more while more than two values are needed), then each value still needed is searched
// alone by a read-only (vectorised) search that stops at its first split. A value that never
// appears, every split having been seen, is the mex: the full mex, as the naive kernel computes
// it. In games with sparse space almost every value is common and rare heaps are few, so the
// work per heap is small. The method is exact for any mask; the mask only decides the speed.
//
// Heap parity (as in Czajka's octal-games analyser): when every removal that leaves two heaps
// has the same parity, a split of n into a + b has a + b of a parity fixed by n, so adding the
// heap's parity to the rare test (heap x rare when popcount(G(x) & M) + x - i is even, i a
// split removal) keeps the argument exact; the values that need a rare part are then those with
// popcount(v & M) of the parity 1 + (n - i).
//
// The mask: the solver chooses the (mask, parity) that makes the fewest rare heaps so far, all at
// once by a Walsh–Hadamard transform of the histogram of (value, heap parity), at every power of
// two, when the value range gains a bit, and (at most once every max(range, heaps / 32) heaps)
// after a heap with a rare value; a mask is given up only for one with strictly fewer rare heaps.
//
// Memory: one byte per heap, plus the rare heaps. A value of 255 or more is stored as the byte
// 255 (an escape) and the pair (heap, value) in a side table, in heap order; only when such
// values stop being rare (more than 1024 + one in 64 heaps) do the values widen to two bytes a
// heap. Heaps up to 2^32 (every value kept).
//
// The window (a solver made with window W > 0; Grundy's game streamed far: `verify values grundy
// a..b`, core/REACH.md). The values are two bytes each from the start; from heap 2W on the solver
// keeps in memory only the values of heaps [0, W), of at least the last W heaps, of the rare
// heaps, and of the heaps whose value is at least the value range T of heap 2W (while they are
// fewer than 2^22). A pairing reads G(n - i - r) (in the window when r is small) and a scan reads
// G(a) and G(n - i - a) for small parts a (in the first W heaps and in the window while a < W):
// almost every heap needs nothing else. Every value a slide drops from the window goes to a
// temporary file, two bytes a value (on disk; removed with the solver), and a heap that needs a
// value the memory no longer keeps (a rare heap beyond the window, a scan deeper than it: a rare
// value is shown absent only by every split) reads the file back by chunks. No value is ever
// guessed. Once the window slid, the mask may change only where the rarity of every heap is still
// known: masks equal to the current one below T, with the same parity flag (the heaps whose
// rarity such a change flips all have values >= T, and those are kept while they are few); and
// when a value first reaches a new top bit k and would be rare, bit k of the mask is flipped (no
// earlier heap has bit k, so no earlier heap changes side) and the heap is common. Heaps past
// 2^32 keep the mask in force. No limit on the heaps.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/base/trusted/primitives.h"
#include "core/octal/trusted/octal_certificate.h"
#include "core/octal/trusted/octal_rules.h"

namespace igv {

/// A take-and-break code: an octal code d0.d1d2… (what removing i tokens may leave) and, for
/// some removals i whose digit has bit 4, the rule that the two heaps a split leaves must differ
/// in size (written 'u' after the digit, as in Czajka's octal-games analyser). Grundy's game is
/// 4u.: a move removes nothing and splits a heap into two unequal non-empty heaps. A code
/// without such a rule is the octal game of its digits.
class TakeBreakCode {
 public:
  /// The octal game of `digits` (implicit: an OctalCode is a take-and-break code).
  TakeBreakCode(OctalCode digits);  // NOLINT(google-explicit-constructor)
  /// `digits` with unequal splits for the removals `unequal_removals`; throws InputError when a
  /// removal's digit has no bit 4 (no split to restrict).
  TakeBreakCode(OctalCode digits, std::vector<int> unequal_removals);
  /// Grundy's game, 4u.
  static TakeBreakCode grundy();

  [[nodiscard]] const OctalCode& digits() const { return digits_; }
  [[nodiscard]] int max_removal() const { return digits_.max_removal(); }
  /// Whether a split after removing i tokens must leave two unequal heaps.
  [[nodiscard]] bool unequal(int removal) const;
  /// Whether any removal's split must be unequal (not an octal game).
  [[nodiscard]] bool has_unequal_splits() const { return !unequal_.empty(); }
  /// The octal canonical text with 'u' after each restricted digit: "0.07", "4u.".
  [[nodiscard]] std::string canonical() const;
  /// How messages name the game: "octal 0.07", "Grundy's game", "take-and-break 4u.6".
  [[nodiscard]] std::string name() const;

 private:
  OctalCode digits_;
  std::vector<int> unequal_;  // increasing
};

class OctalSparseSolver {
 public:
  /// The window of a streaming solver: 2^22 heaps (the values of heaps up to 2^23 are all kept;
  /// 24 MB). Grundy's game's deepest scan grows slowly (36,965 splits up to heap 3·10^5, 115,970
  /// up to 9·10^6).
  static constexpr std::int64_t kDefaultWindow = std::int64_t{1} << 22;

  /// `window` 0: every value is kept (value(n) answers every computed heap, heaps below 2^32);
  /// else the values of the first `window` heaps, at least the last `window` heaps and the rare
  /// heaps (see above; `window` must exceed the code's largest removal).
  explicit OctalSparseSolver(TakeBreakCode code, std::int64_t window = 0);
  ~OctalSparseSolver();
  OctalSparseSolver(const OctalSparseSolver&) = delete;
  OctalSparseSolver& operator=(const OctalSparseSolver&) = delete;

  /// Computes G(n) for every n < n_end, calling `emit(n, G(n))` (if set) for each heap in order
  /// as it is computed. `tick` (if set) is called every 2^10 heaps so that a caller can stop a
  /// long run (by throwing BudgetExceeded). Throws BudgetExceeded when a value exceeds 65535
  /// (values are stored in 16 bits) or, without a window, past heap 2^32; std::runtime_error
  /// when the window's file of values cannot be written or read.
  void extend_to(std::int64_t n_end, const std::function<void()>& tick = {},
                 const std::function<void(std::int64_t, Value)>& emit = {});

  [[nodiscard]] std::int64_t size() const { return size_; }
  /// G(n) for a computed heap 0 <= n < size() whose value is kept; throws std::out_of_range for
  /// any other n (an index from a claims file is never trusted to be in range).
  [[nodiscard]] Value value(std::int64_t n) const {
    if (window_ != 0 || n < 0 || n >= size_) return kept_value(n);
    if (wide_) return wide_values_[static_cast<std::size_t>(n)];
    const std::uint8_t b = narrow_values_[static_cast<std::size_t>(n)];
    return b == kEscape ? side_value(n) : b;
  }
  /// Values as bytes (value_bytes() == 1: a byte 255 stands for the value side_table() gives
  /// that heap) or 16-bit words (value_bytes() == 2). Without a window only.
  [[nodiscard]] const std::vector<std::uint8_t>& narrow_values() const { return narrow_values_; }
  [[nodiscard]] const std::vector<std::uint16_t>& wide_values() const { return wide_values_; }
  /// (heap, value) for every value >= 255 while value_bytes() == 1, in heap order.
  [[nodiscard]] const std::vector<std::pair<std::uint32_t, std::uint16_t>>& side_table() const {
    return side_;
  }
  [[nodiscard]] int value_bytes() const { return wide_ ? 2 : 1; }
  /// Moves the values out as a table (one byte a heap when every value is below 256, two
  /// otherwise); the solver is spent afterwards. Without a window only (std::logic_error).
  OctalValueTable take_values();

  /// The escape byte of narrow_values().
  static constexpr std::uint8_t kEscape = 255;
  /// G(n) for a heap whose byte is the escape (binary search in the side table).
  [[nodiscard]] Value side_value(std::int64_t n) const;

  [[nodiscard]] const TakeBreakCode& code() const { return code_; }
  /// The mask in force, with kHeapParityBit (core/octal/trusted/octal_certificate.h) when the
  /// heap's parity is part of the rare test.
  [[nodiscard]] std::uint32_t mask() const { return mask_ | (heap_parity_ ? kHeapParityBit : 0); }
  /// Heaps n >= 1 that are rare under the current mask.
  [[nodiscard]] std::size_t rare_count() const { return rare_.size(); }
  /// The largest rare heap (0 when there is none).
  [[nodiscard]] std::int64_t last_rare() const { return rare_.empty() ? 0 : rare_.back(); }
  [[nodiscard]] Value max_value() const { return max_value_; }
  /// Heaps whose mex needed a scan of splits by smaller part (a rare value to find).
  [[nodiscard]] std::uint64_t scans() const { return scans_; }
  /// Heaps whose scan went through every split (a value below the bound was missing).
  [[nodiscard]] std::uint64_t exhaustive_scans() const { return exhaustive_scans_; }
  /// Heaps whose scan went beyond the window (read back from the file of values).
  [[nodiscard]] std::uint64_t deep_scans() const { return deep_scans_; }
  /// The deepest smaller part a scan that stopped early needed.
  [[nodiscard]] std::int64_t deepest_scan() const { return deepest_scan_; }
  /// (first heap, mask()): the masks used, from the heap where each was adopted.
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
  /// Bytes held by the kept values, the rare list and the tables.
  [[nodiscard]] std::uint64_t memory_bytes() const;

  /// Largest value the solver can store.
  static constexpr Value kMaxStorableValue = 65535;

 private:
  template <class T>
  struct PlainView;
  struct EscapedView;
  /// The next value, the values read through `view` (PlainView or EscapedView).
  template <class View>
  Value compute_next(View view);
  /// The mex of heap n from the splits beyond each removal's reach (window only): read back by
  /// chunks until every value of missing_ has appeared (then `candidate`), or the least that
  /// never does. `mark`: bytes over the value range.
  Value deep_scan(std::int64_t n, std::uint64_t candidate, std::uint8_t* mark);
  /// Extends while the storage (bytes, bytes with escapes, words, words in a window that slid)
  /// stays the same; `view` gives the View of compute_next.
  template <class ViewFn>
  void extend_typed(const ViewFn& view, std::int64_t n_end, const std::function<void()>& tick,
                    const std::function<void(std::int64_t, Value)>& emit);
  [[nodiscard]] int storage() const;
  void widen();
  void choose_mask();
  void adopt_mask(std::uint32_t mask, bool parity);
  void set_common_pattern();
  void push_value(Value v);
  void slide();
  [[nodiscard]] Value kept_value(std::int64_t n) const;
  [[noreturn]] void throw_out_of_range(std::int64_t n) const;
  [[nodiscard]] bool is_rare(std::int64_t heap, Value v) const;
  /// G(rest - r) of a rare heap r beyond the window (rare_[j]), read back a block at a time.
  Value far_value(std::size_t j, std::int64_t x);
  /// Appends `count` values to the file of values (the heaps a slide drops from the window).
  void spill(const std::uint16_t* values, std::int64_t count);
  /// out[i] = G(from + i) for heaps below size(): kept, or read back from the file.
  void load(std::int64_t from, std::int64_t count, std::uint16_t* out);

  struct CloseFile {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  /// A split removal: i, and whether its split must be unequal.
  struct SplitRemoval {
    int removal;
    bool unequal;
  };

  TakeBreakCode code_;
  std::vector<SplitRemoval> splits_;
  std::int64_t window_ = 0;  // 0: keep every value
  std::int64_t size_ = 0;
  bool wide_ = false;
  std::vector<std::uint8_t> narrow_values_;
  // wide_values_[i] = G(base_ + i) for base_ <= heap < size_; head_ = G(0..window_ - 1) once
  // the window slid.
  std::vector<std::uint16_t> wide_values_;
  std::int64_t base_ = 0;
  std::vector<std::uint16_t> head_;
  std::vector<std::pair<std::uint32_t, std::uint16_t>> side_;  // values >= 255 (escaped bytes)
  std::uint32_t mask_ = 0;
  bool heap_parity_ = false;               // the heap's parity is part of the rare test
  bool parity_allowed_ = false;            // every two-heap removal has the same parity
  int split_parity_ = 0;                   // that parity
  std::vector<std::int64_t> rare_;         // heaps n >= 1 with a rare value, increasing
  std::vector<std::uint16_t> rare_value_;  // their values
  Value max_value_ = 0;
  std::uint64_t scans_ = 0;
  std::uint64_t exhaustive_scans_ = 0;
  std::uint64_t deep_scans_ = 0;
  std::int64_t deepest_scan_ = 0;
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
  // Heaps with a value >= high_from_ (recorded once the window slides, while fewer than 2^22):
  // what a change of the mask's bits >= high_from_ needs. high_lost_: past the cap.
  std::uint64_t high_from_ = 0;
  std::vector<std::pair<std::int64_t, std::uint16_t>> high_;
  bool high_lost_ = false;
  // Scratch over the value range, reused for every heap: seen_ (bitset words, or bytes past 128
  // values), common_pattern_ (bit v: popcount(v & M) odd), mark_ (bytes: the nim-sums a scan met).
  std::vector<std::uint64_t> seen_, common_pattern_;
  std::vector<std::uint8_t> seen_bytes_, mark_;
  // Values still to be found for the current heap, increasing; those the window's splits lack.
  std::vector<std::uint32_t> needed_, missing_;
  // Window: the file of the values dropped from memory, read back for the splits and pairings
  // the window does not keep.
  std::unique_ptr<std::FILE, CloseFile> spill_;
  std::int64_t spilled_ = 0;  // the file holds heaps [0, spilled_) = [0, base_)
  std::vector<std::uint16_t> chunk_small_, chunk_large_;
  // Per rare heap beyond the window: G(from .. from + values.size() - 1) (heap: the rare heap it
  // was read for; rare_ may change).
  struct FarBlock {
    std::int64_t heap = -1;
    std::int64_t from = 0;
    std::vector<std::uint16_t> values;
  };
  std::vector<FarBlock> far_;
};

/// G(0..n_max) of Grundy's game by the sparse kernel (every value kept), widened to Value.
std::vector<Value> grundy_values_sparse(std::int64_t n_max);

}  // namespace igv
