#include "core/classic/classic_grundy_fast_sparse.h"

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include "core/base/trusted/cpu_features.h"
#include "core/base/trusted/errors.h"

namespace igv {

namespace {

/// The scratch arrays cover 2^16 values: every value the solver stores, every nim-sum of two.
constexpr std::size_t kMaxRange = 65536;
/// Splits marked per block of a scan while more than kFewNeeded values are still to be found;
/// the last few are each searched alone, read-only.
constexpr std::int64_t kScanBlock = 256;
constexpr std::size_t kFewNeeded = 2;
/// Values read back at a time for a rare heap beyond the window.
constexpr std::int64_t kFarBlock = std::int64_t{1} << 14;
/// Heaps with a value >= the value range of the first slide kept at most (see the header).
constexpr std::size_t kMaxHigh = std::size_t{1} << 22;

/// The power of two above every value so far: a nim-sum of two values stays below it, so no
/// option has this value and the mex is at most this number.
std::uint64_t value_range(Value max_value) {
  return max_value == 0 ? 1
                        : std::uint64_t{1} << std::bit_width(static_cast<std::uint64_t>(max_value));
}

/// The least a in [a0, a_end) with small[a] ^ large[-a] == v, or a_end: a chunk of splits at a
/// time is tested (a loop that vectorises), then the chunk that has v is searched. Read-only.
[[gnu::always_inline]] inline std::int64_t first_split_with_t(const std::uint16_t* small,
                                                              const std::uint16_t* large,
                                                              std::int64_t a0, std::int64_t a_end,
                                                              std::uint32_t v) {
  constexpr std::int64_t kChunk = 256;
  const auto value = static_cast<std::uint16_t>(v);
  for (std::int64_t c = a0; c < a_end; c += kChunk) {
    const std::int64_t e = std::min(a_end, c + kChunk);
    unsigned char hit = 0;
    for (std::int64_t a = c; a < e; ++a)
      hit |= static_cast<std::uint16_t>(small[a] ^ large[-a]) == value;
    if (hit != 0) {
      for (std::int64_t a = c;; ++a)
        if (static_cast<std::uint16_t>(small[a] ^ large[-a]) == value) return a;
    }
  }
  return a_end;
}

// The scan is compiled twice, for AVX2 (where the reversed reads vectorise) and for the
// baseline; the one the processor runs is called (core/base/cpu_features.h).
IGV_AVX2_TARGET std::int64_t first_split_with_avx2(const std::uint16_t* small,
                                                   const std::uint16_t* large, std::int64_t a0,
                                                   std::int64_t a_end, std::uint32_t v) {
  return first_split_with_t(small, large, a0, a_end, v);
}

std::int64_t first_split_with(const std::uint16_t* small, const std::uint16_t* large,
                              std::int64_t a0, std::int64_t a_end, std::uint32_t v) {
  if (cpu_has_avx2()) return first_split_with_avx2(small, large, a0, a_end, v);
  return first_split_with_t(small, large, a0, a_end, v);
}

}  // namespace

GrundySparseSolver::GrundySparseSolver(std::int64_t window)
    : window_(window), histogram_(2 * kMaxRange, 0), seen_(kMaxRange, 0), odd_(kMaxRange, 0) {
  if (window < 0) throw std::invalid_argument("Grundy's game sparse kernel: a negative window");
}

bool GrundySparseSolver::is_rare(std::int64_t heap, Value v) const {
  const int parity = heap_parity_ ? static_cast<int>(heap & 1) : 0;
  return ((odd_[static_cast<std::size_t>(v)] + parity) & 1) == 0;
}

std::int64_t GrundySparseSolver::kept(std::int64_t x) const {
  if (x < 0 || x >= size_) return -1;
  if (x >= base_) return buf_[static_cast<std::size_t>(x - base_)];
  if (x < static_cast<std::int64_t>(head_.size())) return head_[static_cast<std::size_t>(x)];
  const auto r = std::lower_bound(rare_.begin(), rare_.end(), x);
  if (r != rare_.end() && *r == x) return rare_value_[static_cast<std::size_t>(r - rare_.begin())];
  const auto h = std::lower_bound(high_.begin(), high_.end(), x,
                                  [](const std::pair<std::int64_t, std::uint16_t>& e,
                                     std::int64_t heap) { return e.first < heap; });
  if (h != high_.end() && h->first == x) return h->second;
  return -1;
}

Value GrundySparseSolver::value(std::int64_t n) const {
  const std::int64_t g = kept(n);
  if (g < 0) throw_out_of_range(n);
  return g;
}

const std::vector<std::uint16_t>& GrundySparseSolver::values() const {
  if (window_ != 0)
    throw std::logic_error("Grundy's game sparse kernel: values() of a solver with a window");
  return buf_;
}

std::uint64_t GrundySparseSolver::memory_bytes() const {
  return 2 * (buf_.capacity() + head_.capacity()) + 10 * rare_.capacity() +
         sizeof(high_[0]) * high_.capacity() + 8 * histogram_.size() + 2 * kMaxRange;
}

Value GrundySparseSolver::compute_next() {
  const std::int64_t n = size_;
  const std::uint64_t range = value_range(max_value_);
  std::uint8_t* seen = seen_.data();
  std::fill(seen, seen + range, std::uint8_t{0});
  // G(n - a) = large[-a] for n - a >= base_.
  const std::uint16_t* large = buf_.data() + (n - base_);

  // Splits with a rare part (either the smaller or the larger one): every value common for n
  // is among these. The equal split r = n - r is not a move.
  const std::size_t rare_count = rare_.size();
  const std::int64_t in_window = n - base_;  // r <= in_window: G(n - r) is in the window
  std::size_t j = 0;
  for (; j < rare_count; ++j) {
    const std::int64_t r = rare_[j];
    if (r > in_window) break;
    if (2 * r == n) continue;
    seen[rare_value_[j] ^ large[-r]] = 1;
  }
  // Rare heaps beyond the window: G(n - r) read back, a block of the heaps n - r that the next
  // heaps need at a time (one read per rare heap per kFarBlock heaps).
  if (far_.size() < rare_count) far_.resize(rare_count);
  for (; j < rare_count; ++j) {
    const std::int64_t r = rare_[j];
    if (2 * r == n) continue;
    const std::int64_t x = n - r;
    FarBlock& b = far_[j];
    if (b.heap != r || x < b.from || x >= b.from + static_cast<std::int64_t>(b.values.size())) {
      b.heap = r;
      b.from = x;
      b.values.resize(static_cast<std::size_t>(std::min(kFarBlock, n - x)));
      load(x, static_cast<std::int64_t>(b.values.size()), b.values.data());
    }
    seen[rare_value_[j] ^ b.values[static_cast<std::size_t>(x - b.from)]] = 1;
  }
  // The least value common for n that no pairing gave is certainly absent; so is `range`.
  const std::uint8_t flip = heap_parity_ && (n & 1) != 0 ? 1 : 0;
  const std::uint8_t* odd = odd_.data();
  std::uint64_t candidate = range;
  for (std::uint64_t v = 0; v < range; ++v) {
    if ((odd[v] ^ flip) != 0 && seen[v] == 0) {
      candidate = v;
      break;
    }
  }
  // Values below the candidate that no pairing produced (all rare for n) must be searched for.
  needed_.clear();
  for (std::uint64_t v = 0; v < candidate; ++v) {
    if (seen[v] == 0) needed_.push_back(static_cast<std::uint32_t>(v));
  }
  if (needed_.empty()) return static_cast<Value>(candidate);

  // Scan the splits a + (n - a), 1 <= a <= last, by smaller part: blocks of splits mark every
  // nim-sum while many values are needed; the last few are each searched alone by a read-only
  // search that stops at its first split.
  ++scans_;
  const std::int64_t last = (n - 1) / 2;  // the largest smaller part
  const bool slid = base_ > 0;
  const std::uint16_t* small = slid ? head_.data() : buf_.data();
  // The smaller parts whose split is kept: G(a) among the first heaps, G(n - a) in the window.
  const std::int64_t reach = slid ? std::min({last, window_ - 1, n - base_}) : last;
  std::int64_t a0 = 1;
  while (a0 <= reach && needed_.size() > kFewNeeded) {
    const std::int64_t end = std::min(reach + 1, a0 + kScanBlock);
    for (std::int64_t a = a0; a < end; ++a) seen[small[a] ^ large[-a]] = 1;
    a0 = end;
    std::size_t still = 0;
    for (const std::uint32_t v : needed_) {
      if (seen[v] == 0) needed_[still++] = v;
    }
    needed_.resize(still);
  }
  std::int64_t deepest = a0 - 1;
  missing_.clear();
  for (const std::uint32_t v : needed_) {
    const std::int64_t a = first_split_with(small, large, a0, reach + 1, v);
    if (a <= reach) {
      deepest = std::max(deepest, a);
      continue;
    }
    // No split up to `reach` has v: when that is every split, v is the mex (every smaller value
    // is an option's, shown by the pairing or by the scan).
    if (reach == last) {
      ++full_scans_;
      return static_cast<Value>(v);
    }
    missing_.push_back(v);  // the splits beyond the window decide
  }
  deepest_scan_ = std::max(deepest_scan_, deepest);
  if (missing_.empty()) return static_cast<Value>(candidate);
  return deep_scan(n, reach + 1, last, candidate);
}

Value GrundySparseSolver::deep_scan(std::int64_t n, std::int64_t a_from, std::int64_t last,
                                    std::uint64_t candidate) {
  // The splits a + (n - a), a_from <= a <= last, read back a chunk at a time (G(a) and G(n - a)
  // from the kept values or the file), until every missing value has appeared.
  ++deep_scans_;
  constexpr std::int64_t kChunk = std::int64_t{1} << 20;
  std::uint8_t* seen = seen_.data();
  chunk_small_.resize(static_cast<std::size_t>(kChunk));
  chunk_large_.resize(static_cast<std::size_t>(kChunk));
  for (std::int64_t a0 = a_from; a0 <= last; a0 += kChunk) {
    const std::int64_t count = std::min(kChunk, last - a0 + 1);
    load(a0, count, chunk_small_.data());                    // G(a0 .. a0 + count - 1)
    load(n - (a0 + count - 1), count, chunk_large_.data());  // G(n - a0 - count + 1 .. n - a0)
    const std::uint16_t* small = chunk_small_.data();
    const std::uint16_t* large = chunk_large_.data() + (count - 1);  // G(n - a0 - k) = large[-k]
    for (std::int64_t k = 0; k < count; ++k) seen[small[k] ^ large[-k]] = 1;
    std::size_t still = 0;
    for (const std::uint32_t v : missing_) {
      if (seen[v] == 0) missing_[still++] = v;
    }
    missing_.resize(still);
    if (missing_.empty()) return static_cast<Value>(candidate);
  }
  // Every split was seen: the least value never met is the mex.
  ++full_scans_;
  return static_cast<Value>(missing_.front());
}

void GrundySparseSolver::spill(const std::uint16_t* values, std::int64_t count) {
  if (!spill_) {
    spill_.reset(std::tmpfile());
    if (!spill_) {
      throw std::runtime_error(
          std::string("Grundy's game sparse kernel: cannot create its temporary file of values: ") +
          std::strerror(errno));
    }
  }
  const auto n = static_cast<std::size_t>(count);
  if (std::fwrite(values, sizeof(std::uint16_t), n, spill_.get()) != n ||
      std::fflush(spill_.get()) != 0) {
    throw std::runtime_error(
        std::string("Grundy's game sparse kernel: cannot write its temporary file of values: ") +
        std::strerror(errno));
  }
  spilled_ += count;
}

void GrundySparseSolver::load(std::int64_t from, std::int64_t count, std::uint16_t* out) {
  const std::int64_t end = from + count;
  const auto head_end = static_cast<std::int64_t>(head_.size());
  std::int64_t x = from;
  while (x < end) {
    if (x >= base_) {  // the window (or, with window 0, every value)
      std::copy(buf_.begin() + (x - base_), buf_.begin() + (end - base_), out + (x - from));
      return;
    }
    if (x < head_end) {  // the first heaps
      const std::int64_t e = std::min(end, head_end);
      std::copy(head_.begin() + x, head_.begin() + e, out + (x - from));
      x = e;
      continue;
    }
    // Between the first heaps and the window: the file of every value.
    const std::int64_t e = std::min(end, base_);
    if (!spill_ || spilled_ < e)
      throw std::logic_error("Grundy's game sparse kernel: a value not yet in its file");
    auto* bytes = reinterpret_cast<char*>(out + (x - from));
    std::size_t want = static_cast<std::size_t>(e - x) * sizeof(std::uint16_t);
    auto offset = static_cast<off_t>(x) * static_cast<off_t>(sizeof(std::uint16_t));
    while (want > 0) {
      const ssize_t got = ::pread(::fileno(spill_.get()), bytes, want, offset);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) {
        throw std::runtime_error(
            std::string("Grundy's game sparse kernel: cannot read its temporary file of values: ") +
            (got < 0 ? std::strerror(errno) : "short file"));
      }
      bytes += got;
      want -= static_cast<std::size_t>(got);
      offset += got;
    }
    x = e;
  }
}

