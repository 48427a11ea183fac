// Trusted: the checker library, core/octal/trusted/ (core/README.md, "The proof boundary").
//
// The rare-split loop of the sparse-space method, written once: the nim-sums G(r) ^ G(rest - r)
// of the splits of `rest` tokens into two heaps (r, rest - r), for the rare heaps r = rare[j],
// j0 <= j < j1, marked as option values. The octal certificate checker
// (octal_certificate_check.cpp) and the sparse producer (core/octal/octal_fast_sparse.cpp) both
// call it, so the C++ checker is not independent of the producer here: the independent check of
// an octal certificate is the Python checker (verify/check_certificate.py), which re-derives the
// window's values apart, in another language (core/CERTIFICATES.md, "Octal games").
//
// The three forms differ only in where the marks go: values below 64 in one word and values
// below 128 in two words kept in registers (no store per split), larger values through a `mark`
// function. They are free functions of their arguments, so that no store through a byte pointer
// makes the compiler reload them.
//
// `rare_value[j]` is G(rare[j]); `partner[-r]` is G(rest - r) (a pointer to G(rest), or a view of
// the producer's window that reads the same way).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

namespace igv::octal_splits {

/// Bits per word of the register forms.
inline constexpr unsigned kWordBits = 64;

/// The split of rare heap rare[j]: G(rare[j]) ^ G(rest - rare[j]).
template <class Rare, class RareValue, class Partner>
[[gnu::always_inline]] inline unsigned split_value(const Rare* rare, const RareValue& rare_value,
                                                   std::size_t j, const Partner& partner) {
  return static_cast<unsigned>(rare_value[j] ^ partner[-static_cast<std::int64_t>(rare[j])]);
}

/// Values below 64: the splits' values as the bits of one word.
template <class Rare, class RareValue, class Partner>
[[gnu::always_inline]] inline std::uint64_t split_values_one_word(const Rare* rare,
                                                                  const RareValue& rare_value,
                                                                  std::size_t j0, std::size_t j1,
                                                                  const Partner& partner) {
  std::uint64_t w = 0;
  for (std::size_t j = j0; j < j1; ++j)
    w |= std::uint64_t{1} << split_value(rare, rare_value, j, partner);
  return w;
}

/// Values below 128: the splits' values as the bits of two words (low, high).
template <class Rare, class RareValue, class Partner>
[[gnu::always_inline]] inline std::pair<std::uint64_t, std::uint64_t> split_values_two_words(
    const Rare* rare, const RareValue& rare_value, std::size_t j0, std::size_t j1,
    const Partner& partner) {
  std::uint64_t lo = 0, hi = 0;
  for (std::size_t j = j0; j < j1; ++j) {
    const unsigned v = split_value(rare, rare_value, j, partner);
    const std::uint64_t bit = std::uint64_t{1} << (v % kWordBits);
    const std::uint64_t upper = std::uint64_t{0} - ((v / kWordBits) & 1);
    hi |= bit & upper;
    lo |= bit & ~upper;
  }
  return {lo, hi};
}

/// Any values: `mark(v)` for each split's value v.
template <class Rare, class RareValue, class Partner, class Mark>
[[gnu::always_inline]] inline void split_values_marked(const Rare* rare,
                                                       const RareValue& rare_value, std::size_t j0,
                                                       std::size_t j1, const Partner& partner,
                                                       Mark&& mark) {
  for (std::size_t j = j0; j < j1; ++j) mark(split_value(rare, rare_value, j, partner));
}

}  // namespace igv::octal_splits
