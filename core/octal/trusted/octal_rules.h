// Trusted: the checker library, core/octal/trusted/ (core/README.md, "The proof boundary").
//
// Octal games: the code d0.d1d2…dk and the rules it stands for, written once.
//
// Source: Berlekamp, Conway, Guy, Winning Ways (2nd ed., vol. 1, ch. 4, "Octal games"), and
// Flammenkamp's octal-game pages. Digit d_i (0 <= d_i <= 7) says what may be left after
// removing i tokens from one heap: bit 1 — no heap (the heap had exactly i tokens); bit 2 — one
// non-empty heap; bit 4 — two non-empty heaps. d0 concerns moves that remove nothing, so only
// its bit 4 (split a heap into two non-empty heaps) makes sense: d0 must be 0 or 4 (bit 2 would
// allow a move that changes nothing, bit 1 would empty a heap of size 0). Dawson's Kayles is
// 0.07 (003_44ff00b94ceef14c: a tile covers two adjacent squares and leaves the squares left
// and right of it, 0, 1 or 2 strips).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace igv {

/// A finite octal code. `digit(0)` is d0; the last non-zero digit is at max_removal().
class OctalCode {
 public:
  /// Parses `0.07`, `.07`, `4.7`, `.137`, `0.77`: an optional d0 (0 or 4), a dot, then at least
  /// one octal digit. Trailing zeros are dropped. Throws InputError naming the text on anything
  /// else (no dot, a digit 8 or 9, d0 other than 0 or 4, more than kMaxDigits digits).
  static OctalCode parse(std::string_view text);

  /// Longest code accepted (removal of up to this many tokens).
  static constexpr int kMaxDigits = 256;

  /// d_i, 0 for i beyond the last digit (inline: the kernels ask it for every heap).
  [[nodiscard]] int digit(int i) const {
    return i >= 0 && i < static_cast<int>(digits_.size()) ? digits_[static_cast<std::size_t>(i)]
                                                          : 0;
  }
  /// k: the position of the last non-zero digit (0 when the code allows no move but d0 = 4,
  /// and also 0 for a code with no moves at all).
  [[nodiscard]] int max_removal() const { return static_cast<int>(digits_.size()) - 1; }
  /// Canonical text, always with d0: "0.07", "4.7", "0.137".
  [[nodiscard]] std::string canonical() const;

  [[nodiscard]] bool leaves_none(int i) const { return (digit(i) & 1) != 0; }
  [[nodiscard]] bool leaves_one(int i) const { return (digit(i) & 2) != 0; }
  [[nodiscard]] bool leaves_two(int i) const { return (digit(i) & 4) != 0; }

  /// Removals i (0 <= i <= k) whose digit has bit 4, in increasing order.
  [[nodiscard]] const std::vector<int>& two_heap_removals() const { return two_heap_; }

  /// Builds a code from digits d0..dk (used by random generators); validates like parse().
  static OctalCode from_digits(std::vector<int> digits);

 private:
  std::vector<int> digits_;  // d0..dk, trailing zeros removed (at least d0)
  std::vector<int> two_heap_;
};

/// One option of a heap: the heaps left, `first` and `second`, with 0 meaning "no heap"
/// (so an option leaving one heap m is {m, 0}, and one leaving nothing is {0, 0}). Since
/// G(0) = 0, the option's value is G(first) xor G(second) in every case.
struct HeapOption {
  std::int64_t first = 0;
  std::int64_t second = 0;
  friend bool operator==(const HeapOption&, const HeapOption&) = default;
};

/// Calls fn(HeapOption) for every option of a heap of size n, each unordered pair once
/// (first <= second for splits). This is the rules of the game; every kernel and checker
/// enumerates moves through it or through octal_options().
template <class Fn>
void for_each_octal_option(const OctalCode& code, std::int64_t n, Fn&& fn) {
  for (int i = 1; i <= code.max_removal() && i <= n; ++i) {
    const std::int64_t rest = n - i;
    if (code.leaves_none(i) && rest == 0) fn(HeapOption{0, 0});
    if (code.leaves_one(i) && rest >= 1) fn(HeapOption{rest, 0});
  }
  for (int i : code.two_heap_removals()) {
    const std::int64_t rest = n - i;
    for (std::int64_t a = 1; a <= rest - a; ++a) fn(HeapOption{a, rest - a});
  }
}

/// Every option of a heap of size n, as for_each_octal_option lists them.
std::vector<HeapOption> octal_options(const OctalCode& code, std::int64_t n);

