// Claim, document and shard ids are names, not paths: one syntax, checked where claims load
// (claims files) and where reports are read back (merge, diff, show). The report writers derive
// file names from ids (tables/ID.csv, tables/ID.tex, tables/documents/ID.tex), so an id that
// passes here can only name a file inside the report folder, and ids are unique, so two claims
// never share a file.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace igv {

/// The longest id.
inline constexpr std::size_t kMaxIdLength = 128;

/// An id: 1 to kMaxIdLength characters from the letters A-Z a-z, the digits, '.', '_' and '-',
/// the first a letter or a digit (so no id is "." or "..", starts a hidden file or an option).
bool is_valid_id(std::string_view id);

/// "" when `id` is valid, else why not (for an error message; the id itself is not repeated).
std::string id_fault(std::string_view id);

/// The id shown in an error message: as it is when valid; otherwise shortened to 60 bytes with
/// every byte outside printable ASCII as \xHH, so that a hostile id cannot write terminal
/// escapes or flood the line.
std::string printable_id(std::string_view id);

}  // namespace igv
