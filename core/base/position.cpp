#include "core/base/trusted/position.h"

#include <charconv>
#include <fstream>
#include <sstream>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/json_input.h"

namespace igv {

std::int64_t parse_int(std::string_view text, std::string_view what) {
  std::string_view t = text;
  while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
  while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
  std::int64_t v = 0;
  const char* first = t.data();
  if (!t.empty() && t.front() == '+') ++first;
  auto [ptr, ec] = std::from_chars(first, t.data() + t.size(), v);
  if (t.empty() || ec != std::errc{} || ptr != t.data() + t.size()) {
    throw InputError(std::string(what) + ": '" + std::string(text) + "' is not an integer" +
                     (ec == std::errc::result_out_of_range ? " in range" : ""));
  }
  return v;
}

Position parse_int_list(std::string_view text, std::string_view what, std::size_t max_items) {
  std::string body;
  if (!text.empty() && text.front() == '@') {
    const std::string path(text.substr(1));
    body = read_input_file(path, std::string(what) + ": file '" + path + "'");
    for (char& c : body) {
      if (c == '\n' || c == '\r' || c == ' ' || c == '\t') c = ',';
    }
  } else {
    body = std::string(text);
  }
  Position out;
  std::size_t i = 0;
  bool any = false;
  while (i <= body.size()) {
    std::size_t j = body.find(',', i);
    if (j == std::string::npos) j = body.size();
    std::string_view item(body.data() + i, j - i);
    i = j + 1;
    if (item.empty()) {
      // Empty items are allowed only as separators' by-products in files.
      if (text.empty() || text.front() != '@') {
        if (j == body.size() && !any && body.empty()) break;
        throw InputError(std::string(what) + ": empty item in '" + std::string(text) + "'");
      }
      continue;
    }
    any = true;
    if (auto dots = item.find(".."); dots != std::string_view::npos) {
      const auto a = parse_int(item.substr(0, dots), what);
      const auto b = parse_int(item.substr(dots + 2), what);
      if (b < a) {
        throw InputError(std::string(what) + ": range '" + std::string(item) + "' is empty");
      }
      if (static_cast<std::uint64_t>(b - a) >= max_items - out.size()) {
        throw InputError(std::string(what) + ": more than " + std::to_string(max_items) + " items");
      }
      for (std::int64_t v = a; v <= b; ++v) out.push_back(v);
    } else {
      out.push_back(parse_int(item, what));
    }
    if (out.size() > max_items) {
      throw InputError(std::string(what) + ": more than " + std::to_string(max_items) + " items");
    }
  }
  return out;
}

std::string format_int_list(const Position& p, bool compress_ranges) {
  std::string s;
  for (std::size_t i = 0; i < p.size();) {
    std::size_t j = i;
    while (compress_ranges && j + 1 < p.size() && p[j + 1] == p[j] + 1) ++j;
    if (!s.empty()) s += ',';
    if (j - i >= 3) {
      s += std::to_string(p[i]) + ".." + std::to_string(p[j]);
      i = j + 1;
    } else {
      s += std::to_string(p[i]);
      ++i;
    }
  }
  return s;
}

}  // namespace igv
