#include "core/base/terminal_text.h"

namespace igv {

namespace {

constexpr char kHex[] = "0123456789abcdef";

void append_byte_escape(unsigned char b, std::string& out) {
  out += "\\x";
  out += kHex[b >> 4];
  out += kHex[b & 15];
}

void append_code_point_escape(char32_t cp, std::string& out) {
  out += "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(cp >> shift) & 15];
}

}  // namespace

bool terminal_escaped_code_point(char32_t cp) {
  return (cp >= 0x80 && cp <= 0x9F) || cp == 0x061C || (cp >= 0x200B && cp <= 0x200F) ||
         (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x2069) || cp == 0xFEFF ||
         (cp >= 0xFFF9 && cp <= 0xFFFB);
}

std::size_t append_terminal_text(std::string_view text, bool keep_line_breaks, bool at_end,
                                 std::string& out) {
  std::size_t i = 0;
  const std::size_t n = text.size();
  while (i < n) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b < 0x80) {
      if (b >= 0x20 && b != 0x7F) {
        out += static_cast<char>(b);
      } else if (keep_line_breaks && (b == '\n' || b == '\t')) {
        out += static_cast<char>(b);
      } else if (b == '\n') {
        out += "\\n";
      } else if (b == '\r') {
        out += "\\r";
      } else if (b == '\t') {
        out += "\\t";
      } else {
        append_byte_escape(b, out);
      }
      ++i;
      continue;
    }
    // A UTF-8 sequence: its length from the lead byte, the range of its second byte (which
    // excludes overlong forms, surrogates and code points past U+10FFFF).
    std::size_t len = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) {
      len = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
      len = 3;
      if (b == 0xE0) lo = 0xA0;
      if (b == 0xED) hi = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
      len = 4;
      if (b == 0xF0) lo = 0x90;
      if (b == 0xF4) hi = 0x8F;
    }
    bool valid = len != 0;
    std::size_t have = 1;
    for (; valid && have < len && i + have < n; ++have) {
      const auto c = static_cast<unsigned char>(text[i + have]);
      const unsigned char least = have == 1 ? lo : 0x80;
      const unsigned char most = have == 1 ? hi : 0xBF;
      if (c < least || c > most) valid = false;
    }
    if (valid && have < len) {
      if (!at_end) return i;  // cut short: wait for the rest
      valid = false;
    }
    if (!valid) {
      append_byte_escape(b, out);
      ++i;
      continue;
    }
    char32_t cp = b & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
    for (std::size_t k = 1; k < len; ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    if (terminal_escaped_code_point(cp)) {
      append_code_point_escape(cp, out);
    } else {
      out.append(text.substr(i, len));
    }
    i += len;
  }
  return i;
}

std::string terminal_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  append_terminal_text(text, false, true, out);
  return out;
}

}  // namespace igv
