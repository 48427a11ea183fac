#include "core/octal/octal_rules.h"

#include "core/base/errors.h"

namespace igv {

OctalCode OctalCode::from_digits(std::vector<int> digits) {
  if (digits.empty()) digits.push_back(0);
  if (digits[0] != 0 && digits[0] != 4) {
    throw InputError(
        "octal code: d0 must be 0 or 4 (a move removing nothing may only split a "
        "heap in two), got " +
        std::to_string(digits[0]));
  }
  for (std::size_t i = 1; i < digits.size(); ++i) {
    if (digits[i] < 0 || digits[i] > 7) {
      throw InputError("octal code: digit " + std::to_string(i) + " must be 0..7, got " +
                       std::to_string(digits[i]));
    }
  }
  while (digits.size() > 1 && digits.back() == 0) digits.pop_back();
  if (static_cast<int>(digits.size()) - 1 > kMaxDigits) {
    throw InputError("octal code: more than " + std::to_string(kMaxDigits) + " digits");
  }
  OctalCode code;
  code.digits_ = std::move(digits);
  for (int i = 0; i <= code.max_removal(); ++i) {
    if (code.leaves_two(i)) code.two_heap_.push_back(i);
  }
  return code;
}

OctalCode OctalCode::parse(std::string_view text) {
  const std::string shown(text);
  const auto fail = [&](const std::string& why) -> InputError {
    return InputError("octal code '" + shown + "': " + why +
                      " (expected d0.d1d2... with d0 in {0, 4} optional and octal digits 0-7, "
                      "e.g. 0.07, .137, 4.7)");
  };
  const auto dot = text.find('.');
  if (dot == std::string_view::npos) throw fail("no '.'");
  const std::string_view head = text.substr(0, dot);
  const std::string_view tail = text.substr(dot + 1);
  std::vector<int> digits;
  if (head.empty()) {
    digits.push_back(0);
  } else if (head.size() == 1 && (head[0] == '0' || head[0] == '4')) {
    digits.push_back(head[0] - '0');
  } else {
    throw fail("d0 must be a single digit 0 or 4, got '" + std::string(head) + "'");
  }
  if (tail.empty()) throw fail("no digit after the '.'");
  for (char c : tail) {
    if (c < '0' || c > '7') throw fail(std::string("'") + c + "' is not an octal digit");
    digits.push_back(c - '0');
  }
  if (static_cast<int>(tail.size()) > kMaxDigits) {
    throw fail("more than " + std::to_string(kMaxDigits) + " digits");
  }
  return from_digits(std::move(digits));
}

std::string OctalCode::canonical() const {
  std::string s = std::to_string(digits_[0]) + ".";
  if (digits_.size() == 1) return s + "0";
  for (std::size_t i = 1; i < digits_.size(); ++i) s += static_cast<char>('0' + digits_[i]);
  return s;
}

std::vector<HeapOption> octal_options(const OctalCode& code, std::int64_t n) {
  std::vector<HeapOption> out;
  for_each_octal_option(code, n, [&](const HeapOption& o) { out.push_back(o); });
  return out;
}

HexCode HexCode::from_digits(std::vector<int> digits) {
  if (digits.empty()) digits.push_back(0);
  if (digits[0] != 0 && digits[0] != 4 && digits[0] != 8 && digits[0] != 12) {
    throw InputError(
        "hexadecimal code: d0 must be 0, 4, 8 or C (a move removing nothing may only split a "
        "heap in two or three), got " +
        std::to_string(digits[0]));
  }
  for (std::size_t i = 1; i < digits.size(); ++i) {
    if (digits[i] < 0 || digits[i] > 15) {
      throw InputError("hexadecimal code: digit " + std::to_string(i) + " must be 0..15, got " +
                       std::to_string(digits[i]));
    }
  }
  while (digits.size() > 1 && digits.back() == 0) digits.pop_back();
  if (static_cast<int>(digits.size()) - 1 > kMaxDigits) {
    throw InputError("hexadecimal code: more than " + std::to_string(kMaxDigits) + " digits");
  }
  HexCode code;
  code.digits_ = std::move(digits);
  for (int i = 0; i <= code.max_removal(); ++i) {
    if (code.leaves_two(i)) code.two_heap_.push_back(i);
    if (code.leaves_three(i)) code.three_heap_.push_back(i);
  }
  return code;
}

HexCode HexCode::parse(std::string_view text) {
  const std::string shown(text);
  const auto fail = [&](const std::string& why) -> InputError {
    return InputError("hexadecimal code '" + shown + "': " + why +
                      " (expected d0.d1d2... with d0 in {0, 4, 8, C} optional and hexadecimal "
                      "digits 0-9, A-F, e.g. 0.F, .B, 4.33F)");
  };
  const auto hex_digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  const auto dot = text.find('.');
  if (dot == std::string_view::npos) throw fail("no '.'");
  const std::string_view head = text.substr(0, dot);
  const std::string_view tail = text.substr(dot + 1);
  std::vector<int> digits;
  if (head.empty()) {
    digits.push_back(0);
  } else if (head.size() == 1 && (hex_digit(head[0]) == 0 || hex_digit(head[0]) == 4 ||
                                  hex_digit(head[0]) == 8 || hex_digit(head[0]) == 12)) {
    digits.push_back(hex_digit(head[0]));
  } else {
    throw fail("d0 must be a single digit 0, 4, 8 or C, got '" + std::string(head) + "'");
  }
  if (tail.empty()) throw fail("no digit after the '.'");
  if (static_cast<int>(tail.size()) > kMaxDigits) {
    throw fail("more than " + std::to_string(kMaxDigits) + " digits");
  }
  for (char c : tail) {
    const int d = hex_digit(c);
    if (d < 0) throw fail(std::string("'") + c + "' is not a hexadecimal digit");
    digits.push_back(d);
  }
  return from_digits(std::move(digits));
}

int HexCode::digit(int i) const {
  return i >= 0 && i < static_cast<int>(digits_.size()) ? digits_[static_cast<std::size_t>(i)] : 0;
}

std::string HexCode::canonical() const {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string s(1, kDigits[digits_[0]]);
  s += '.';
  if (digits_.size() == 1) return s + "0";
  for (std::size_t i = 1; i < digits_.size(); ++i) s += kDigits[digits_[i]];
  return s;
}

std::vector<HexHeapOption> hex_options(const HexCode& code, std::int64_t n) {
  std::vector<HexHeapOption> out;
  for_each_hex_option(code, n, [&](const HexHeapOption& o) { out.push_back(o); });
  return out;
}

}  // namespace igv
