#include "core/octal/octal_fast_sparse.h"

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

#include "core/base/fault.h"
#include "core/base/trusted/cpu_features.h"
#include "core/base/trusted/errors.h"
#include "core/octal/trusted/octal_split_values.h"

namespace igv {

namespace {

/// Bits per scratch word.
constexpr unsigned kWordBits = 64;
/// The largest value range (2^16 values) the scratch covers: every value the solver stores,
/// every nim-sum of two.
constexpr std::size_t kMaxRange = 65536;
constexpr std::size_t kScratchWords = kMaxRange / kWordBits;
/// Masks are chosen among every mask below the value range (a Walsh–Hadamard transform of the
/// values' histogram, O(range log range)), at every value range the scratch covers.
constexpr std::uint64_t kLargestRangeForMaskSearch = kMaxRange;
/// Splits marked per block of the scan by smaller part (the witness depth is recorded per
/// block: the checker searches every split up to the block's end); blocks are marked while more
/// than kFewNeeded values are still to be found (the first block always), the rest are each
/// searched alone, read-only.
constexpr std::int64_t kScanBlock = 64;
constexpr std::size_t kFewNeeded = 2;
/// Values read back at a time for a rare heap beyond the window, and for a scan beyond it.
constexpr std::int64_t kFarBlock = std::int64_t{1} << 14;
constexpr std::int64_t kDeepChunk = std::int64_t{1} << 20;
/// Heaps with a value >= the value range of the first slide kept at most (see the header).
constexpr std::size_t kMaxHigh = std::size_t{1} << 22;
/// The mask schedule and the witness hints name heaps in 32 bits: past this heap the mask stays.
constexpr std::int64_t kLargestScheduledHeap = std::numeric_limits<std::uint32_t>::max();

/// Number of values the scratch must cover: the next power of two above every value so far (a
/// nim-sum of two values stays below it, so the mex is at most this number).
std::uint64_t value_range(Value max_value) {
  return max_value == 0 ? 1
                        : std::uint64_t{1} << std::bit_width(static_cast<std::uint64_t>(max_value));
}

/// The least a in [a0, a_end) with small[a] ^ large[-a] == v, or a_end: a chunk of splits at a
/// time is tested (a loop that vectorises), then the chunk that has v is searched. Read-only.
template <class T>
[[gnu::always_inline]] inline std::int64_t first_split_with_t(const T* small, const T* large,
                                                              std::int64_t a0, std::int64_t a_end,
                                                              unsigned v) {
  constexpr std::int64_t kChunk = 256;
  const auto value = static_cast<T>(v);
  if (value != v) return a_end;  // no value of a split is that large
  for (std::int64_t c = a0; c < a_end; c += kChunk) {
    const std::int64_t e = std::min(a_end, c + kChunk);
    unsigned char hit = 0;
    for (std::int64_t a = c; a < e; ++a) hit |= static_cast<T>(small[a] ^ large[-a]) == value;
    if (hit != 0) {
      for (std::int64_t a = c;; ++a)
        if (static_cast<T>(small[a] ^ large[-a]) == value) return a;
    }
  }
  return a_end;
}

// The scans are compiled twice, for AVX2 (where the reversed reads vectorise) and for the
// baseline; the one the processor runs is called (core/base/trusted/cpu_features.h).
IGV_AVX2_TARGET std::int64_t first_split_with_avx2(const std::uint8_t* small,
                                                   const std::uint8_t* large, std::int64_t a0,
                                                   std::int64_t a_end, unsigned v) {
  return first_split_with_t(small, large, a0, a_end, v);
}

IGV_AVX2_TARGET std::int64_t first_split_with_avx2(const std::uint16_t* small,
                                                   const std::uint16_t* large, std::int64_t a0,
                                                   std::int64_t a_end, unsigned v) {
  return first_split_with_t(small, large, a0, a_end, v);
}

template <class T>
std::int64_t first_split_with(const T* small, const T* large, std::int64_t a0, std::int64_t a_end,
                              unsigned v) {
  if (cpu_has_avx2()) return first_split_with_avx2(small, large, a0, a_end, v);
  return first_split_with_t(small, large, a0, a_end, v);
}

/// Bits of word w that stand for values below `limit`.
std::uint64_t below(std::uint64_t limit, std::size_t w) {
  const std::uint64_t first = static_cast<std::uint64_t>(w) * kWordBits;
  if (limit <= first) return 0;
  if (limit - first >= kWordBits) return ~std::uint64_t{0};
  return (std::uint64_t{1} << (limit - first)) - 1;
}

/// Appends the values of the set bits of `bits` (word w) to `out`, increasing.
[[gnu::always_inline]] inline void append_bits(std::uint64_t bits, std::size_t w,
                                               std::vector<std::uint32_t>& out) {
  for (; bits != 0; bits &= bits - 1)
    out.push_back(static_cast<std::uint32_t>(w * kWordBits) +
                  static_cast<std::uint32_t>(std::countr_zero(bits)));
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// The code
// ---------------------------------------------------------------------------------------------

TakeBreakCode::TakeBreakCode(OctalCode digits) : digits_(std::move(digits)) {}

TakeBreakCode::TakeBreakCode(OctalCode digits, std::vector<int> unequal_removals)
    : digits_(std::move(digits)), unequal_(std::move(unequal_removals)) {
  std::sort(unequal_.begin(), unequal_.end());
  unequal_.erase(std::unique(unequal_.begin(), unequal_.end()), unequal_.end());
  for (const int i : unequal_) {
    if (!digits_.leaves_two(i)) {
      throw InputError("take-and-break code " + digits_.canonical() + ": removal " +
                       std::to_string(i) + " leaves no two heaps, so its split cannot be unequal");
    }
  }
}

TakeBreakCode TakeBreakCode::grundy() {
  return {OctalCode::from_digits({4}), {0}};
}

bool TakeBreakCode::unequal(int removal) const {
  return std::binary_search(unequal_.begin(), unequal_.end(), removal);
}

std::string TakeBreakCode::canonical() const {
  std::string text = digits_.canonical();
  // Digit d_i is at index 0 (i = 0) or 1 + i (after the dot); inserted from the last.
  for (auto it = unequal_.rbegin(); it != unequal_.rend(); ++it)
    text.insert(static_cast<std::size_t>(*it == 0 ? 1 : *it + 2), 1, 'u');
  return text;
}

std::string TakeBreakCode::name() const {
  if (unequal_.empty()) return "octal " + digits_.canonical();
  if (canonical() == "4u.0") return "Grundy's game";
  return "take-and-break " + canonical();
}

// ---------------------------------------------------------------------------------------------
// The views compute_next reads the values through
// ---------------------------------------------------------------------------------------------

/// Values in arrays: small[a] = G(a) for the smaller parts a scan reads, large[x - base] = G(x)
/// for base <= x < size() (every value: small == large, base 0; a window that slid: the first
/// heaps and the window).
template <class T>
struct OctalSparseSolver::PlainView {
  const T* small;
  const T* large;
  std::int64_t base;
  [[nodiscard]] T s(std::int64_t a) const { return small[a]; }
  /// L with L[-a] = G(x - a).
  [[nodiscard]] const T* at(std::int64_t x) const { return large + (x - base); }
  static constexpr bool kPlain = true;
};

/// The byte values with their escapes resolved (what compute_next reads once a value >= 255 has
/// been met while the values are bytes): plain reads, the side table being rare.
struct OctalSparseSolver::EscapedView {
  const std::uint8_t* bytes;
  const OctalSparseSolver* solver;
  [[nodiscard]] Value s(std::int64_t a) const {
    const std::uint8_t b = bytes[a];
    return b == kEscape ? solver->side_value(a) : b;
  }
  struct At {
    const EscapedView* view;
    std::int64_t x;
    Value operator[](std::int64_t d) const { return view->s(x + d); }
  };
  [[nodiscard]] At at(std::int64_t x) const { return {this, x}; }
  static constexpr bool kPlain = false;
};

// ---------------------------------------------------------------------------------------------
// The solver
// ---------------------------------------------------------------------------------------------

OctalSparseSolver::OctalSparseSolver(TakeBreakCode code, std::int64_t window)
    : code_(std::move(code)),
      window_(window),
      wide_(window > 0),
      seen_(2, 0),
      common_pattern_(kScratchWords, 0) {
  if (window < 0) throw std::invalid_argument("sparse kernel: a negative window");
  if (window > 0 && window <= code_.max_removal()) {
    throw std::invalid_argument("sparse kernel: a window of " + std::to_string(window) +
                                " heaps, not above the code's largest removal");
  }
  const auto& removals = code_.digits().two_heap_removals();
  for (const int i : removals) splits_.push_back({i, code_.unequal(i)});
  parity_allowed_ = !removals.empty() && std::all_of(removals.begin(), removals.end(), [&](int i) {
    return (i & 1) == (removals.front() & 1);
  });
  split_parity_ = removals.empty() ? 0 : (removals.front() & 1);
}

OctalSparseSolver::~OctalSparseSolver() = default;

bool OctalSparseSolver::is_rare(std::int64_t heap, Value v) const {
  const int parity = heap_parity_ ? static_cast<int>((heap - split_parity_) & 1) : 0;
  // popcount(v & M) mod 2 is bit v of common_pattern_ (built for the mask in force).
  const auto u = static_cast<std::size_t>(v);
  const auto odd = static_cast<int>((common_pattern_[u / kWordBits] >> (u % kWordBits)) & 1);
  return ((odd + parity) & 1) == 0;
}

std::uint64_t OctalSparseSolver::memory_bytes() const {
  return narrow_values_.capacity() + 2 * (wide_values_.capacity() + head_.capacity()) +
         10 * rare_.capacity() + sizeof(side_[0]) * side_.capacity() +
         sizeof(high_[0]) * high_.capacity() + 8 * histogram_.capacity() + seen_bytes_.capacity() +
         mark_.capacity();
}

Value OctalSparseSolver::side_value(std::int64_t n) const {
  const auto it = std::lower_bound(side_.begin(), side_.end(), static_cast<std::uint32_t>(n),
                                   [](const std::pair<std::uint32_t, std::uint16_t>& e,
                                      std::uint32_t h) { return e.first < h; });
  if (it == side_.end() || it->first != n)
    throw std::logic_error("sparse kernel: escaped heap without a side entry");
  return it->second;
}

Value OctalSparseSolver::kept_value(std::int64_t n) const {
  if (n < 0 || n >= size_) throw_out_of_range(n);
  if (window_ == 0) return value(n);
  if (n >= base_) return wide_values_[static_cast<std::size_t>(n - base_)];
  if (n < static_cast<std::int64_t>(head_.size())) return head_[static_cast<std::size_t>(n)];
  const auto r = std::lower_bound(rare_.begin(), rare_.end(), n);
  if (r != rare_.end() && *r == n) return rare_value_[static_cast<std::size_t>(r - rare_.begin())];
  const auto h = std::lower_bound(high_.begin(), high_.end(), n,
                                  [](const std::pair<std::int64_t, std::uint16_t>& e,
                                     std::int64_t heap) { return e.first < heap; });
  if (h != high_.end() && h->first == n) return h->second;
  throw_out_of_range(n);
}

OctalValueTable OctalSparseSolver::take_values() {
  if (window_ != 0)
    throw std::logic_error("sparse kernel: take_values() of a solver with a window");
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

int OctalSparseSolver::storage() const {
  if (wide_) return base_ > 0 ? 3 : 2;
  return side_.empty() ? 0 : 1;
}

Value OctalSparseSolver::far_value(std::size_t j, std::int64_t x) {
  if (far_.size() < rare_.size()) far_.resize(rare_.size());
  FarBlock& b = far_[j];
  if (b.heap != rare_[j] || x < b.from ||
      x >= b.from + static_cast<std::int64_t>(b.values.size())) {
    // The heaps x - i of the removals i of this heap and the next ones.
    b.heap = rare_[j];
    b.from = std::max<std::int64_t>(0, x - code_.max_removal());
    b.values.resize(static_cast<std::size_t>(std::min(kFarBlock, size_ - b.from)));
    load(b.from, static_cast<std::int64_t>(b.values.size()), b.values.data());
  }
  return b.values[static_cast<std::size_t>(x - b.from)];
}

template <class View>
Value OctalSparseSolver::compute_next(const View g) {
  const std::int64_t n = size_;
  const std::uint64_t range = value_range(max_value_);
  const std::size_t words = static_cast<std::size_t>((range + kWordBits - 1) / kWordBits);
  // Up to 128 values the options seen are bits kept in registers; beyond, a byte per value.
  const bool bytes = range > 2 * kWordBits;
  std::uint8_t* seen_b = nullptr;
  if (bytes) {
    if (seen_bytes_.size() < range) seen_bytes_.resize(static_cast<std::size_t>(range));
    seen_b = seen_bytes_.data();
    std::fill(seen_b, seen_b + range, std::uint8_t{0});
  }
  std::uint64_t low = 0, high = 0;

  const auto set = [&](unsigned v) {
    if (bytes) {
      seen_b[v] = 1;
    } else {
      (v < kWordBits ? low : high) |= std::uint64_t{1} << (v % kWordBits);
    }
  };
  // Options leaving no heap or one heap: a few per heap, all taken.
  const OctalCode& digits = code_.digits();
  const auto here = g.at(n);  // here[-i] = G(n - i)
  for (int i = 1; i <= digits.max_removal() && i <= n; ++i) {
    if (digits.leaves_none(i) && n == i) set(0);
    if (digits.leaves_one(i) && n > i) set(static_cast<unsigned>(here[-i]));
  }
  // Splits with a rare part: every common option value is among these.
  const std::int64_t* rare = rare_.data();
  const std::uint16_t* rare_value = rare_value_.data();
  const std::size_t rare_count = rare_.size();
  for (const SplitRemoval& split : splits_) {
    const std::int64_t rest = n - split.removal;
    if (rest < 2) continue;
    // The rare heaps below `rest`: all but the last few (every rare heap is below n).
    std::size_t below_rest = rare_count;
    while (below_rest > 0 && rare[below_rest - 1] >= rest) --below_rest;
    // Those whose partner rest - r the window keeps (every one without a window).
    std::size_t near = below_rest;
    if (base_ > 0)
      near =
          static_cast<std::size_t>(std::upper_bound(rare, rare + below_rest, rest - base_) - rare);
    // An unequal split skips the rare heap paired with itself.
    std::size_t skip = below_rest;
    if (split.unequal && rest % 2 == 0) {
      const std::int64_t* half = std::lower_bound(rare, rare + below_rest, rest / 2);
      if (half != rare + below_rest && *half == rest / 2)
        skip = static_cast<std::size_t>(half - rare);
    }
    const auto partner = g.at(rest);  // partner[-r] = G(rest - r)
    // The rare heaps whose partner the window keeps, but the one paired with itself.
    const std::size_t cut = std::min(skip, near);
    const std::size_t resume = skip < near ? cut + 1 : cut;
    // The split-value loop is the checker's (core/octal/trusted/octal_split_values.h).
    if (range <= kWordBits) {
      low |= octal_splits::split_values_one_word(rare, rare_value, 0, cut, partner) |
             octal_splits::split_values_one_word(rare, rare_value, resume, near, partner);
    } else if (!bytes) {
      const auto [lo, hi] = octal_splits::split_values_two_words(rare, rare_value, 0, cut, partner);
      const auto [lo2, hi2] =
          octal_splits::split_values_two_words(rare, rare_value, resume, near, partner);
      low |= lo | lo2;
      high |= hi | hi2;
    } else {
      const auto mark = [seen_b](unsigned v) { seen_b[v] = 1; };
      octal_splits::split_values_marked(rare, rare_value, 0, cut, partner, mark);
      octal_splits::split_values_marked(rare, rare_value, resume, near, partner, mark);
    }
    // Rare heaps whose partner lies before the window: read back a block at a time.
    for (std::size_t j = near; j < below_rest; ++j) {
      if (j == skip) continue;
      set(static_cast<unsigned>(rare_value_[j] ^ far_value(j, rest - rare_[j])));
    }
  }
  // The values that need a rare part: popcount(v & M) odd, or (heap parity) of the parity
  // 1 + (n - i), i any two-heap removal. The least common value not seen is certainly absent;
  // so is `range` itself. Rare values below it that no rare split produced must be searched for.
  const std::uint64_t flip = heap_parity_ && ((n - split_parity_) & 1) != 0 ? ~std::uint64_t{0} : 0;
  std::uint64_t candidate = range;
  needed_.clear();
  if (!bytes) {
    seen_[0] = low;
    seen_[1] = high;
    for (std::size_t w = 0; w < words; ++w) {
      const std::uint64_t free_common = ~seen_[w] & (common_pattern_[w] ^ flip) & below(range, w);
      if (free_common != 0) {
        candidate = w * kWordBits + static_cast<unsigned>(std::countr_zero(free_common));
        break;
      }
    }
    for (std::size_t w = 0; w < words; ++w)
      append_bits(~seen_[w] & ~(common_pattern_[w] ^ flip) & below(candidate, w), w, needed_);
  } else {
    const std::uint64_t* pattern = common_pattern_.data();
    const auto common = [&](std::uint64_t v) {
      return (((pattern[v / kWordBits] ^ flip) >> (v % kWordBits)) & 1) != 0;
    };
    for (std::uint64_t v = 0; v < range; ++v) {
      if (seen_b[v] == 0 && common(v)) {
        candidate = v;
        break;
      }
    }
    for (std::uint64_t v = 0; v < candidate; ++v)
      if (seen_b[v] == 0) needed_.push_back(static_cast<std::uint32_t>(v));
  }
  if (needed_.empty()) return static_cast<Value>(candidate);

  // Scan the splits a + (rest - a) by smaller part a, for every removal: blocks of kScanBlock
  // splits mark a byte per nim-sum (the first block always, more while many values are needed);
  // each value not met there is then searched alone, by a vectorised read-only search that stops
  // at its first split. The least needed value that no split has is the mex; when every one
  // appears, the candidate is. The depth recorded is the end of the block where the last needed
  // value first appears (the checker searches every split up to it).
  ++scans_;
  std::uint8_t* mark = seen_b;
  if (!bytes) {
    // As large as the value range so far (a small game touches one page, not 64 KiB).
    if (mark_.size() < range) mark_.resize(static_cast<std::size_t>(range));
    mark = mark_.data();
    std::fill(mark, mark + range, std::uint8_t{0});
  }
  // Per removal: its `rest`, its largest smaller part, and the largest the memory holds.
  struct Scan {
    std::int64_t rest;
    std::int64_t last;
    std::int64_t reach;
  };
  Scan scan[OctalCode::kMaxDigits + 1];
  std::size_t scan_count = 0;
  std::int64_t max_reach = 0;
  bool within = true;
  for (const SplitRemoval& split : splits_) {
    const std::int64_t rest = n - split.removal;
    if (rest < 2) continue;
    const std::int64_t last = split.unequal ? (rest - 1) / 2 : rest / 2;
    const std::int64_t reach = base_ > 0 ? std::min({last, window_ - 1, rest - base_}) : last;
    scan[scan_count++] = {rest, last, reach};
    max_reach = std::max(max_reach, reach);
    within = within && reach == last;
  }
  std::int64_t a0 = 1;
  std::int64_t deepest = 1;
  do {
    const std::int64_t end = a0 + kScanBlock;
    for (std::size_t k = 0; k < scan_count; ++k) {
      const auto large = g.at(scan[k].rest);
      const std::int64_t a_end = std::min(end, scan[k].reach + 1);
      for (std::int64_t a = a0; a < a_end; ++a) mark[g.s(a) ^ large[-a]] = 1;
    }
    std::size_t still = 0;
    for (const std::uint32_t v : needed_)
      if (mark[v] == 0) needed_[still++] = v;
    if (still < needed_.size()) deepest = end - 1;
    needed_.resize(still);
    a0 = end;
  } while (a0 <= max_reach && needed_.size() > kFewNeeded);
  missing_.clear();
  for (const std::uint32_t v : needed_) {
    std::int64_t first = std::numeric_limits<std::int64_t>::max();
    for (std::size_t k = 0; k < scan_count; ++k) {
      const std::int64_t a_end = std::min(scan[k].reach + 1, first);
      if (a_end <= a0) continue;
      std::int64_t a = a_end;
      if constexpr (View::kPlain) {
        a = first_split_with(g.small, g.at(scan[k].rest), a0, a_end, v);
      } else {
        const auto large = g.at(scan[k].rest);
        for (a = a0; a < a_end; ++a)
          if (static_cast<std::uint32_t>(g.s(a) ^ large[-a]) == v) break;
      }
      if (a < a_end) first = a;
    }
    if (first != std::numeric_limits<std::int64_t>::max()) {
      deepest = std::max(deepest, first);
      continue;
    }
    // No split the memory holds has v: when that is every split, v is the mex (every smaller
    // value is an option's, shown by the pairing or by the scan).
    if (within) {
      ++exhaustive_scans_;
      return static_cast<Value>(v);
    }
    missing_.push_back(v);  // the splits beyond the window decide
  }
  deepest_scan_ = std::max(deepest_scan_, deepest);
  if (!missing_.empty()) return deep_scan(n, candidate, mark);
  const std::int64_t depth = ((deepest - 1) / kScanBlock + 1) * kScanBlock;
  if (depth > hint_threshold_ && n <= kLargestScheduledHeap) {
    deep_witnesses_.emplace_back(static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(depth));
  }
  return static_cast<Value>(candidate);
}

Value OctalSparseSolver::deep_scan(std::int64_t n, std::uint64_t candidate, std::uint8_t* mark) {
  // The splits a + (rest - a) beyond each removal's reach, read back a chunk at a time (G(a) and
  // G(rest - a) from the kept values or the file), until every missing value has appeared.
  ++deep_scans_;
  chunk_small_.resize(static_cast<std::size_t>(kDeepChunk));
  chunk_large_.resize(static_cast<std::size_t>(kDeepChunk));
  for (const SplitRemoval& split : splits_) {
    const std::int64_t rest = n - split.removal;
    if (rest < 2) continue;
    const std::int64_t last = split.unequal ? (rest - 1) / 2 : rest / 2;
    const std::int64_t reach = std::min({last, window_ - 1, rest - base_});
    for (std::int64_t a0 = reach + 1; a0 <= last; a0 += kDeepChunk) {
      const std::int64_t count = std::min(kDeepChunk, last - a0 + 1);
      load(a0, count, chunk_small_.data());                       // G(a0 .. a0 + count - 1)
      load(rest - (a0 + count - 1), count, chunk_large_.data());  // G(rest - a0 - count + 1 ..)
      const std::uint16_t* small = chunk_small_.data();
      const std::uint16_t* large = chunk_large_.data() + (count - 1);  // G(rest - a0 - k)
      for (std::int64_t k = 0; k < count; ++k) mark[small[k] ^ large[-k]] = 1;
      std::size_t still = 0;
      for (const std::uint32_t v : missing_)
        if (mark[v] == 0) missing_[still++] = v;
      missing_.resize(still);
      if (missing_.empty()) return static_cast<Value>(candidate);
    }
  }
  // Every split was seen: the least value never met is the mex.
  ++exhaustive_scans_;
  return static_cast<Value>(missing_.front());
}

void OctalSparseSolver::spill(const std::uint16_t* values, std::int64_t count) {
  if (!spill_) {
    spill_.reset(std::tmpfile());
    if (!spill_) {
      throw std::runtime_error(
          code_.name() +
          " sparse kernel: cannot create its temporary file of values: " + std::strerror(errno));
    }
  }
  const auto n = static_cast<std::size_t>(count);
  if (std::fwrite(values, sizeof(std::uint16_t), n, spill_.get()) != n ||
      std::fflush(spill_.get()) != 0) {
    throw std::runtime_error(
        code_.name() +
        " sparse kernel: cannot write its temporary file of values: " + std::strerror(errno));
  }
  spilled_ += count;
}

void OctalSparseSolver::load(std::int64_t from, std::int64_t count, std::uint16_t* out) {
  const std::int64_t end = from + count;
  const auto head_end = static_cast<std::int64_t>(head_.size());
  std::int64_t x = from;
  while (x < end) {
    if (x >= base_) {  // the window (or, before any slide, every value)
      std::copy(wide_values_.begin() + (x - base_), wide_values_.begin() + (end - base_),
                out + (x - from));
      return;
    }
    if (x < head_end) {  // the first heaps
      const std::int64_t e = std::min(end, head_end);
      std::copy(head_.begin() + x, head_.begin() + e, out + (x - from));
      x = e;
      continue;
    }
    // Between the first heaps and the window: the file of values.
    const std::int64_t e = std::min(end, base_);
    if (!spill_ || spilled_ < e)
      throw std::logic_error("sparse kernel: a value not yet in its file");
    auto* bytes = reinterpret_cast<char*>(out + (x - from));
    std::size_t want = static_cast<std::size_t>(e - x) * sizeof(std::uint16_t);
    auto offset = static_cast<off_t>(x) * static_cast<off_t>(sizeof(std::uint16_t));
    while (want > 0) {
      const ssize_t got = ::pread(::fileno(spill_.get()), bytes, want, offset);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) {
        throw std::runtime_error(code_.name() +
                                 " sparse kernel: cannot read its temporary file of values: " +
                                 (got < 0 ? std::strerror(errno) : "short file"));
      }
      bytes += got;
      want -= static_cast<std::size_t>(got);
      offset += got;
    }
    x = e;
  }
}

void OctalSparseSolver::choose_mask() {
  value_range_grew_ = false;
  rare_value_met_ = false;
  last_mask_check_ = size_;
  const std::uint64_t range = value_range(max_value_);
  if (range > kLargestRangeForMaskSearch || size_ < 2 || size_ > kLargestScheduledHeap) return;
  // Once the window slid, only masks equal to the current one below high_from_, with the same
  // parity flag, keep every heap's rarity known (see the header).
  const bool slid = base_ > 0;
  if (slid && high_lost_) return;
  // The work per heap grows with the number of rare heaps among all heaps so far, so the mask
  // that makes the fewest of them is chosen (not the fewest among recent heaps only), from the
  // histogram of the values of heaps 1 .. size_ - 1 (push_value keeps it).
  if (histogram_.size() != 2 * range)
    throw std::logic_error("sparse kernel: histogram out of step with the value range");
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
    if (slid && (with_parity != 0) != heap_parity_) continue;
    for (std::uint32_t m = with_parity != 0 ? 0 : 1; m < range; ++m) {
      if (slid && ((m ^ mask_) & (high_from_ - 1)) != 0) continue;
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
  adopt_mask(best, best_parity);
}

void OctalSparseSolver::set_common_pattern() {
  // Bit b of word w is popcount((64w + b) & M) mod 2: the pattern of the low six bits of M,
  // complemented in the words where popcount(64w & M) is odd.
  std::uint64_t low = 0;
  for (unsigned b = 0; b < kWordBits; ++b)
    if ((std::popcount(b & mask_) & 1) == 1) low |= std::uint64_t{1} << b;
  for (std::size_t w = 0; w < kScratchWords; ++w) {
    const auto high = static_cast<std::uint32_t>(w * kWordBits) & mask_;
    common_pattern_[w] = (std::popcount(high) & 1) == 1 ? ~low : low;
  }
}

void OctalSparseSolver::adopt_mask(std::uint32_t mask, bool parity) {
  mask_ = mask;
  heap_parity_ = parity;
  mask_schedule_.emplace_back(static_cast<std::uint32_t>(size_), this->mask());
  set_common_pattern();
  std::vector<std::pair<std::int64_t, std::uint16_t>> rare;
  if (base_ == 0) {
    for (std::int64_t n = 1; n < size_; ++n) {
      const Value v = value(n);
      if (is_rare(n, v)) rare.emplace_back(n, static_cast<std::uint16_t>(v));
    }
  } else {
    // Heaps with values below high_from_ keep their rarity; those above are all in high_.
    for (std::size_t j = 0; j < rare_.size(); ++j) {
      if (rare_value_[j] < high_from_) rare.emplace_back(rare_[j], rare_value_[j]);
    }
    for (const auto& [n, v] : high_) {
      if (is_rare(n, v)) rare.emplace_back(n, v);
    }
    std::sort(rare.begin(), rare.end());
  }
  rare_.clear();
  rare_value_.clear();
  for (const auto& [n, v] : rare) {
    rare_.push_back(n);
    rare_value_.push_back(v);
  }
}

void OctalSparseSolver::throw_out_of_range(std::int64_t n) const {
  throw std::out_of_range(
      code_.name() + ": G(" + std::to_string(n) + ") asked, but " +
      (n >= 0 && n < size_
           ? std::string("its value is not kept (window ") + std::to_string(window_) + ")"
           : "the values computed are those of heaps 0.." + std::to_string(size_ - 1)));
}

void OctalSparseSolver::slide() {
  if (head_.empty()) {
    head_.assign(wide_values_.begin(), wide_values_.begin() + static_cast<std::ptrdiff_t>(window_));
    high_from_ = value_range(max_value_);  // every value so far is below it
  }
  spill(wide_values_.data(), window_);  // the file holds heaps [0, base_) after the slide
  wide_values_.erase(wide_values_.begin(),
                     wide_values_.begin() + static_cast<std::ptrdiff_t>(window_));
  base_ += window_;
}

void OctalSparseSolver::push_value(Value v) {
  if (!code_.has_unequal_splits()) v = fault::at_heap("octal/sparse", size_, v);
  if (v > kMaxStorableValue) {
    throw BudgetExceeded(code_.name() + ": a value above 65535 at heap " + std::to_string(size_) +
                         " (the sparse kernel stores 16-bit values)");
  }
  const std::uint64_t range_before = value_range(max_value_);
  if (window_ > 0) {
    if (static_cast<std::int64_t>(wide_values_.size()) == 2 * window_) slide();
    if (size_ >= 1 && size_ <= kLargestScheduledHeap &&
        static_cast<std::uint64_t>(v) >= range_before && is_rare(size_, v)) {
      // The first value with its top bit k: no heap before has bit k, so flipping bit k of the
      // mask changes no earlier heap's rarity and makes this heap common (the new values are
      // then common from the start, as most are, instead of rare heaps far beyond the window).
      const auto k = static_cast<unsigned>(std::bit_width(static_cast<std::uint64_t>(v)) - 1);
      mask_ ^= std::uint32_t{1} << k;
      set_common_pattern();
      mask_schedule_.emplace_back(static_cast<std::uint32_t>(size_), mask());
    }
    wide_values_.push_back(static_cast<std::uint16_t>(v));
  } else {
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
  }
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
      rare_.push_back(size_);
      rare_value_.push_back(static_cast<std::uint16_t>(v));
      rare_value_met_ = true;
    }
  }
  if (high_from_ > 0 && !high_lost_ && static_cast<std::uint64_t>(v) >= high_from_) {
    high_.emplace_back(size_, static_cast<std::uint16_t>(v));
    if (high_.size() > kMaxHigh) {
      std::vector<std::pair<std::int64_t, std::uint16_t>>().swap(high_);
      high_lost_ = true;  // the mask stays as it is from now on
    }
  }
  ++size_;
}

template <class ViewFn>
void OctalSparseSolver::extend_typed(const ViewFn& view, std::int64_t n_end,
                                     const std::function<void()>& tick,
                                     const std::function<void(std::int64_t, Value)>& emit) {
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
    if (emit) emit(size_ - 1, v);
    if (tick && (size_ & 0x3FF) == 0) tick();
  }
}

void OctalSparseSolver::extend_to(std::int64_t n_end, const std::function<void()>& tick,
                                  const std::function<void(std::int64_t, Value)>& emit) {
  if (window_ == 0 && n_end > kLargestScheduledHeap) {
    throw BudgetExceeded(code_.name() +
                         " sparse kernel: heaps above 2^32 are not supported (without a window)");
  }
  if (n_end <= size_) return;
  if (window_ > 0) {
    wide_values_.reserve(static_cast<std::size_t>(std::min(n_end, 2 * window_ + 1)));
  } else if (wide_) {
    wide_values_.reserve(static_cast<std::size_t>(n_end));
  } else {
    narrow_values_.reserve(static_cast<std::size_t>(n_end));
  }
  while (size_ < n_end) {
    switch (storage()) {
      case 0:
        extend_typed(
            [this] {
              return PlainView<std::uint8_t>{narrow_values_.data(), narrow_values_.data(), 0};
            },
            n_end, tick, emit);
        break;
      case 1:
        extend_typed(
            [this] {
              return EscapedView{narrow_values_.data(), this};
            },
            n_end, tick, emit);
        break;
      case 2:
        extend_typed(
            [this] {
              return PlainView<std::uint16_t>{wide_values_.data(), wide_values_.data(), 0};
            },
            n_end, tick, emit);
        break;
      default:
        extend_typed(
            [this] {
              return PlainView<std::uint16_t>{head_.data(), wide_values_.data(), base_};
            },
            n_end, tick, emit);
        break;
    }
  }
}

std::vector<Value> grundy_values_sparse(std::int64_t n_max) {
  if (n_max < -1) {
    throw std::out_of_range("Grundy's game: values up to heap " + std::to_string(n_max) +
                            " asked (heaps are 0 or more)");
  }
  OctalSparseSolver solver(TakeBreakCode::grundy());
  solver.extend_to(n_max + 1);
  std::vector<Value> out(static_cast<std::size_t>(n_max + 1));
  for (std::int64_t n = 0; n <= n_max; ++n) out[static_cast<std::size_t>(n)] = solver.value(n);
  return out;
}

}  // namespace igv
