// Trusted: the checker library, core/base/trusted/ (core/README.md, "The proof boundary").
//
// The least-period check every certificate checker of the checker library uses: a sequence
// already shown periodic from preperiod e with period p has e and p least when no p/q (q a prime
// factor of p) is a period from e, and x(e − 1) differs from x(e − 1 + p). One check, one
// wording of its rejection, for the octal, hexadecimal, subtraction and Frolov checkers.
#pragma once

#include <cstdint>
#include <string>

#include "core/base/trusted/primitives.h"

namespace igv {

/// Why `preperiod` and `period` are not the least, or "" when they are. `is_period_from(d)`
/// says whether d (a divisor of `period`) is a period of the sequence from `preperiod` (each
/// checker answers it from its own values, e.g. by comparing one stretch of `period` values with
/// its shift by d); `same_after_period(n)` whether x(n) equals x(n + period) (asked only for
/// n = preperiod − 1).
template <class IsPeriodFrom, class SameAfterPeriod>
std::string least_period_fault(std::int64_t preperiod, std::int64_t period,
                               IsPeriodFrom&& is_period_from, SameAfterPeriod&& same_after_period) {
  for (const std::int64_t q : prime_factors(period)) {
    if (is_period_from(period / q)) {
      return "period " + std::to_string(period) +
             " is not the least: " + std::to_string(period / q) + " is also a period from " +
             std::to_string(preperiod);
    }
  }
  if (preperiod > 0 && same_after_period(preperiod - 1)) {
    return "preperiod " + std::to_string(preperiod) + " is not the least: the value at " +
           std::to_string(preperiod - 1) + " already repeats at " +
           std::to_string(preperiod - 1 + period);
  }
  return "";
}

/// least_period_fault for a plain periodicity x(n + period) = x(n), read from `x(n)`: d is a
/// period from `preperiod` when one stretch of `period` values equals its shift by d (the
/// sequence being `period`-periodic from there, that is every n >= preperiod).
template <class Sequence>
std::string least_period_fault_of(std::int64_t preperiod, std::int64_t period, Sequence&& x) {
  return least_period_fault(
      preperiod, period,
      [&](std::int64_t d) {
        for (std::int64_t n = preperiod; n < preperiod + period; ++n) {
          if (x(n) != x(n + d)) return false;
        }
        return true;
      },
      [&](std::int64_t n) { return x(n) == x(n + period); });
}

}  // namespace igv