void GrundySparseSolver::choose_mask() {
  const std::uint64_t range = value_range(max_value_);
  if (size_ < 2) return;
  const bool slid = base_ > 0;
  // Once the window slid, only masks equal to the current one below high_from_, with the same
  // parity flag, keep every heap's rarity known (see the header).
  if (slid && high_lost_) return;
  // Rare heaps under every (mask, parity) at once, by a Walsh–Hadamard transform of the
  // histogram: w[2m + q] = sum over v, s of histogram[2v + s] (-1)^(popcount(v & m) + q·s), so
  // the heaps rare under (m, q) are (total + w[2m + q]) / 2.
  std::vector<std::int64_t> w(histogram_.begin(),
                              histogram_.begin() + static_cast<std::ptrdiff_t>(2 * range));
  for (std::size_t len = 1; len < w.size(); len *= 2) {
    for (std::size_t i = 0; i < w.size(); i += 2 * len) {
      for (std::size_t k = i; k < i + len; ++k) {
        const std::int64_t x = w[k];
        const std::int64_t y = w[k + len];
        w[k] = x + y;
        w[k + len] = x - y;
      }
    }
  }
  const std::int64_t total = size_ - 1;
  const auto rare_under = [&](std::uint32_t m, bool q) {
    return (total + w[2 * static_cast<std::size_t>(m) + (q ? 1 : 0)]) / 2;
  };
  std::uint32_t best = mask_;
  bool best_parity = heap_parity_;
  std::int64_t best_rare = rare_under(mask_, heap_parity_);
  for (int q = 0; q <= 1; ++q) {
    if (slid && (q != 0) != heap_parity_) continue;
    for (std::uint32_t m = 0; m < range; ++m) {
      if (slid && ((m ^ mask_) & (high_from_ - 1)) != 0) continue;
      const std::int64_t rare = rare_under(m, q != 0);
      if (rare < best_rare) {
        best_rare = rare;
        best = m;
        best_parity = q != 0;
      }
    }
  }
  if (best != mask_ || best_parity != heap_parity_) adopt_mask(best, best_parity);
}

