#include "core/base/heap_sums.h"

#include <algorithm>

#include "core/base/errors.h"

namespace igv {

Position parse_heap_sum(std::string_view text, const std::string& what, std::size_t max_heaps) {
  std::string body(text);
  std::replace(body.begin(), body.end(), '+', ',');
  if (body.empty()) throw InputError(what + ": empty (expected heap sizes such as 35, 3+5 or 3,5)");
  Position p = parse_int_list(body, what + " (heap sizes such as 35, 3+5 or 3,5)", max_heaps);
  for (auto h : p) {
    if (h < 0) throw InputError(what + ": heap sizes must be >= 0, got " + std::to_string(h));
  }
  return p;
}

std::string format_heap_sum(const Position& p) {
  std::string s;
  for (auto h : p) {
    if (h == 0) continue;
    if (!s.empty()) s += '+';
    s += std::to_string(h);
  }
  return s.empty() ? "0" : s;
}

std::int64_t largest_heap(std::span<const Position> ps) {
  std::int64_t m = 0;
  for (const auto& p : ps)
    for (auto h : p) m = std::max(m, h);
  return m;
}

}  // namespace igv
