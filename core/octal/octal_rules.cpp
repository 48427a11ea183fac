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

int OctalCode::digit(int i) const {
  return i >= 0 && i < static_cast<int>(digits_.size()) ? digits_[static_cast<std::size_t>(i)] : 0;
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

}  // namespace igv