void GrundySparseSolver::adopt_mask(std::uint32_t mask, bool parity) {
  mask_ = mask;
  heap_parity_ = parity;
  mask_schedule_.emplace_back(size_, this->mask());
  for (std::size_t v = 0; v < kMaxRange; ++v)
    odd_[v] = static_cast<std::uint8_t>(std::popcount(static_cast<std::uint32_t>(v) & mask_) & 1);
  std::vector<std::pair<std::int64_t, std::uint16_t>> rare;
  if (base_ == 0) {
    for (std::int64_t n = 1; n < size_; ++n) {
      const std::uint16_t v = buf_[static_cast<std::size_t>(n)];
      if (is_rare(n, v)) rare.emplace_back(n, v);
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

void GrundySparseSolver::throw_out_of_range(std::int64_t n) const {
  throw std::out_of_range(
      "Grundy's game: G(" + std::to_string(n) + ") asked, but " +
      (n >= 0 && n < size_
           ? std::string("its value is not kept (window ") + std::to_string(window_) + ")"
           : "the values computed are those of heaps 0.." + std::to_string(size_ - 1)));
}

void GrundySparseSolver::slide() {
  if (head_.empty()) {
    head_.assign(buf_.begin(), buf_.begin() + static_cast<std::ptrdiff_t>(window_));
    high_from_ = value_range(max_value_);  // every value so far is below it
  }
  spill(buf_.data(), window_);  // the file holds heaps [0, base_) after the slide
  buf_.erase(buf_.begin(), buf_.begin() + static_cast<std::ptrdiff_t>(window_));
  base_ += window_;
}

void GrundySparseSolver::push_value(Value v) {
  if (v > kMaxStorableValue) {
    throw BudgetExceeded("Grundy's game: a value above 65535 at heap " + std::to_string(size_) +
                         " (the sparse kernel stores 16-bit values)");
  }
  if (window_ > 0 && static_cast<std::int64_t>(buf_.size()) == 2 * window_) slide();
  const auto u = static_cast<std::uint16_t>(v);
  buf_.push_back(u);
  if (size_ >= 1 && static_cast<std::uint64_t>(v) >= value_range(max_value_) && is_rare(size_, v)) {
    // The first value with its top bit k: no heap before has bit k, so flipping bit k of the
    // mask changes no earlier heap's rarity and makes this heap common (the new values are
    // then common from the start, as most are, instead of rare heaps far beyond the window).
    const auto k = static_cast<unsigned>(std::bit_width(static_cast<std::uint64_t>(v)) - 1);
    mask_ ^= std::uint32_t{1} << k;
    for (std::size_t w = std::size_t{1} << k; w < kMaxRange; ++w)
      odd_[w] = static_cast<std::uint8_t>(std::popcount(static_cast<std::uint32_t>(w) & mask_) & 1);
    mask_schedule_.emplace_back(size_, mask());
  }
  max_value_ = std::max(max_value_, v);
  if (size_ >= 1) {
    ++histogram_[2 * static_cast<std::size_t>(v) + static_cast<std::size_t>(size_ & 1)];
    if (is_rare(size_, v)) {
      rare_.push_back(size_);
      rare_value_.push_back(u);
    }
  }
  if (high_from_ > 0 && !high_lost_ && static_cast<std::uint64_t>(v) >= high_from_) {
    high_.emplace_back(size_, u);
    if (high_.size() > kMaxHigh) {
      std::vector<std::pair<std::int64_t, std::uint16_t>>().swap(high_);
      high_lost_ = true;  // the mask stays as it is from now on
    }
  }
  ++size_;
}

void GrundySparseSolver::extend_to(std::int64_t n_end, const std::function<void()>& tick,
                                   const std::function<void(std::int64_t, Value)>& emit) {
  if (n_end <= size_) return;
  if (window_ == 0) {
    buf_.reserve(static_cast<std::size_t>(n_end));
  } else {
    buf_.reserve(static_cast<std::size_t>(std::min(n_end, 2 * window_)));
  }
  while (size_ < n_end) {
    if (size_ == next_mask_check_) {
      choose_mask();
      next_mask_check_ *= 2;
    }
    const Value v = compute_next();
    push_value(v);
    if (emit) emit(size_ - 1, v);
    if (tick && (size_ & 0xFFF) == 0) tick();
  }
}

std::vector<Value> grundy_values_sparse(std::int64_t n_max) {
  if (n_max < -1) {
    throw std::out_of_range("Grundy's game: values up to heap " + std::to_string(n_max) +
                            " asked (heaps are 0 or more)");
  }
  GrundySparseSolver solver;
  solver.extend_to(n_max + 1);
  return {solver.values().begin(), solver.values().end()};
}

}  // namespace igv
