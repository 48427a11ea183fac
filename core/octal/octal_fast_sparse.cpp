#include "core/octal/octal_fast_sparse.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>
#include <string>

#include "core/base/trusted/cpu_features.h"
#include "core/base/trusted/errors.h"
#include "core/base/fault.h"

namespace igv {

namespace {

/// Bits per scratch word.
constexpr unsigned kWordBits = 64;
/// The largest value range (2^16 values) the scratch bitsets cover.
constexpr std::size_t kScratchWords = 65536 / kWordBits;
/// Masks are chosen among every mask below the value range (a Walsh–Hadamard transform of the
/// values' histogram, O(range log range)), at every value range the scratch bitsets cover.
constexpr std::uint64_t kLargestRangeForMaskSearch = 65536;
/// Splits looked at per block of the scan by smaller part (the witness depth is recorded per
/// block: the checker searches every split up to the block's end).
constexpr std::int64_t kScanBlock = 64;

/// Number of values the scratch bitsets must cover: the next power of two above every value
/// so far (a nim-sum of two values stays below it, so the mex is at most this number).
std::uint64_t value_range(Value max_value) {
  return max_value == 0 ? 1
                        : std::uint64_t{1} << std::bit_width(static_cast<std::uint64_t>(max_value));
}

/// The least a in [a0, a_end) with g[a] ^ g[rest - a] == v, or a_end: a chunk of splits at a
/// time is tested (a loop that vectorises), then the chunk that has v is searched.
template <class T>
[[gnu::always_inline]] inline std::int64_t first_split_with_t(const T* g, std::int64_t a0,
                                                              std::int64_t a_end, std::int64_t rest,
                                                              unsigned v) {
  constexpr std::int64_t kChunk = 256;
  const auto value = static_cast<T>(v);
  if (value != v) return a_end;  // no value of a split is that large
  for (std::int64_t c = a0; c < a_end; c += kChunk) {
    const std::int64_t e = std::min(a_end, c + kChunk);
    unsigned char hit = 0;
    for (std::int64_t a = c; a < e; ++a) hit |= static_cast<T>(g[a] ^ g[rest - a]) == value;
    if (hit != 0) {
      for (std::int64_t a = c;; ++a)
        if (static_cast<T>(g[a] ^ g[rest - a]) == value) return a;
    }
  }
  return a_end;
}

// The scans are compiled twice, for AVX2 (where the reversed reads vectorise) and for the
// baseline; the one the processor runs is called (core/base/cpu_features.h).
IGV_AVX2_TARGET std::int64_t first_split_with_avx2(const std::uint8_t* g, std::int64_t a0,
                                                   std::int64_t a_end, std::int64_t rest,
                                                   unsigned v) {
  return first_split_with_t(g, a0, a_end, rest, v);
}

IGV_AVX2_TARGET std::int64_t first_split_with_avx2(const std::uint16_t* g, std::int64_t a0,
                                                   std::int64_t a_end, std::int64_t rest,
                                                   unsigned v) {
  return first_split_with_t(g, a0, a_end, rest, v);
}

std::int64_t first_split_with(const std::uint8_t* g, std::int64_t a0, std::int64_t a_end,
                              std::int64_t rest, unsigned v) {
  if (cpu_has_avx2()) return first_split_with_avx2(g, a0, a_end, rest, v);
  return first_split_with_t(g, a0, a_end, rest, v);
}

std::int64_t first_split_with(const std::uint16_t* g, std::int64_t a0, std::int64_t a_end,
                              std::int64_t rest, unsigned v) {
  if (cpu_has_avx2()) return first_split_with_avx2(g, a0, a_end, rest, v);
  return first_split_with_t(g, a0, a_end, rest, v);
}

/// The same search through an accessor that resolves the side table's escapes (a kernel whose
/// values went above 254): plain reads, the side table being rare.
template <class G>
std::int64_t first_split_with(const G& g, std::int64_t a0, std::int64_t a_end, std::int64_t rest,
                              unsigned v) {
  for (std::int64_t a = a0; a < a_end; ++a)
    if (static_cast<unsigned>(g[a] ^ g[rest - a]) == v) return a;
  return a_end;
}

/// Bits of word w that stand for values below `limit`.
std::uint64_t below(std::uint64_t limit, std::size_t w) {
  const std::uint64_t first = static_cast<std::uint64_t>(w) * kWordBits;
  if (limit <= first) return 0;
  if (limit - first >= kWordBits) return ~std::uint64_t{0};
  return (std::uint64_t{1} << (limit - first)) - 1;
}

}  // namespace

OctalSparseSolver::OctalSparseSolver(OctalCode code)
    : code_(std::move(code)),
      seen_(kScratchWords, 0),
      need_(kScratchWords, 0),
      common_pattern_(kScratchWords, 0) {
  const auto& splits = code_.two_heap_removals();
  parity_allowed_ = !splits.empty() && std::all_of(splits.begin(), splits.end(), [&](int i) {
    return (i & 1) == (splits.front() & 1);
  });
  split_parity_ = splits.empty() ? 0 : (splits.front() & 1);
}

bool OctalSparseSolver::is_rare(std::int64_t heap, Value v) const {
  const int parity = heap_parity_ ? static_cast<int>((heap - split_parity_) & 1) : 0;
  // popcount(v & M) mod 2 is bit v of common_pattern_ (built for the mask in force).
  const auto u = static_cast<std::size_t>(v);
  const auto odd = static_cast<int>((common_pattern_[u / kWordBits] >> (u % kWordBits)) & 1);
  return ((odd + parity) & 1) == 0;
}

std::uint64_t OctalSparseSolver::memory_bytes() const {
  return narrow_values_.capacity() + 2 * wide_values_.capacity() + 4 * rare_.capacity() +
         sizeof(side_[0]) * side_.capacity() + 8 * histogram_.capacity();
}

Value OctalSparseSolver::side_value(std::int64_t n) const {
  const auto it = std::lower_bound(side_.begin(), side_.end(), static_cast<std::uint32_t>(n),
                                   [](const std::pair<std::uint32_t, std::uint16_t>& e,
                                      std::uint32_t h) { return e.first < h; });
  if (it == side_.end() || it->first != n)
    throw std::logic_error("octal sparse kernel: escaped heap without a side entry");
  return it->second;
}

OctalValueTable OctalSparseSolver::take_values() {
  if (wide_) return OctalValueTable(std::move(wide_values_));
  bool above_255 = false;
  for (const auto& e : side_) above_255 = above_255 || e.second > 255;
  if (!above_255) return OctalValueTable(std::move(narrow_values_));  // 255 fits a byte
  widen();
  return OctalValueTable(std::move(wide_values_));
}

void OctalSparseSolver::widen() {
  wide_values_.reserve(std::max(narrow_values_.capacity(), narrow_values_.size() + 1));
  wide_values_.assign(narrow_values_.begin(), narrow_values_.end());
  for (const auto& [heap, v] : side_) wide_values_[heap] = v;
  std::vector<std::uint8_t>().swap(narrow_values_);
  std::vector<std::pair<std::uint32_t, std::uint16_t>>().swap(side_);
  wide_ = true;
}

template <class G>
Value OctalSparseSolver::compute_next(G g) {
  const std::int64_t n = size_;
  const std::uint64_t range = value_range(max_value_);
  const std::size_t words = static_cast<std::size_t>((range + kWordBits - 1) / kWordBits);
  std::fill(seen_.begin(), seen_.begin() + static_cast<std::ptrdiff_t>(words), 0);
  std::uint64_t* seen = seen_.data();
  const auto set = [seen](unsigned v) {
    seen[v / kWordBits] |= std::uint64_t{1} << (v % kWordBits);
  };

  // Options leaving no heap or one heap: a few per heap, all taken.
  for (int i = 1; i <= code_.max_removal() && i <= n; ++i) {
    if (code_.leaves_none(i) && n == i) set(0);
    if (code_.leaves_one(i) && n > i) set(g[n - i]);
  }
  // Splits with a rare part: every common option value is among these.
  const auto& splits = code_.two_heap_removals();
  const std::uint32_t* rare = rare_.data();
  const std::size_t rare_count = rare_.size();
  for (int i : splits) {
    const std::int64_t rest = n - i;
    if (rest < 2) continue;
    // The rare heaps below `rest`: all but the last few (every rare heap is below n).
    std::size_t below = rare_count;
    while (below > 0 && rare[below - 1] >= rest) --below;
    if (range <= kWordBits) {
      // Values below 64: one word kept in a register (no store per split).
      std::uint64_t low = 0;
      for (std::size_t j = 0; j < below; ++j) {
        const std::int64_t r = rare[j];
        low |= std::uint64_t{1} << static_cast<unsigned>(g[r] ^ g[rest - r]);
      }
      seen[0] |= low;
    } else if (range <= 2 * kWordBits) {
      // Values below 128: two words kept in registers (no store per split).
      std::uint64_t low = 0, high = 0;
      for (std::size_t j = 0; j < below; ++j) {
        const std::int64_t r = rare[j];
        const auto v = static_cast<unsigned>(g[r] ^ g[rest - r]);
        const std::uint64_t bit = std::uint64_t{1} << (v % kWordBits);
        const std::uint64_t upper = std::uint64_t{0} - ((v / kWordBits) & 1);
        high |= bit & upper;
        low |= bit & ~upper;
      }
      seen[0] |= low;
      seen[1] |= high;
    } else {
      for (std::size_t j = 0; j < below; ++j) {
        const std::int64_t r = rare[j];
        set(static_cast<unsigned>(g[r] ^ g[rest - r]));
      }
    }
  }
  // The values that need a rare part: popcount(v & M) odd, or (heap parity) of the parity
  // 1 + (n - i), i any two-heap removal.
  const std::uint64_t flip = heap_parity_ && ((n - split_parity_) & 1) != 0 ? ~std::uint64_t{0} : 0;
  // The least common value not seen is certainly absent; so is `range` itself.
  std::uint64_t candidate = range;
  for (std::size_t w = 0; w < words; ++w) {
    const std::uint64_t free_common = ~seen[w] & (common_pattern_[w] ^ flip) & below(range, w);
    if (free_common != 0) {
      candidate = w * kWordBits + static_cast<unsigned>(std::countr_zero(free_common));
      break;
    }
  }
  // Rare values below the candidate that no rare split produced must be searched for.
  std::uint64_t remaining = 0;
  for (std::size_t w = 0; w < words; ++w) {
    need_[w] = ~seen[w] & ~(common_pattern_[w] ^ flip) & below(candidate, w);
    remaining += static_cast<std::uint64_t>(std::popcount(need_[w]));
  }
  if (remaining == 0) return static_cast<Value>(candidate);
  // Scan the splits by smaller part a, by blocks of kScanBlock (the depth recorded is the end
  // of the block where the last needed value first appears: the checker searches every split
  // up to it). The first block marks a byte per split's nim-sum (every needed value at once);
  // each value not met there is then searched alone, by a vectorised read-only search that
  // stops at its first split. The least needed value that no split has is the mex; when every
  // one appears, the candidate is.
  ++full_scans_;
  const std::uint64_t* need = need_.data();
  // As large as the value range so far (a small game touches one page, not 64 KiB).
  if (mark_.size() < range) mark_.resize(static_cast<std::size_t>(range));
  std::uint8_t* mark = mark_.data();
  std::fill(mark, mark + range, std::uint8_t{0});
  for (int i : splits) {
    const std::int64_t rest = n - i;
    const std::int64_t a_end = std::min<std::int64_t>(kScanBlock + 1, rest / 2 + 1);
    for (std::int64_t a = 1; a < a_end; ++a) mark[g[a] ^ g[rest - a]] = 1;
  }
  std::int64_t deepest = 1;
  for (std::size_t w = 0; w < words; ++w) {
    for (std::uint64_t bits = need[w]; bits != 0; bits &= bits - 1) {
      const auto v =
          static_cast<unsigned>(w * kWordBits + static_cast<unsigned>(std::countr_zero(bits)));
      if (mark[v] != 0) continue;  // in the first block
      std::int64_t first = std::numeric_limits<std::int64_t>::max();
      for (int i : splits) {
        const std::int64_t rest = n - i;
        const std::int64_t a_end = std::min(rest / 2 + 1, first);
        if (a_end <= kScanBlock + 1) continue;
        const std::int64_t a = first_split_with(g, kScanBlock + 1, a_end, rest, v);
        if (a < a_end) first = a;
      }
      if (first == std::numeric_limits<std::int64_t>::max()) return static_cast<Value>(v);
      deepest = std::max(deepest, first);
    }
  }
  const std::int64_t depth = ((deepest - 1) / kScanBlock + 1) * kScanBlock;
  if (depth > hint_threshold_) {
    deep_witnesses_.emplace_back(static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(depth));
  }
  return static_cast<Value>(candidate);
}

void OctalSparseSolver::choose_mask() {
  value_range_grew_ = false;
  rare_value_met_ = false;
  last_mask_check_ = size_;
  const std::uint64_t range = value_range(max_value_);
  if (range > kLargestRangeForMaskSearch || size_ < 2) return;
  // The work per heap grows with the number of rare heaps among all heaps so far, so the mask
  // that makes the fewest of them is chosen (not the fewest among recent heaps only), from the
  // histogram of the values of heaps 1 .. size_ - 1 (push_value keeps it).
  if (histogram_.size() != 2 * range)
    throw std::logic_error("octal sparse kernel: histogram out of step with the value range");
  // Rare heaps under every mask at once, by a Walsh–Hadamard transform of the histogram (as in
  // Czajka's analyser): w[2m + q] = sum over v, s of histogram[2v + s] (-1)^(popcount(v & m) +
  // q·s), so the heaps rare under m are (total + w[2m]) / 2, and with the heap's parity
  // (x - i even with even bits, odd with odd bits) (total + w[2m + 1]) / 2.
  std::vector<std::int64_t> w(histogram_.begin(), histogram_.end());
  for (std::size_t len = 1; len < w.size(); len *= 2) {
    for (std::size_t i = 0; i < w.size(); i += 2 * len) {
      for (std::size_t j = i; j < i + len; ++j) {
        const std::int64_t x = w[j];
        const std::int64_t y = w[j + len];
        w[j] = x + y;
        w[j + len] = x - y;
      }
    }
  }
  const auto total = static_cast<std::int64_t>(size_ - 1);
  std::uint32_t best = mask_;
  bool best_parity = heap_parity_;
  std::uint64_t best_rare = ~std::uint64_t{0};
  for (int with_parity = 0; with_parity <= (parity_allowed_ ? 1 : 0); ++with_parity) {
    for (std::uint32_t m = with_parity != 0 ? 0 : 1; m < range; ++m) {
      const auto rare = static_cast<std::uint64_t>(
          (total + w[2 * static_cast<std::size_t>(m) + static_cast<std::size_t>(with_parity)]) / 2);
      if (rare < best_rare) {
        best_rare = rare;
        best = m;
        best_parity = with_parity != 0;
      }
    }
  }
  // A mask is given up only for one with strictly fewer rare heaps (rare_ holds those of the
  // mask in force): equals never alternate, and each change rebuilds rare_.
  if (best_rare >= rare_.size()) return;
  mask_ = best;
  heap_parity_ = best_parity;
  mask_schedule_.emplace_back(static_cast<std::uint32_t>(size_), mask());
  // Bit b of word w is popcount((64w + b) & M) mod 2: the pattern of the low six bits of M,
  // complemented in the words where popcount(64w & M) is odd.
  std::uint64_t low = 0;
  for (unsigned b = 0; b < kWordBits; ++b)
    if ((std::popcount(b & mask_) & 1) == 1) low |= std::uint64_t{1} << b;
  for (std::size_t w = 0; w < kScratchWords; ++w) {
    const auto high = static_cast<std::uint32_t>(w * kWordBits) & mask_;
    common_pattern_[w] = (std::popcount(high) & 1) == 1 ? ~low : low;
  }
  rare_.clear();
  for (std::int64_t n = 1; n < size_; ++n) {
    if (is_rare(n, value(n))) rare_.push_back(static_cast<std::uint32_t>(n));
  }
}

void OctalSparseSolver::throw_out_of_range(std::int64_t n) const {
  throw std::out_of_range("octal game " + code_.canonical() + ": G(" + std::to_string(n) +
                          ") asked, but the values computed are those of heaps 0.." +
                          std::to_string(size_ - 1));
}

void OctalSparseSolver::push_value(Value v) {
  v = fault::at_heap("octal/sparse", size_, v);
  if (v > kMaxStorableValue) {
    throw BudgetExceeded("octal " + code_.canonical() + ": a value above 65535 at heap " +
                         std::to_string(size_) + " (the sparse kernel stores 16-bit values)");
  }
  // Values >= 255 go to the side table while they are rare; beyond, two bytes a heap.
  if (!wide_ && v >= kEscape && side_.size() >= 1024 + static_cast<std::size_t>(size_ >> 6))
    widen();
  if (wide_) {
    wide_values_.push_back(static_cast<std::uint16_t>(v));
  } else if (v >= kEscape) {
    narrow_values_.push_back(kEscape);
    side_.emplace_back(static_cast<std::uint32_t>(size_), static_cast<std::uint16_t>(v));
  } else {
    narrow_values_.push_back(static_cast<std::uint8_t>(v));
  }
  const std::uint64_t range_before = value_range(max_value_);
  max_value_ = std::max(max_value_, v);
  // The histogram spans the value range of every heap (heap 0's too, whose value it does not
  // count): choose_mask transforms it whole.
  const std::uint64_t range = value_range(max_value_);
  if (range != range_before) value_range_grew_ = true;
  if (histogram_.size() < 2 * range) histogram_.resize(static_cast<std::size_t>(2 * range), 0);
  if (size_ >= 1) {
    ++histogram_[2 * static_cast<std::size_t>(v) +
                 static_cast<std::size_t>((size_ - split_parity_) & 1)];
    if (is_rare(size_, v)) {
      rare_.push_back(static_cast<std::uint32_t>(size_));
      rare_value_met_ = true;
    }
  }
  ++size_;
}

template <class View>
void OctalSparseSolver::extend_typed(const View& view, std::int64_t n_end,
                                     const std::function<void()>& tick) {
  const int was = storage();
  while (size_ < n_end && storage() == was) {
    if (size_ == next_mask_check_) {
      choose_mask();
      next_mask_check_ *= 2;
    } else if (value_range_grew_ ||
               (rare_value_met_ &&
                size_ - last_mask_check_ >=
                    std::max(static_cast<std::int64_t>(value_range(max_value_)), size_ / 32))) {
      choose_mask();
    }
    const Value v = compute_next(view());
    push_value(v);
    if (tick && (size_ & 0x3FF) == 0) tick();
  }
}

void OctalSparseSolver::extend_to(std::int64_t n_end, const std::function<void()>& tick) {
  if (n_end > std::int64_t{0xFFFFFFFF}) {
    throw BudgetExceeded("octal sparse kernel: heaps above 2^32 are not supported");
  }
  if (n_end <= size_) return;
  if (wide_) {
    wide_values_.reserve(static_cast<std::size_t>(n_end));
  } else {
    narrow_values_.reserve(static_cast<std::size_t>(n_end));
  }
  while (size_ < n_end) {
    if (wide_) {
      extend_typed([this] { return static_cast<const std::uint16_t*>(wide_values_.data()); }, n_end,
                   tick);
    } else if (side_.empty()) {
      extend_typed([this] { return static_cast<const std::uint8_t*>(narrow_values_.data()); },
                   n_end, tick);
    } else {
      extend_typed([this] { return EscapedValues{narrow_values_.data(), this}; }, n_end, tick);
    }
  }
}

}  // namespace igv
