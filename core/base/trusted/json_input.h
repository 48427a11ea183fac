// Trusted: the checker library, core/base/trusted/ (core/README.md, "The proof boundary").
//
// Reading what users hand the harness (reports, shard reports, certificates, claims files,
// position files) safely, whatever the file holds: a size cap, regular files only, and a strict
// JSON reader that refuses duplicate keys and bounds nesting. Every fault is an InputError that
// names the input and what was expected (exit 2, one line).
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace igv {

/// Largest input file the harness reads (64 MiB): ten times the largest report or position file
/// the shipped claims produce. Larger inputs are refused before they are read.
inline constexpr std::size_t kMaxInputBytes = std::size_t{64} << 20;

/// Deepest nesting of arrays and objects a JSON input may have. Reports and certificates nest
/// less than 10 levels; the bound keeps every recursive walk over a document (comparison,
/// printing, diff) far from the end of the stack.
inline constexpr int kMaxJsonDepth = 128;

/// The whole content of a regular file of at most `max_bytes` bytes. `what` names the input in
/// messages ("report 'a.json'"). Directories, devices, FIFOs and larger files are refused.
std::string read_input_file(const std::string& path, const std::string& what,
                            std::size_t max_bytes = kMaxInputBytes);

/// Parses `text` as one JSON document; throws InputError (naming `what`) when it is not valid
/// JSON (invalid UTF-8 and lone surrogates included), holds a NUL byte, starts with a byte order
/// mark, holds an object with a key given twice, nests deeper than `max_depth`, or is larger
/// than kMaxInputBytes.
nlohmann::json parse_json_strict(std::string_view text, const std::string& what,
                                 int max_depth = kMaxJsonDepth);

/// read_input_file + parse_json_strict.
nlohmann::json read_json_file_strict(const std::string& path, const std::string& what);

}  // namespace igv
