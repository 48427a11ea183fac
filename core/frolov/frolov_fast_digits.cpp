#include "core/frolov/frolov_fast_digits.h"

#include "core/base/trusted/errors.h"
#include "core/frolov/trusted/frolov_rules.h"

namespace igv {

void require_digit_string(std::string_view text, std::string_view what) {
  for (char c : text) {
    if (c < '0' || c > '9') {
      throw InputError(std::string(what) +
                       ": expected a string of decimal digits such as 618034, got '" +
                       std::string(text) + "'");
    }
  }
}

namespace {
/// Rows of f needed by decimal digits: 0..9.
constexpr std::int64_t kDecimalRows = 10;
}  // namespace

Value DigitDeletionEvaluator::f(int row, Value x) {
  if (x >= table_.cols) {
    // Grow geometrically; f(m, x) ≤ m + x (Theorem 2) keeps composed values within 9 per digit.
    table_ =
        frolov_grid_sweep(FrolovFunction::f, kDecimalRows, std::max<std::int64_t>(2 * x + 16, 64));
  }
  return table_.at(row, x);
}

std::vector<Value> DigitDeletionEvaluator::suffix_values(std::string_view digits) {
  require_digit_string(digits, "digits position");
  std::vector<Value> out(digits.size(), 0);
  Value v = 0;  // the empty game
  for (std::size_t i = digits.size(); i-- > 0;) {
    v = f(digits[i] - '0', v);
    out[i] = v;
  }
  return out;
}

Value DigitDeletionEvaluator::value(std::string_view digits) {
  const auto s = suffix_values(digits);
  return s.empty() ? 0 : s.front();
}

std::vector<std::string> DigitDeletionEvaluator::winning_moves(std::string_view digits) {
  require_digit_string(digits, "digits position");
  std::vector<std::string> out;
  for (const auto& option : DigitDeletionRules{}.moves(std::string(digits))) {
    if (value(option) == 0) out.push_back(option);
  }
  return out;
}

}  // namespace igv
