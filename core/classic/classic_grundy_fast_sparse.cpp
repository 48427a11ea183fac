#include "core/classic/classic_grundy_fast_sparse.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "core/base/errors.h"

namespace igv {

namespace {

/// The scratch arrays cover 2^16 values: every value the solver stores, every nim-sum of two.
constexpr std::size_t kMaxRange = 65536;
/// Masks are chosen by trying every mask below the value range while it is at most this large.
constexpr std::uint64_t kLargestRangeForMaskSearch = 1024;
/// Splits looked at per block of the scan by smaller part.
constexpr std::int64_t kScanBlock = 256;

/// The power of two above every value so far: a nim-sum of two values stays below it, so no
/// option has this value and the mex is at most this number.
std::uint64_t value_range(Value max_value) {
  return max_value == 0 ? 1
                        : std::uint64_t{1} << std::bit_width(static_cast<std::uint64_t>(max_value));
}

}  // namespace

GrundySparseSolver::GrundySparseSolver() : seen_(kMaxRange, 0), common_(kMaxRange, 0) {}

bool GrundySparseSolver::is_rare(Value v) const {
  return (std::popcount(static_cast<std::uint32_t>(v) & mask_) & 1) == 0;
}

Value GrundySparseSolver::compute_next() {
  const auto n = static_cast<std::int64_t>(values_.size());
  const std::uint16_t* g = values_.data();
  const std::uint64_t range = value_range(max_value_);
  // One byte per value (independent stores: no read-modify-write chain on a few bit words).
  std::uint8_t* seen = seen_.data();
  std::fill(seen, seen + range, std::uint8_t{0});

  // Splits with a rare part (either the smaller or the larger one): every common option value
  // is among these. The equal split r = n - r is not a move.
  for (const std::uint32_t r : rare_) {
    if (r >= n) break;
    if (2 * static_cast<std::int64_t>(r) == n) continue;
    seen[g[r] ^ g[n - r]] = 1;
  }
  // The least common value not seen is certainly absent; so is `range` itself.
  const std::uint8_t* common = common_.data();
  std::uint64_t candidate = range;
  for (std::uint64_t v = 0; v < range; ++v) {
    if (common[v] != 0 && seen[v] == 0) {
      candidate = v;
      break;
    }
  }
  // Rare values below the candidate that no rare pairing produced must be searched for.
  needed_.clear();
  for (std::uint64_t v = 0; v < candidate; ++v) {
    if (seen[v] == 0)
      needed_.push_back(static_cast<std::uint32_t>(v));  // rare: common ones are seen
  }
  if (needed_.empty()) return static_cast<Value>(candidate);

  // Scan the splits a + (n - a), 1 <= a < n - a, a block of smaller parts at a time, until
  // every needed value has appeared.
  ++scans_;
  const std::int64_t last = (n - 1) / 2;  // the largest smaller part
  for (std::int64_t a0 = 1; a0 <= last; a0 += kScanBlock) {
    const std::int64_t count = std::min<std::int64_t>(kScanBlock, last - a0 + 1);
    const std::uint16_t* small = g + a0;
    const std::uint16_t* large = g + (n - a0);
    for (std::int64_t j = 0; j < count; ++j) seen[small[j] ^ large[-j]] = 1;
    std::size_t kept = 0;
    for (const std::uint32_t v : needed_) {
      if (seen[v] == 0) needed_[kept++] = v;
    }
    needed_.resize(kept);
    if (needed_.empty()) return static_cast<Value>(candidate);
  }
  // Every split was seen and some needed values never appeared: the least of them is the mex
  // (every value below it is an option value, shown by the rare pairing or by the scan).
  ++full_scans_;
  return static_cast<Value>(needed_.front());
}

void GrundySparseSolver::choose_mask() {
  const std::uint64_t range = value_range(max_value_);
  if (range > kLargestRangeForMaskSearch || values_.size() < 2) return;
  std::vector<std::uint64_t> histogram(range, 0);
  for (std::size_t n = 1; n < values_.size(); ++n) ++histogram[values_[n]];
  std::uint32_t best = mask_;
  std::uint64_t best_rare = ~std::uint64_t{0};
  for (std::uint32_t m = 0; m < range; ++m) {
    std::uint64_t rare = 0;
    for (std::uint64_t v = 0; v < range; ++v) {
      if ((std::popcount(static_cast<std::uint32_t>(v) & m) & 1) == 0) rare += histogram[v];
    }
    if (rare < best_rare) {
      best_rare = rare;
      best = m;
    }
  }
  if (best == mask_) return;
  mask_ = best;
  mask_schedule_.emplace_back(static_cast<std::uint32_t>(values_.size()), mask_);
  for (std::size_t v = 0; v < kMaxRange; ++v)
    common_[v] = (std::popcount(static_cast<std::uint32_t>(v) & mask_) & 1) == 1 ? 1 : 0;
  rare_.clear();
  for (std::size_t n = 1; n < values_.size(); ++n) {
    if (is_rare(values_[n])) rare_.push_back(static_cast<std::uint32_t>(n));
  }
}

void GrundySparseSolver::throw_out_of_range(std::int64_t n) const {
  throw std::out_of_range("Grundy's game: G(" + std::to_string(n) +
                          ") asked, but the values computed are those of heaps 0.." +
                          std::to_string(size() - 1));
}

void GrundySparseSolver::push_value(Value v) {
  if (v > kMaxStorableValue) {
    throw BudgetExceeded("Grundy's game: a value above 65535 at heap " + std::to_string(size()) +
                         " (the sparse kernel stores 16-bit values)");
  }
  const auto n = values_.size();
  values_.push_back(static_cast<std::uint16_t>(v));
  max_value_ = std::max(max_value_, v);
  if (n >= 1 && is_rare(v)) rare_.push_back(static_cast<std::uint32_t>(n));
}

void GrundySparseSolver::extend_to(std::int64_t n_end, const std::function<void()>& tick) {
  if (n_end > std::int64_t{0xFFFFFFFF}) {
    throw BudgetExceeded("Grundy's game sparse kernel: heaps above 2^32 are not supported");
  }
  if (n_end <= size()) return;
  values_.reserve(static_cast<std::size_t>(n_end));
  while (size() < n_end) {
    if (size() == next_mask_check_) {
      choose_mask();
      next_mask_check_ *= 2;
    }
    push_value(compute_next());
    if (tick && (size() & 0xFFF) == 0) tick();
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
