// Positions of the take-and-break families (octal, hex, grundy, octal-misere): sums of heaps,
// written "35", "3+5" or "3,5"; "0" is the empty sum.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/base/position.h"

namespace igv {

/// Parses a sum of heaps: non-negative sizes joined by '+' or ',', at most `max_heaps` of them.
/// Throws InputError naming `what` ("octal:0.07 position").
Position parse_heap_sum(std::string_view text, const std::string& what,
                        std::size_t max_heaps = 100'000'000);

/// A sum of heaps as these families write it: "3+5" (empty heaps left out), "0" for none.
std::string format_heap_sum(const Position& p);

/// The largest heap of any of the positions (0 when there is none).
std::int64_t largest_heap(std::span<const Position> ps);

}  // namespace igv
