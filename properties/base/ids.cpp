#include "properties/base/ids.h"

#include <cstdio>

namespace igv {

namespace {

bool id_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
         c == '_' || c == '-';
}

bool alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

}  // namespace

std::string id_fault(std::string_view id) {
  if (id.empty()) return "an id must not be empty";
  if (id.size() > kMaxIdLength) {
    return "an id has at most " + std::to_string(kMaxIdLength) + " characters, this one " +
           std::to_string(id.size());
  }
  if (!alnum(id.front())) return "an id starts with a letter or a digit";
  for (char c : id) {
    if (!id_char(c)) {
      return "an id is made of letters, digits, '.', '_' and '-' only (it names files of the "
             "report)";
    }
  }
  return "";
}

bool is_valid_id(std::string_view id) {
  return id_fault(id).empty();
}

std::string printable_id(std::string_view id) {
  if (is_valid_id(id)) return std::string(id);
  std::string out;
  for (std::size_t i = 0; i < id.size() && i < 60; ++i) {
    const auto b = static_cast<unsigned char>(id[i]);
    if (b >= 0x20 && b < 0x7F && b != '\\') {
      out += static_cast<char>(b);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", b);
      out += buf;
    }
  }
  if (id.size() > 60) out += "…";
  return out;
}

}  // namespace igv
