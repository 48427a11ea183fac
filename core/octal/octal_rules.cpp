#include "core/octal/trusted/octal_rules.h"

#include "core/base/trusted/errors.h"

namespace igv {

namespace {

/// What tells an octal code from a hexadecimal one: the base of its digits and the words of its
/// messages. Both are read and checked by the same code (parse_code, checked_digits).
struct CodeSyntax {
  int base;               ///< 8 or 16
  const char* name;       ///< "octal", "hexadecimal"
  const char* d0_values;  ///< the allowed d0 (a multiple of 4 below the base), in words
  const char* splits;     ///< what a move removing nothing may do
  const char* expected;   ///< the accepted form, for a parse error
};

constexpr CodeSyntax kOctalSyntax{
    8, "octal", "0 or 4", "in two",
    "d0.d1d2... with d0 in {0, 4} optional and octal digits 0-7, e.g. 0.07, .137, 4.7"};
constexpr CodeSyntax kHexSyntax{16, "hexadecimal", "0, 4, 8 or C", "in two or three",
                                "d0.d1d2... with d0 in {0, 4, 8, C} optional and hexadecimal "
                                "digits 0-9, A-F, e.g. 0.F, .B, 4.33F"};

/// The value of digit `c` in `base` (hexadecimal digits in either case), -1 if it is none.
int code_digit(char c, int base) {
  int d = -1;
  if (c >= '0' && c <= '9') d = c - '0';
  if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
  if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
  return d < base ? d : -1;
}

/// d0 may only split a heap: its value is a multiple of 4 below the base.
bool valid_d0(int d, int base) {
  return d >= 0 && d < base && d % 4 == 0;
}

/// Digits d0..dk of a code, validated (d0, each digit below the base, at most `max_digits`
/// after the dot once trailing zeros are dropped), trailing zeros dropped.
std::vector<int> checked_digits(std::vector<int> digits, const CodeSyntax& syntax, int max_digits) {
  const std::string name = std::string(syntax.name) + " code";
  if (digits.empty()) digits.push_back(0);
  if (!valid_d0(digits[0], syntax.base)) {
    throw InputError(name + ": d0 must be " + syntax.d0_values +
                     " (a move removing nothing may only split a heap " + syntax.splits +
                     "), got " + std::to_string(digits[0]));
  }
  for (std::size_t i = 1; i < digits.size(); ++i) {
    if (digits[i] < 0 || digits[i] >= syntax.base) {
      throw InputError(name + ": digit " + std::to_string(i) + " must be 0.." +
                       std::to_string(syntax.base - 1) + ", got " + std::to_string(digits[i]));
    }
  }
  while (digits.size() > 1 && digits.back() == 0) digits.pop_back();
  if (static_cast<int>(digits.size()) - 1 > max_digits) {
    throw InputError(name + ": more than " + std::to_string(max_digits) + " digits");
  }
  return digits;
}

/// Reads `d0.d1d2...` (d0 optional) in the syntax's base; throws InputError naming the text.
std::vector<int> parse_code(std::string_view text, const CodeSyntax& syntax, int max_digits) {
  const std::string shown(text);
  const auto fail = [&](const std::string& why) -> InputError {
    return InputError(std::string(syntax.name) + " code '" + shown + "': " + why + " (expected " +
                      syntax.expected + ")");
  };
  const auto dot = text.find('.');
  if (dot == std::string_view::npos) throw fail("no '.'");
  const std::string_view head = text.substr(0, dot);
  const std::string_view tail = text.substr(dot + 1);
  std::vector<int> digits;
  if (head.empty()) {
    digits.push_back(0);
  } else if (head.size() == 1 && valid_d0(code_digit(head[0], syntax.base), syntax.base)) {
    digits.push_back(code_digit(head[0], syntax.base));
  } else {
    throw fail(std::string("d0 must be a single digit ") + syntax.d0_values + ", got '" +
               std::string(head) + "'");
  }
  if (tail.empty()) throw fail("no digit after the '.'");
  if (static_cast<int>(tail.size()) > max_digits) {
    throw fail("more than " + std::to_string(max_digits) + " digits");
  }
  for (char c : tail) {
    const int d = code_digit(c, syntax.base);
    if (d < 0)
      throw fail(std::string("'") + c + "' is not " + (syntax.base == 8 ? "an" : "a") + " " +
                 syntax.name + " digit");
    digits.push_back(d);
  }
  return checked_digits(std::move(digits), syntax, max_digits);
}

/// The removals i (0 <= i <= k) whose digit d_i has `bit`, in increasing order.
std::vector<int> removals_with(const std::vector<int>& digits, int bit) {
  std::vector<int> out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if ((digits[i] & bit) != 0) out.push_back(static_cast<int>(i));
  }
  return out;
}

/// "d0.d1d2...", upper-case digits, "d0.0" for a code without removals.
std::string code_text(const std::vector<int>& digits) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string s(1, kDigits[digits[0]]);
  s += '.';
  if (digits.size() == 1) return s + "0";
  for (std::size_t i = 1; i < digits.size(); ++i) s += kDigits[digits[i]];
  return s;
}

}  // namespace

OctalCode OctalCode::from_digits(std::vector<int> digits) {
  OctalCode code;
  code.digits_ = checked_digits(std::move(digits), kOctalSyntax, kMaxDigits);
  code.two_heap_ = removals_with(code.digits_, 4);
  return code;
}

OctalCode OctalCode::parse(std::string_view text) {
  return from_digits(parse_code(text, kOctalSyntax, kMaxDigits));
}

std::string OctalCode::canonical() const {
  return code_text(digits_);
}

std::vector<HeapOption> octal_options(const OctalCode& code, std::int64_t n) {
  std::vector<HeapOption> out;
  for_each_octal_option(code, n, [&](const HeapOption& o) { out.push_back(o); });
  return out;
}

HexCode HexCode::from_digits(std::vector<int> digits) {
  HexCode code;
  code.digits_ = checked_digits(std::move(digits), kHexSyntax, kMaxDigits);
  code.two_heap_ = removals_with(code.digits_, 4);
  code.three_heap_ = removals_with(code.digits_, 8);
  return code;
}

HexCode HexCode::parse(std::string_view text) {
  return from_digits(parse_code(text, kHexSyntax, kMaxDigits));
}

int HexCode::digit(int i) const {
  return i >= 0 && i < static_cast<int>(digits_.size()) ? digits_[static_cast<std::size_t>(i)] : 0;
}

std::string HexCode::canonical() const {
  return code_text(digits_);
}

std::vector<HexHeapOption> hex_options(const HexCode& code, std::int64_t n) {
  std::vector<HexHeapOption> out;
  for_each_hex_option(code, n, [&](const HexHeapOption& o) { out.push_back(o); });
  return out;
}

}  // namespace igv
