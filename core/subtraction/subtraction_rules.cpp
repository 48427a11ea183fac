#include "core/subtraction/trusted/subtraction_rules.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/position.h"

namespace igv {

namespace {
/// Every move of SUB(powers of 2) from a heap of n: 2^j <= n. 2^62 is the largest power of 2
/// below the int64 limit, so at most 63 moves.
constexpr int kLargestPowerOfTwoExponent = 62;
/// The sieve for the primes up to n holds n + 1 bits: 2^32 bits (512 MiB) at most.
constexpr std::int64_t kLargestSieve = std::int64_t{1} << 32;
/// At most this many members are listed (2 GiB of int64): the squares up to 2^56.
constexpr std::int64_t kMostMembers = std::int64_t{1} << 28;

struct RuleName {
  SubtractionRuleSet rule;
  const char* name;
};
constexpr RuleName kRuleNames[] = {{SubtractionRuleSet::squares, "squares"},
                                   {SubtractionRuleSet::fibonacci, "fibonacci"},
                                   {SubtractionRuleSet::primes, "primes"}};

/// floor(sqrt(n)) for n >= 0, exactly.
std::int64_t integer_sqrt(std::int64_t n) {
  auto r = static_cast<std::int64_t>(std::sqrt(static_cast<double>(n)));
  while (r > 0 && r > n / r) --r;      // r * r > n
  while ((r + 1) <= n / (r + 1)) ++r;  // (r + 1)^2 <= n
  return r;
}
}  // namespace

std::string SubtractionSet::to_string() const {
  if (powers_of_two) return "powers-of-2";
  for (const auto& r : kRuleNames) {
    if (r.rule == rule) return r.name;
  }
  return format_int_list(elements, false);
}

std::int64_t SubtractionSet::largest() const {
  if (!finite() || elements.empty()) {
    throw InputError("subtraction set '" + to_string() +
                     "' is infinite: it has no largest element s_k");
  }
  return elements.back();
}

bool SubtractionSet::contains(std::int64_t s) const {
  if (s < 1) return false;
  if (powers_of_two) return (s & (s - 1)) == 0;
  switch (rule) {
    case SubtractionRuleSet::squares: {
      const std::int64_t r = integer_sqrt(s);
      return r * r == s;
    }
    case SubtractionRuleSet::fibonacci: {
      std::int64_t a = 1, b = 2;  // consecutive distinct Fibonacci numbers
      while (a < s) {
        if (a > std::numeric_limits<std::int64_t>::max() - b) return b == s;  // b is the last
        const std::int64_t c = a + b;
        a = b;
        b = c;
      }
      return a == s;
    }
    case SubtractionRuleSet::primes: {
      if (s < 2) return false;
      for (std::int64_t q = 2; q <= s / q; ++q) {
        if (s % q == 0) return false;
      }
      return true;
    }
    case SubtractionRuleSet::none:
      break;
  }
  return std::binary_search(elements.begin(), elements.end(), s);
}

std::vector<std::int64_t> subtraction_members_up_to(const SubtractionSet& set, std::int64_t n) {
  std::vector<std::int64_t> out;
  if (n < 1) return out;
  if (set.powers_of_two) {
    for (int j = 0; j <= kLargestPowerOfTwoExponent; ++j) {
      const std::int64_t s = std::int64_t{1} << j;
      if (s > n) break;
      out.push_back(s);
    }
    return out;
  }
  switch (set.rule) {
    case SubtractionRuleSet::squares: {
      const std::int64_t root = integer_sqrt(n);
      if (root > kMostMembers) {
        throw BudgetExceeded("subtraction:squares: " + std::to_string(root) + " squares up to " +
                             std::to_string(n) + " are more than the " +
                             std::to_string(kMostMembers) + " that are listed");
      }
      for (std::int64_t j = 1; j <= root; ++j) out.push_back(j * j);
      return out;
    }
    case SubtractionRuleSet::fibonacci: {
      // 1, 2, 3, 5, 8, …: a + b is computed only while b <= n, so it never overflows.
      std::int64_t a = 1, b = 2;
      out.push_back(a);
      while (b <= n) {
        out.push_back(b);
        if (a > std::numeric_limits<std::int64_t>::max() - b) break;  // a + b would overflow
        const std::int64_t c = a + b;
        a = b;
        b = c;
      }
      return out;
    }
    case SubtractionRuleSet::primes: {
      if (n > kLargestSieve) {
        throw BudgetExceeded("subtraction:primes: a sieve up to " + std::to_string(n) +
                             " is beyond the limit of 2^32");
      }
      std::vector<bool> composite(static_cast<std::size_t>(n + 1), false);
      for (std::int64_t q = 2; q <= n; ++q) {
        if (composite[static_cast<std::size_t>(q)]) continue;
        out.push_back(q);
        for (std::int64_t m = q * q; m <= n; m += q) composite[static_cast<std::size_t>(m)] = true;
      }
      return out;
    }
    case SubtractionRuleSet::none:
      break;
  }
  for (auto s : set.elements) {
    if (s > n) break;
    out.push_back(s);
  }
  return out;
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
  for (const auto& r : kRuleNames) {
    if (text == r.name) {
      SubtractionSet set;
      set.rule = r.rule;
      return set;
    }
  }
  if (text.empty()) {
    throw InputError(
        "subtraction set '': expected a non-empty comma list of distinct positive integers "
        "(e.g. subtraction:1,3,4), 'powers-of-2', 'squares', 'fibonacci' or 'primes'");
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
  if (set.rule_defined()) {
    for (auto s : subtraction_members_up_to(set, n)) out.push_back(n - s);
    return;
  }
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
