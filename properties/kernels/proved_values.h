// Values known from a proof: where a heap game's period is proved (octal, hexadecimal with an
// ordinary or an arithmetic period, subtraction, a row 0..12 of Frolov's g or f, whose columns
// are its heaps) and the checker library accepted the certificate, the value of any heap up to
// 2^63 - 1 (Frolov's columns: 2^62 - 1) is one lookup in what the checker established
// (ProvedPeriod::value: the Guy–Smith theorem, Theorem A, the subtraction window argument,
// Frolov's §4), and the value of a sum of heaps the nim-sum of its heaps' values (Sprague–Grundy).
// Nothing is extrapolated: the numbers and the values through one period are the checker's
// (CertificateVerdict::proved()), never the producer's.
//
// `verify cross-check --external/--plugin` takes its reference values from here where a proof
// exists, and `verify value` / `verify values` answer from it and say so.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/base/game_family.h"
#include "core/base/trusted/certificate.h"

namespace igv {

/// The values of one heap game from its proved period.
struct ProvedValues {
  std::string game;     ///< the game's specification, e.g. "octal:0.07"
  ProvedPeriod proved;  ///< what the checker established (preperiod, period, saltus, values)
  /// One phrase naming the certificate and its checker, e.g. "Guy–Smith certificate accepted by
  /// check_octal_period_certificate (core/octal/trusted/octal_certificate_check.cpp)".
  std::string certificate;
  /// The largest heap whose value fits in 64 bits (2^63 - 1 unless an arithmetic period's values
  /// grow past it), or the game's own largest heap where it is less (InstanceShape: Frolov's
  /// columns stop at 2^62 - 1); heaps beyond it are refused (BudgetExceeded).
  std::int64_t largest = 0;
  bool largest_is_the_games = false;  ///< `largest` is the game's, not the values' limit
  /// Whether a position may be a sum of several heaps (its value the nim-sum of theirs).
  bool sums = false;

  /// G(n), 0 <= n <= largest, in O(1).
  [[nodiscard]] Value heap(std::int64_t n) const;
  /// heap(first), heap(first + 1), … into `out`: one division for the whole run, then one step
  /// of the period a heap (G(n) = G(n - period) + saltus past the preperiod); BudgetExceeded
  /// for a heap below 0 or past `largest`.
  void heaps_from(std::int64_t first, std::span<Value> out) const;
  /// heaps_from(0, …) in a byte a value: false as soon as a value is not in 0..255 (`out` then
  /// partly written).
  [[nodiscard]] bool heaps_from_zero_in_bytes(std::span<std::uint8_t> out) const;
  /// The value of a position: one heap, or the nim-sum of a sum's heaps.
  [[nodiscard]] Value position(std::span<const std::int64_t> p) const;
  /// "GAME: heap N is beyond LARGEST, …": why heap n is refused.
  [[nodiscard]] std::string beyond(std::int64_t n) const;
  /// One line: "the proved period 34 from heap 53 of octal:0.07 (CERTIFICATE)".
  [[nodiscard]] std::string how() const;
};

/// How hard proved_values searches for a period. The bound is a fixed amount of work (the
/// family's PeriodRequest::budget), so whether a game counts as proved depends on the game, never
/// on the machine's speed; the deadline and memory only stop a search that would not end (then
/// the game is treated as not proved, and the caller says so).
struct ProvedValuesRequest {
  /// period()'s budget; empty: the family's (ProvedHeapValues::budget; octal: 1/16, 2^21
  /// heaps searched; hex: 1, 2048 values).
  std::optional<double> budget = std::nullopt;
  double seconds = 120;
  std::uint64_t memory_bytes = std::uint64_t{1} << 30;
};

/// A request whose search is in proportion to the heaps asked (`verify value`, `verify values`):
/// a family whose budget counts heaps (ProvedHeapValues::heaps_at_budget_one: octal) is searched
/// on 4 times the largest heap asked, between 2^12 and 2^21 heaps, so that a small heap of a game
/// with no (short) period is answered at once by its kernel.
ProvedValuesRequest proved_values_request_for(const std::string& family, std::int64_t largest_heap);

/// Whether proved_values can answer for games of `family`: a family that declares
/// proved_heap_values (core/base/game_family.h: its period() proves the values of one heap).
[[nodiscard]] bool family_has_proved_heap_values(const std::string& family);

/// The values of `game` from its proved period, or nullopt when the family has no such period
/// or none is proved within `request` (the reason in *why_not when given). The certificate is
/// checked by the checker library (GameInstance::period_limited accepts only what it accepted).
std::optional<ProvedValues> proved_values(const GameInstance& game, const std::string& family,
                                          const ProvedValuesRequest& request = {},
                                          std::string* why_not = nullptr);

}  // namespace igv
