#include "core/subtraction/subtraction_fast_window.h"

#include <bit>
#include <stdexcept>
#include <string>

#include "core/base/fault.h"
#include "core/base/trusted/errors.h"

namespace igv {

namespace {

// Arithmetic mod the Mersenne prime 2^61 - 1 for the rolling hash.
constexpr std::uint64_t kHashModulus = (std::uint64_t{1} << 61) - 1;
// A fixed odd base below the modulus; any base works, a fixed one keeps runs reproducible.
constexpr std::uint64_t kHashBase = 0x1d8e4e27c47d124fULL % kHashModulus;

__extension__ using Wide = unsigned __int128;

std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b) {
  const Wide product = static_cast<Wide>(a) * b;
  std::uint64_t low = static_cast<std::uint64_t>(product & kHashModulus);
  std::uint64_t high = static_cast<std::uint64_t>(product >> 61);
  std::uint64_t r = low + high;
  if (r >= kHashModulus) r -= kHashModulus;
  return r;
}

std::uint64_t add_mod(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r = a + b;
  if (r >= kHashModulus) r -= kHashModulus;
  return r;
}

std::uint64_t sub_mod(std::uint64_t a, std::uint64_t b) {
  return a >= b ? a - b : a + kHashModulus - b;
}

/// Least value not marked among `marks` (a bit set over 0 .. 64 * marks.size() - 1).
Value mex_of_marks(const std::vector<std::uint64_t>& marks) {
  for (std::size_t w = 0; w < marks.size(); ++w) {
    if (marks[w] != ~std::uint64_t{0}) {
      return static_cast<Value>(w * 64 + static_cast<std::size_t>(std::countr_one(marks[w])));
    }
  }
  return static_cast<Value>(marks.size() * 64);
}

}  // namespace

SubtractionWindow::SubtractionWindow(const SubtractionSet& set, SubtractionPlay play) {
  if (set.powers_of_two || set.elements.empty()) {
    throw InputError("subtraction window kernel: needs a finite non-empty set, got '" +
                     set.to_string() + "'");
  }
  if (play == SubtractionPlay::misere) kernel_ = "subtraction-misere/window";
  const std::int64_t width = set.largest();
  require_memory_budget(subtraction_window_bytes(set),
                        "the subtraction window of s_k = " + std::to_string(width) + " values");
  ring_.assign(static_cast<std::size_t>(width), 0);
  for (auto s : set.elements) offsets_.push_back(width - s);
  // The first s_k values: moves are only the s <= n. Values are at most k (mex of k values),
  // or 1 for a misère terminal heap.
  std::vector<std::uint64_t> marks(set.size() / 64 + 1);
  for (std::int64_t n = 0; n < width; ++n) {
    bool any_move = false;
    std::fill(marks.begin(), marks.end(), 0);
    for (auto s : set.elements) {
      if (s > n) break;
      any_move = true;
      const auto v = ring_[static_cast<std::size_t>(n - s)];
      marks[v / 64] |= std::uint64_t{1} << (v % 64);
    }
    const Value v = fault::at_heap(
        kernel_, n, (!any_move && play == SubtractionPlay::misere) ? 1 : mex_of_marks(marks));
    ring_[static_cast<std::size_t>(n)] = static_cast<std::uint32_t>(v);
  }
  for (std::int64_t i = 0; i < width; ++i) {
    hash_ = add_mod(mul_mod(hash_, kHashBase), ring_[static_cast<std::size_t>(i)] + 1);
    if (i > 0) top_power_ = mul_mod(top_power_, kHashBase);
  }
}

Value SubtractionWindow::at(std::int64_t i) const {
  if (i < 0 || i >= length()) {
    throw std::out_of_range("subtraction window: position " + std::to_string(i) +
                            " asked of a window of " + std::to_string(length()) + " values");
  }
  std::int64_t idx = head_ + i;
  if (idx >= length()) idx -= length();
  return ring_[static_cast<std::size_t>(idx)];
}

Value SubtractionWindow::next_value() const {
  const std::int64_t width = length();
  if (offsets_.size() < 64) {
    std::uint64_t mask = 0;
    for (auto off : offsets_) {
      std::int64_t idx = head_ + off;
      if (idx >= width) idx -= width;
      mask |= std::uint64_t{1} << ring_[static_cast<std::size_t>(idx)];
    }
    return std::countr_one(mask);
  }
  std::vector<std::uint64_t> marks(offsets_.size() / 64 + 1, 0);
  for (auto off : offsets_) {
    std::int64_t idx = head_ + off;
    if (idx >= width) idx -= width;
    const auto v = ring_[static_cast<std::size_t>(idx)];
    marks[v / 64] |= std::uint64_t{1} << (v % 64);
  }
  return mex_of_marks(marks);
}

void SubtractionWindow::advance() {
  const auto fresh =
      static_cast<std::uint32_t>(fault::at_heap(kernel_, start_ + length(), next_value()));
  auto& oldest = ring_[static_cast<std::size_t>(head_)];
  hash_ = sub_mod(hash_, mul_mod(oldest + 1, top_power_));
  hash_ = add_mod(mul_mod(hash_, kHashBase), fresh + 1);
  oldest = fresh;  // the slot of G(start) now holds G(start + s_k)
  if (++head_ == length()) head_ = 0;
  ++start_;
}

bool SubtractionWindow::same_window(const SubtractionWindow& other) const {
  if (length() != other.length()) return false;
  for (std::int64_t i = 0; i < length(); ++i) {
    if (at(i) != other.at(i)) return false;
  }
  return true;
}

std::vector<Value> SubtractionWindow::values() const {
  require_memory_budget(saturated_product(sizeof(Value), ring_.size()),
                        "a copy of the subtraction window");
  std::vector<Value> out;
  out.reserve(ring_.size());
  for (std::int64_t i = 0; i < length(); ++i) out.push_back(at(i));
  return out;
}

std::vector<Value> subtraction_values_window(const SubtractionSet& set, SubtractionPlay play,
                                             std::int64_t count) {
  if (count < 0) throw InputError("subtraction: negative prefix length " + std::to_string(count));
  require_memory_budget(saturated_product(sizeof(Value), static_cast<std::uint64_t>(count)) +
                            subtraction_window_bytes(set),
                        "the subtraction values G(0 .. " + std::to_string(count - 1) + ")");
  std::vector<Value> out;
  out.reserve(static_cast<std::size_t>(count));
  SubtractionWindow window(set, play);
  for (std::int64_t i = 0; i < window.length() && i < count; ++i) out.push_back(window.at(i));
  while (static_cast<std::int64_t>(out.size()) < count) {
    out.push_back(window.next_value());
    window.advance();
  }
  return out;
}

}  // namespace igv
