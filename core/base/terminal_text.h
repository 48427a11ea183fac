// Text from a claims file, a report, a certificate or a kernel as a terminal or a log may show
// it: one line, nothing that moves the cursor, reorders the line or hides a character.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace igv {

/// Appends `text` to `out` with every character a terminal would act on written as an escape:
/// '\n', '\r' and '\t' as "\n", "\r", "\t" (unless `keep_line_breaks`, which keeps '\n' and
/// '\t': the harness's own line structure, verify/terminal.cpp); the other C0 controls, DEL and
/// bytes that are not UTF-8 as "\xNN"; C1 controls (U+0080..U+009F), the bidirectional controls
/// (U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069), the line and paragraph separators
/// (U+2028, U+2029) and the invisible format characters (U+200B..U+200D, U+2060..U+2064, U+FEFF,
/// U+FFF9..U+FFFB) as "\uXXXX". Everything else (printable UTF-8, backslashes) is kept. A UTF-8
/// sequence cut short at the end of `text` is left unread when `at_end` is false (a stream passes
/// it with its next piece) and escaped byte by byte when true. Returns the bytes read.
std::size_t append_terminal_text(std::string_view text, bool keep_line_breaks, bool at_end,
                                 std::string& out);

/// `text` on one line, safe for a terminal (append_terminal_text, nothing kept): for every text
/// from input that `verify` prints (ids, titles, statements, summaries, error messages).
std::string terminal_text(std::string_view text);

/// Whether `cp` is one of the code points append_terminal_text writes as "\uXXXX".
bool terminal_escaped_code_point(char32_t cp);

}  // namespace igv
