#include "core/frolov/trusted/frolov_rules.h"

namespace igv {

std::string_view to_string(FrolovFunction which) {
  return which == FrolovFunction::f ? "f" : "g";
}

std::vector<MisereRookRules::Position> MisereRookRules::moves(const Position& p) const {
  std::vector<Position> out;
  for (std::int64_t m = 0; m < p.first; ++m) {
    if (m != 0 || p.second != 0) out.emplace_back(m, p.second);  // never onto (0, 0)
  }
  for (std::int64_t n = 0; n < p.second; ++n) {
    if (p.first != 0 || n != 0) out.emplace_back(p.first, n);
  }
  return out;
}

std::vector<HeapThenNimRules::Position> HeapThenNimRules::moves(const Position& p) const {
  std::vector<Position> out;
  if (p == kEmpty) return out;
  for (std::int64_t a = 0; a < p.first; ++a) out.emplace_back(a, p.second);  // lower the heap
  for (std::int64_t x = 0; x < p.second; ++x) out.emplace_back(p.first, x);  // move in the rest
  if (p.first == 0) out.push_back(kEmpty);  // delete the empty heap and all after it
  return out;
}

std::vector<DigitDeletionRules::Position> DigitDeletionRules::moves(const Position& digits) const {
  std::vector<Position> out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    for (char d = '0'; d < digits[i]; ++d) {
      Position next = digits;
      next[i] = d;
      out.push_back(std::move(next));
    }
    if (digits[i] == '0') out.push_back(digits.substr(0, i));
  }
  return out;
}

}  // namespace igv
