#include "core/subtraction/subtraction_rules.h"

#include <algorithm>
#include <limits>

#include "core/base/errors.h"
#include "core/base/position.h"

namespace igv {

namespace {
/// Every move of SUB(powers of 2) from a heap of n: 2^j <= n. 2^62 is the largest power of 2
/// below the int64 limit, so at most 63 moves.
constexpr int kLargestPowerOfTwoExponent = 62;
}  // namespace

std::string SubtractionSet::to_string() const {
  if (powers_of_two) return "powers-of-2";
  return format_int_list(elements, false);
}

SubtractionSet make_subtraction_set(std::vector<std::int64_t> elements) {
  const std::string shown = format_int_list(elements, false);
  if (elements.empty()) {
    throw InputError("subtraction set '" + shown +
                     "': expected a non-empty comma list of distinct positive integers");
  }
  for (auto s : elements) {
    if (s <= 0) {
      throw InputError("subtraction set '" + shown + "': element " + std::to_string(s) +
                       " is not a positive integer");
    }
  }
  std::sort(elements.begin(), elements.end());
  if (auto dup = std::adjacent_find(elements.begin(), elements.end()); dup != elements.end()) {
    throw InputError("subtraction set '" + shown + "': element " + std::to_string(*dup) +
                     " appears twice (expected distinct elements)");
  }
  SubtractionSet set;
  set.elements = std::move(elements);
  return set;
}

SubtractionSet parse_subtraction_set(std::string_view text) {
  if (text == "powers-of-2") {
    SubtractionSet set;
    set.powers_of_two = true;
    return set;
  }
  if (text.empty()) {
    throw InputError(
        "subtraction set '': expected a non-empty comma list of distinct positive integers "
        "(e.g. subtraction:1,3,4) or 'powers-of-2'");
  }
  return make_subtraction_set(
      parse_int_list(text, "subtraction set '" + std::string(text) + "'", 1'000'000));
}

std::vector<SubtractionRules::Position> SubtractionRules::moves(Position n) const {
  std::vector<Position> out;
  moves(n, out);
  return out;
}

void SubtractionRules::moves(Position n, std::vector<Position>& out) const {
  out.clear();
  if (set.powers_of_two) {
    for (int j = 0; j <= kLargestPowerOfTwoExponent; ++j) {
      const std::int64_t s = std::int64_t{1} << j;
      if (s > n) break;
      out.push_back(n - s);
    }
    return;
  }
  for (auto s : set.elements) {
    if (s > n) break;
    out.push_back(n - s);
  }
}

std::string subtraction_spec(const SubtractionSet& set, SubtractionPlay play) {
  return std::string(play == SubtractionPlay::normal ? "subtraction:" : "subtraction-misere:") +
         set.to_string();
}

}  // namespace igv
