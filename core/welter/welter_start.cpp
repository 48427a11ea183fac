#include "core/welter/welter_start.h"

#include <bit>
#include <stdexcept>
#include <string>

#include "core/base/trusted/errors.h"
#include "core/welter/welter_fast_conway.h"

namespace igv {

WelterCoins welter_start_position(std::int64_t n) {
  if (n < 0 || n > kMaxWelterBlock) {
    throw InputError("the n-glass start position [n+1|…|2n]: n must be in 0.." +
                     std::to_string(kMaxWelterBlock) + ", got " + std::to_string(n));
  }
  return welter_block(n + 1, 2 * n);
}

Value welter_start_value(std::int64_t n) {
  return welter_value_conway(welter_start_position(n));
}

namespace {
// p: the number of binary digits of n after the leading 1.
int digits_after_leading_one(std::int64_t n) {
  return static_cast<int>(std::bit_width(static_cast<std::uint64_t>(n))) - 1;
}
}  // namespace

bool welter_start_second_digit_is_one(std::int64_t n) {
  const int p = digits_after_leading_one(n);
  return p >= 1 && ((n >> (p - 1)) & 1) == 1;
}

std::optional<Value> welter_start_recursion_as_printed(
    std::int64_t n, const std::function<Value(std::int64_t)>& w) {
  if (n < 0) throw std::invalid_argument("w(n) needs n >= 0, got " + std::to_string(n));
  if (n == 0) return 0;  // "w(0) = 0"
  const int p = digits_after_leading_one(n);
  if (p == 0) return std::nullopt;
  const std::int64_t two_p = std::int64_t{1} << p;
  if (welter_start_second_digit_is_one(n)) {
    // "strip that initial 1 and let the value the remaining p−1 digits represent be n_1"
    const std::int64_t n1 = n & ((std::int64_t{1} << (p - 1)) - 1);
    return two_p + w(n1);
  }
  // "If they begin with 0, let the value they represent be n_0": the p digits after the leading 1.
  const std::int64_t n0 = n - two_p;
  return 3 * two_p + w(n0);
}

Value welter_start_value_by_digits(std::int64_t n) {
  if (n < 0) throw std::invalid_argument("w(n) needs n >= 0, got " + std::to_string(n));
  Value w = 0;
  while (n > 0) {
    const int p = digits_after_leading_one(n);
    const std::int64_t two_p = std::int64_t{1} << p;
    if (p >= 1 && !welter_start_second_digit_is_one(n)) {
      w += 3 * two_p;  // the case "10…", as printed
      n -= two_p;
    } else {
      w += 2 * two_p;  // the case "11…" (or n = 1), as the worked example evaluates it
      const std::int64_t rest_mask = p >= 1 ? (std::int64_t{1} << (p - 1)) - 1 : 0;
      n = rest_mask & ~n;  // the complement of the p−1 digits after the second
    }
  }
  return w;
}

Value welter_mating_description(std::int64_t n) {
  if (n <= 0) throw std::invalid_argument("(n|0) is described for n > 0, got " + std::to_string(n));
  const int d = std::countr_zero(static_cast<std::uint64_t>(n));
  return (Value{1} << (d + 1)) - 1;
}

}  // namespace igv
