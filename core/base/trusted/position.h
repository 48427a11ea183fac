// Trusted: the checker library, core/base/trusted/ (core/README.md, "The proof boundary").
//
// Positions on the command line and in claims files.
//
// Every game family writes its positions as integers: a heap size, a list of heaps, a set of
// coin squares, a digit string. The shared syntax is a comma-separated list whose items are
// integers or inclusive ranges `a..b`, e.g. `0,5..9,12`; `@FILE` reads the same syntax from a
// file (whitespace and newlines also separate items), so a million-coin position fits on a
// command line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace igv {

using Position = std::vector<std::int64_t>;

/// Parses `1,3,6,10`, `500001..1000000`, `0,5..9,12` or `@FILE`. Throws InputError naming the
/// offending item. `what` names the input in messages (e.g. "welter position").
Position parse_int_list(std::string_view text, std::string_view what,
                        std::size_t max_items = 100'000'000);

/// Parses one integer (optionally signed); throws InputError naming `what`.
std::int64_t parse_int(std::string_view text, std::string_view what);

/// `1,3,6,10`; long runs of consecutive integers are written as ranges `a..b`.
std::string format_int_list(const Position& p, bool compress_ranges = true);

}  // namespace igv
