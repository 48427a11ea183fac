#include "core/octal/octal_fast_hex.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "core/base/trusted/errors.h"

namespace igv {

namespace {

constexpr unsigned kWordBits = 64;

/// x with bit p moved to bit p xor c, for 0 <= c < 64: a swap of blocks of 2^j bits for each
/// bit j of c.
std::uint64_t xor_permute_word(std::uint64_t x, unsigned c) {
  static constexpr std::uint64_t kLow[6] = {0x5555555555555555ULL, 0x3333333333333333ULL,
                                            0x0F0F0F0F0F0F0F0FULL, 0x00FF00FF00FF00FFULL,
                                            0x0000FFFF0000FFFFULL, 0x00000000FFFFFFFFULL};
  for (unsigned j = 0; j < 6; ++j) {
    if ((c >> j) & 1U) {
      const unsigned shift = 1U << j;
      x = ((x & kLow[j]) << shift) | ((x >> shift) & kLow[j]);
    }
  }
  return x;
}

}  // namespace

HexSetSolver::HexSetSolver(HexCode code) : code_(std::move(code)) {
  need_two_way_sets_ = !code_.two_heap_removals().empty() || !code_.three_heap_removals().empty();
}

Value HexSetSolver::value(std::int64_t n) const {
  if (n < 0 || n >= size()) {
    throw std::out_of_range("hexadecimal game " + code_.canonical() + ": G(" + std::to_string(n) +
                            ") asked, but the values computed are those of heaps 0.." +
                            std::to_string(size() - 1));
  }
  return g_[static_cast<std::size_t>(n)];
}

std::uint64_t HexSetSolver::estimated_work(std::int64_t n_end) const {
  const auto n = static_cast<std::uint64_t>(std::max<std::int64_t>(n_end, 0));
  std::uint64_t work = n * static_cast<std::uint64_t>(code_.max_removal() + 1);
  if (need_two_way_sets_) work += n * n / 2;  // T(m), O(m) each
  // Three-way splits: about n word ORs per removal per heap (W = 1 assumed; more words make
  // the real work larger, which the widening check below accounts for).
  work += n * n / 2 * code_.three_heap_removals().size();
  work += n * code_.two_heap_removals().size();
  return work;
}

void HexSetSolver::widen() {
  const std::size_t old_words = words_;
  words_ *= 2;
  std::vector<std::uint64_t> wider(two_way_.size() / old_words * words_, 0);
  for (std::size_t m = 0; m < two_way_.size() / old_words; ++m) {
    std::copy_n(two_way_.begin() + static_cast<std::ptrdiff_t>(m * old_words), old_words,
                wider.begin() + static_cast<std::ptrdiff_t>(m * words_));
  }
  two_way_.swap(wider);
}

void HexSetSolver::push_two_way_set(std::int64_t m) {
  const std::size_t base = two_way_.size();
  two_way_.resize(base + words_, 0);
  if (!need_two_way_sets_) return;
  std::uint64_t* set = two_way_.data() + base;
  for (std::int64_t b = 1; b <= m - b; ++b) {
    const std::uint32_t v = g_[static_cast<std::size_t>(b)] ^ g_[static_cast<std::size_t>(m - b)];
    set[v / kWordBits] |= std::uint64_t{1} << (v % kWordBits);
  }
}

void HexSetSolver::extend_to(std::int64_t n_end, const std::function<void()>& tick) {
  if (n_end <= size()) return;
  if (estimated_work(n_end) > kMostWork) {
    throw BudgetExceeded("hexadecimal kernel on " + code_.canonical() + ": heaps below " +
                         std::to_string(n_end) + " need about " +
                         std::to_string(estimated_work(n_end)) +
                         " word operations, more than the limit of " + std::to_string(kMostWork));
  }
  if (need_two_way_sets_ &&
      static_cast<std::uint64_t>(n_end + 1) * words_ * sizeof(std::uint64_t) > kMostBytes) {
    throw BudgetExceeded("hexadecimal kernel on " + code_.canonical() + ": the split sets of " +
                         std::to_string(n_end) + " heaps exceed " + std::to_string(kMostBytes) +
                         " bytes");
  }
  g_.reserve(static_cast<std::size_t>(n_end));
  const int k = code_.max_removal();
  while (size() < n_end) {
    const std::int64_t n = size();
    if (tick && (n & 0xFF) == 0) tick();
    push_two_way_set(n);  // T(n): needs G(1 .. n - 1) only
    const std::size_t w_count = words_;
    option_.assign(w_count, 0);
    const auto add = [&](std::uint32_t v) {
      option_[v / kWordBits] |= std::uint64_t{1} << (v % kWordBits);
    };
    for (int i = 1; i <= k && i <= n; ++i) {
      if (code_.leaves_none(i) && n == i) add(0);
      if (code_.leaves_one(i) && n > i) add(g_[static_cast<std::size_t>(n - i)]);
    }
    for (int i : code_.two_heap_removals()) {
      const std::int64_t rest = n - i;
      if (rest < 2) continue;
      const std::uint64_t* set = two_way_.data() + static_cast<std::size_t>(rest) * w_count;
      for (std::size_t w = 0; w < w_count; ++w) option_[w] |= set[w];
    }
    for (int i : code_.three_heap_removals()) {
      const std::int64_t rest = n - i;
      if (rest < 3) continue;
      // Per value class v = G(a): the union of T(rest - a); a class's words are cleared when
      // it is first met at this heap (class_stamp_), so only the classes met are touched.
      const std::size_t range = w_count * kWordBits;
      if (class_union_.size() < range * w_count) class_union_.resize(range * w_count);
      if (class_stamp_.size() < range) class_stamp_.resize(range, 0);
      ++stamp_;
      classes_touched_.clear();
      for (std::int64_t a = 1; a <= rest - 2; ++a) {
        const std::uint32_t v = g_[static_cast<std::size_t>(a)];
        std::uint64_t* u = class_union_.data() + static_cast<std::size_t>(v) * w_count;
        if (class_stamp_[v] != stamp_) {
          class_stamp_[v] = stamp_;
          classes_touched_.push_back(v);
          std::fill(u, u + w_count, 0);
        }
        const std::uint64_t* set = two_way_.data() + static_cast<std::size_t>(rest - a) * w_count;
        for (std::size_t w = 0; w < w_count; ++w) u[w] |= set[w];
      }
      for (std::uint32_t v : classes_touched_) {
        const std::uint64_t* u = class_union_.data() + static_cast<std::size_t>(v) * w_count;
        const std::size_t word_xor = v / kWordBits;
        const auto bit_xor = static_cast<unsigned>(v % kWordBits);
        for (std::size_t w = 0; w < w_count; ++w) {
          if (u[w] != 0) option_[w ^ word_xor] |= xor_permute_word(u[w], bit_xor);
        }
      }
      work_done_ += static_cast<std::uint64_t>(rest) * w_count + classes_touched_.size() * w_count;
    }
    work_done_ += static_cast<std::uint64_t>(n) * w_count / 2 + static_cast<std::uint64_t>(k);
    if (work_done_ > kMostWork) {
      throw BudgetExceeded("hexadecimal kernel on " + code_.canonical() + ": more than " +
                           std::to_string(kMostWork) + " word operations by heap " +
                           std::to_string(n) + " (values up to " +
                           std::to_string(words_ * kWordBits) + " make every set " +
                           std::to_string(words_) + " words wide)");
    }
    std::uint32_t mex = static_cast<std::uint32_t>(w_count * kWordBits);
    for (std::size_t w = 0; w < w_count; ++w) {
      if (option_[w] != ~std::uint64_t{0}) {
        mex = static_cast<std::uint32_t>(w * kWordBits) +
              static_cast<std::uint32_t>(std::countr_one(option_[w]));
        break;
      }
    }
    g_.push_back(mex);
    // Every later option value must stay below the range: widen when a value reaches it.
    while (static_cast<std::size_t>(mex) >= words_ * kWordBits) widen();
  }
}

std::vector<Value> hex_values_fast(const HexCode& code, std::int64_t n_end) {
  HexSetSolver solver(code);
  solver.extend_to(n_end);
  std::vector<Value> out;
  out.reserve(static_cast<std::size_t>(std::max<std::int64_t>(n_end, 0)));
  for (std::int64_t n = 0; n < n_end; ++n) out.push_back(solver.value(n));
  return out;
}

}  // namespace igv