// ---------------------------------------------------------------------------------------------
// Hexadecimal codes (Winning Ways, 2nd ed., vol. 1, ch. 4, "Hexadecimal games"): the same
// scheme with one more bit. Digit d_i (0 <= d_i <= 15) says what may be left after removing i
// tokens from one heap: bit 1 — no heap (the heap had exactly i tokens); bit 2 — one non-empty
// heap; bit 4 — two non-empty heaps; bit 8 — three non-empty heaps. d0 (a move that removes
// nothing) may only split: d0 in {0, 4, 8, 12}. A code whose digits are all 0..7 is the octal
// game of the same digits.
// ---------------------------------------------------------------------------------------------

/// A finite hexadecimal code. `digit(0)` is d0; the last non-zero digit is at max_removal().
class HexCode {
 public:
  /// Parses `0.F`, `.B`, `4.33F`, `0.0a`: an optional d0 (0, 4, 8 or C), a dot, then at least
  /// one hexadecimal digit 0-9, A-F (either case). Trailing zeros are dropped. Throws
  /// InputError naming the text on anything else.
  static HexCode parse(std::string_view text);
  /// Builds a code from digits d0..dk; validates like parse().
  static HexCode from_digits(std::vector<int> digits);

  /// Longest code accepted (removal of up to this many tokens).
  static constexpr int kMaxDigits = 256;

  /// d_i, 0 for i beyond the last digit.
  [[nodiscard]] int digit(int i) const;
  /// k: the position of the last non-zero digit (0 for a code with no removal).
  [[nodiscard]] int max_removal() const { return static_cast<int>(digits_.size()) - 1; }
  /// Canonical text, always with d0, upper-case digits: "0.F", "4.33F", "0.0A".
  [[nodiscard]] std::string canonical() const;

  [[nodiscard]] bool leaves_none(int i) const { return (digit(i) & 1) != 0; }
  [[nodiscard]] bool leaves_one(int i) const { return (digit(i) & 2) != 0; }
  [[nodiscard]] bool leaves_two(int i) const { return (digit(i) & 4) != 0; }
  [[nodiscard]] bool leaves_three(int i) const { return (digit(i) & 8) != 0; }

  /// Removals i (0 <= i <= k) whose digit has bit 4, and those whose digit has bit 8.
  [[nodiscard]] const std::vector<int>& two_heap_removals() const { return two_heap_; }
  [[nodiscard]] const std::vector<int>& three_heap_removals() const { return three_heap_; }

 private:
  std::vector<int> digits_;  // d0..dk, trailing zeros removed (at least d0)
  std::vector<int> two_heap_;
  std::vector<int> three_heap_;
};

/// One option of a heap in a hexadecimal game: up to three heaps left, 0 meaning "no heap";
/// the option's value is G(first) xor G(second) xor G(third) (G(0) = 0).
struct HexHeapOption {
  std::int64_t first = 0;
  std::int64_t second = 0;
  std::int64_t third = 0;
  friend bool operator==(const HexHeapOption&, const HexHeapOption&) = default;
};

/// Calls fn(HexHeapOption) for every option of a heap of size n, each unordered split once
/// (first <= second <= third). The rules of a hexadecimal game; every hex kernel and checker
/// enumerates moves through it or reads the code's digits the same way.
template <class Fn>
void for_each_hex_option(const HexCode& code, std::int64_t n, Fn&& fn) {
  for (int i = 1; i <= code.max_removal() && i <= n; ++i) {
    const std::int64_t rest = n - i;
    if (code.leaves_none(i) && rest == 0) fn(HexHeapOption{0, 0, 0});
    if (code.leaves_one(i) && rest >= 1) fn(HexHeapOption{rest, 0, 0});
  }
  for (int i : code.two_heap_removals()) {
    const std::int64_t rest = n - i;
    for (std::int64_t a = 1; a <= rest - a; ++a) fn(HexHeapOption{a, rest - a, 0});
  }
  for (int i : code.three_heap_removals()) {
    const std::int64_t rest = n - i;
    for (std::int64_t a = 1; 3 * a <= rest; ++a) {
      for (std::int64_t b = a; b <= rest - a - b; ++b) fn(HexHeapOption{a, b, rest - a - b});
    }
  }
}

/// Every option of a heap of size n, as for_each_hex_option lists them.
std::vector<HexHeapOption> hex_options(const HexCode& code, std::int64_t n);

}  // namespace igv
