// The formula language of `game.formula` (properties/base/formula.h): exact 64-bit arithmetic,
// Python's floor division, remainder and precedence (chained comparisons, logical not/and/or),
// exact floor(n * phi), heaps, the format-1 dialect, errors instead of wrapped numbers.
#include <boost/test/unit_test.hpp>
#include <limits>

#include "properties/base/formula.h"

using namespace igv;

namespace {
std::int64_t eval_n(const std::string& text, std::int64_t n) {
  return Formula::parse(text, {"n"}).evaluate({n});
}
}  // namespace

BOOST_AUTO_TEST_CASE(arithmetic_and_precedence) {
  BOOST_TEST(eval_n("1 + 2 * 3", 0) == 7);
  BOOST_TEST(eval_n("(1 + 2) * 3", 0) == 9);
  BOOST_TEST(eval_n("n - 1 - 1", 5) == 3);  // left associative
  BOOST_TEST(eval_n("-n * 2", 3) == -6);
  BOOST_TEST(eval_n("n xor 3", 5) == 6);
  BOOST_TEST(eval_n("n & 6", 5) == 4);
  BOOST_TEST(eval_n("n | 2", 5) == 7);
  BOOST_TEST(eval_n("n and 6", 5) == 1);  // logical, as in Python (but 1 or 0)
  BOOST_TEST(eval_n("n and 0", 5) == 0);
  BOOST_TEST(eval_n("n or 0", 0) == 0);
  BOOST_TEST(eval_n("0 or n", 7) == 1);
  BOOST_TEST(eval_n("1 + 2 xor 4", 0) == 7);  // + binds tighter than xor
  BOOST_TEST(eval_n("n % 7 == 0", 14) == 1);
  BOOST_TEST(eval_n("(n % 7 == 0) or (n % 7 == 2)", 9) == 1);
  BOOST_TEST(eval_n("(n % 7 == 0) or (n % 7 == 2)", 10) == 0);
  BOOST_TEST(eval_n("n % 7 == 0 or n % 7 == 2", 9) == 1);  // comparisons bind tighter than or
  BOOST_TEST(eval_n("n % 7 == 0 or n % 7 == 2", 10) == 0);
  BOOST_TEST(eval_n("min(n, 4, 9)", 5) == 4);
  BOOST_TEST(eval_n("max(n, 4, 9)", 5) == 9);
  BOOST_TEST(eval_n("abs(0 - n)", 5) == 5);
  BOOST_TEST(eval_n("if(n > 3, 10, 20)", 5) == 10);
  BOOST_TEST(eval_n("if(n > 3, 10, 20)", 3) == 20);
  BOOST_TEST(Formula::parse("x xor y", {"x", "y"}).evaluate({6, 3}) == 5);
}

BOOST_AUTO_TEST_CASE(floor_division_and_remainder_as_in_python) {
  BOOST_TEST(eval_n("n // 2", 7) == 3);
  BOOST_TEST(eval_n("n // 2", -7) == -4);
  BOOST_TEST(eval_n("n % 3", -7) == 2);
  BOOST_TEST(eval_n("n % (0 - 3)", 7) == -2);
  BOOST_TEST(eval_n("n // (0 - 2)", 7) == -4);
}

BOOST_AUTO_TEST_CASE(only_the_branch_taken_is_evaluated) {
  BOOST_TEST(eval_n("if(n == 0, 0, 10 // n)", 0) == 0);
  BOOST_CHECK_THROW(eval_n("10 // n", 0), FormulaError);
  BOOST_CHECK_THROW(eval_n("10 % n", 0), FormulaError);
}

BOOST_AUTO_TEST_CASE(overflow_is_an_error_never_a_wrapped_number) {
  BOOST_CHECK_THROW(eval_n("n * n", 4'000'000'000), FormulaError);
  BOOST_CHECK_THROW(eval_n("n + 1", std::numeric_limits<std::int64_t>::max()), FormulaError);
  BOOST_CHECK_THROW(eval_n("n - 1", std::numeric_limits<std::int64_t>::min()), FormulaError);
  BOOST_CHECK_THROW(eval_n("-n", std::numeric_limits<std::int64_t>::min()), FormulaError);
  BOOST_CHECK_THROW(eval_n("n // (0 - 1)", std::numeric_limits<std::int64_t>::min()), FormulaError);
  BOOST_CHECK_THROW(Formula::parse("99999999999999999999", {"n"}), FormulaError);
  BOOST_TEST(eval_n("9223372036854775807", 0) == std::numeric_limits<std::int64_t>::max());
}

BOOST_AUTO_TEST_CASE(malformed_formulas_do_not_parse) {
  for (const char* bad : {"",
                          "n +",
                          "(n",
                          "n)",
                          "n / 2",
                          "m + 1",
                          "min(n)",
                          "if(n, 1)",
                          "abs(1, 2)",
                          "G(n)",
                          "G(\"octal:0.07\")",
                          "2n",
                          "n $ 1",
                          "n * phi",
                          "sqrt(n)",
                          "floor(n / 2 + 1)",
                          "floor(min(n / 2, 3))",
                          "floor(n * phi * 2)",
                          "n && 1",
                          "n || 1",
                          "!n",
                          "n = 1",
                          "isqrt(1, 2)",
                          "xor_all(1)",
                          "not",
                          "n and",
                          "floor()",
                          "x"}) {
    BOOST_CHECK_THROW(Formula::parse(bad, {"n"}), FormulaError);
  }
  BOOST_CHECK_THROW(Formula::parse(std::string(5000, '1'), {"n"}), FormulaError);
  BOOST_CHECK_THROW(Formula::parse(std::string(100, '(') + "n" + std::string(100, ')'), {"n"}),
                    FormulaError);
  // A long flat sum is not deep: it parses and evaluates.
  std::string sum = "n";
  for (int i = 0; i < 1000; ++i) sum += " + 1";
  BOOST_TEST(eval_n(sum, 1) == 1001);
}

BOOST_AUTO_TEST_CASE(other_games_through_the_callback) {
  const auto f = Formula::parse("G(\"octal:0.77\", (n + 1) // 2) xor G(\"rook\", n, 2)", {"n"});
  BOOST_TEST(f.games() == (std::vector<std::string>{"octal:0.77", "rook"}));
  std::vector<std::pair<std::string, std::vector<std::int64_t>>> calls;
  const GameValueFn gv = [&](const std::string& spec, const std::vector<std::int64_t>& c) {
    calls.emplace_back(spec, c);
    return std::int64_t{c.size() == 1 ? c[0] : c[0] ^ c[1]};
  };
  BOOST_TEST(f.evaluate({5}, gv) == (3 ^ (5 ^ 2)));
  BOOST_TEST(calls.size() == 2U);
  BOOST_CHECK_THROW(static_cast<void>(f.evaluate({5})),
                    FormulaError);  // no game values in this context
}

BOOST_AUTO_TEST_CASE(python_precedence_and_chained_comparisons) {
  const auto xy = [](const std::string& text, std::int64_t x, std::int64_t y) {
    return Formula::parse(text, {"x", "y"}).evaluate({x, y});
  };
  BOOST_TEST(xy("if(x == y and x >= 0, 7, 8)", 3, 3) == 7);
  BOOST_TEST(xy("if(x == y and x >= 0, 7, 8)", 3, 4) == 8);
  BOOST_TEST(xy("x == 0 and y == 0", 0, 0) == 1);
  BOOST_TEST(xy("x == 0 and y == 0", 0, 1) == 0);
  BOOST_TEST(xy("0 <= x < y", 1, 2) == 1);
  BOOST_TEST(xy("0 <= x < y", 2, 2) == 0);
  BOOST_TEST(xy("0 <= x < y", -1, 2) == 0);
  BOOST_TEST(xy("x < y > 3", 1, 5) == 1);  // x < y and y > 3
  BOOST_TEST(xy("x < y > 3", 1, 2) == 0);
  BOOST_TEST(xy("not x == y", 1, 2) == 1);    // not binds looser than ==
  BOOST_TEST(xy("not x or y", 0, 0) == 1);    // (not x) or y
  BOOST_TEST(xy("x or y and 0", 1, 1) == 1);  // and binds tighter than or
  BOOST_TEST(xy("x xor y == 0", 5, 5) == 1);  // xor binds tighter than ==
  BOOST_TEST(xy("x + 1 xor y", 1, 1) == 3);
  BOOST_TEST(xy("x | y xor 1 & 3", 4, 2) == 7);  // | < xor < &, as in Python
  // only what decides is evaluated
  BOOST_TEST(xy("x != 0 and 10 // x > 1", 0, 0) == 0);
  BOOST_TEST(xy("x == 0 or 10 // x > 1", 0, 0) == 1);
  BOOST_TEST(xy("1 < x < 10 // y", 0, 0) == 0);
}

BOOST_AUTO_TEST_CASE(powers_roots_floors_and_popcount) {
  BOOST_TEST(eval_n("2^n", 10) == 1024);
  BOOST_TEST(eval_n("2**n", 10) == 1024);
  BOOST_TEST(eval_n("2^3^2", 0) == 512);  // right-associative
  BOOST_TEST(eval_n("-2^2", 0) == -4);    // as -(2^2)
  BOOST_TEST(eval_n("2^-n", 0) == 1);
  BOOST_CHECK_THROW(eval_n("2^-n", 1), FormulaError);
  BOOST_CHECK_THROW(eval_n("2^n", 63), FormulaError);
  BOOST_TEST(eval_n("2^n - 1", 62) == (std::int64_t{1} << 62) - 1);
  BOOST_TEST(eval_n("isqrt(n)", 99) == 9);
  BOOST_TEST(eval_n("isqrt(n)", 100) == 10);
  BOOST_TEST(eval_n("isqrt(n)", std::numeric_limits<std::int64_t>::max()) == 3037000499);
  BOOST_CHECK_THROW(eval_n("isqrt(n)", -1), FormulaError);
  BOOST_TEST(eval_n("floor(sqrt(n))", 99) == 9);
  BOOST_TEST(eval_n("ceil(sqrt(n))", 99) == 10);
  BOOST_TEST(eval_n("ceil(sqrt(n))", 100) == 10);
  BOOST_TEST(eval_n("floor(n / 3)", 7) == 2);
  BOOST_TEST(eval_n("floor(n / 3)", -7) == -3);
  BOOST_TEST(eval_n("ceil(n / 3)", 7) == 3);
  BOOST_TEST(eval_n("ceil(n / 3)", -7) == -2);
  BOOST_TEST(eval_n("ceil(n / 3)", 6) == 2);
  BOOST_TEST(eval_n("floor(n)", 6) == 6);
  BOOST_CHECK_THROW(eval_n("floor(n / 0)", 6), FormulaError);
  BOOST_TEST(eval_n("popcount(n)", 255) == 8);
  BOOST_TEST(eval_n("popcount(n)", 0) == 0);
  BOOST_CHECK_THROW(eval_n("popcount(n)", -1), FormulaError);
  // Wythoff's P-positions: floor(k phi), floor(k phi^2)
  const std::int64_t a[] = {0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24};
  const std::int64_t b[] = {0, 2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39};
  for (std::int64_t k = 0; k < 16; ++k) {
    BOOST_TEST(eval_n("floor(n * phi)", k) == a[k]);
    BOOST_TEST(eval_n("floor(phi * n)", k) == a[k]);
    BOOST_TEST(eval_n("floor(n * phi^2)", k) == b[k]);
    BOOST_TEST(eval_n("floor(n * phi**2)", k) == b[k]);
    BOOST_TEST(eval_n("(n + isqrt(5 * n * n)) // 2", k) == a[k]);
    BOOST_TEST(eval_n("floor(n / phi)", k) == a[k] - k);
    BOOST_TEST(eval_n("ceil(n * phi)", k) == (k == 0 ? 0 : a[k] + 1));
  }
  BOOST_TEST(eval_n("floor(n * phi)", -1) == -2);
  BOOST_TEST(eval_n("floor(n * phi)", -2) == -4);
  BOOST_TEST(eval_n("floor(phi)", 0) == 1);
  BOOST_TEST(eval_n("floor(phi^2)", 0) == 2);
}

BOOST_AUTO_TEST_CASE(floor_n_phi_is_exact_for_every_64_bit_n) {
  // Against the values computed with 60-digit decimals (Python's decimal module).
  BOOST_TEST(floor_times_phi(1'000'000'000'000) == 1'618'033'988'749);
  BOOST_TEST(floor_times_phi(123'456'789'012'345'678) == 199'757'280'763'899'868);
  BOOST_TEST(floor_times_phi(5'700'357'409'661'599'242) == 9'223'372'036'854'775'806);
  BOOST_CHECK_THROW(floor_times_phi(5'700'357'409'661'599'243), FormulaError);
  BOOST_CHECK_THROW(floor_times_phi(std::numeric_limits<std::int64_t>::max()), FormulaError);
  BOOST_TEST(floor_times_phi(-5'700'357'409'661'599'242) == -9'223'372'036'854'775'807);
  // a consecutive run: floor((n + 1) phi) - floor(n phi) is 1 or 2, and the Beatty sequences
  // floor(n phi) and floor(n phi^2) partition the positive integers
  std::vector<int> hit(20000, 0);
  for (std::int64_t n = 1; n < 7000; ++n) {
    const auto f = floor_times_phi(n);
    if (f < 20000) ++hit[static_cast<std::size_t>(f)];
    if (f + n < 20000) ++hit[static_cast<std::size_t>(f + n)];
  }
  for (std::size_t i = 1; i < 11000; ++i) BOOST_TEST(hit[i] == 1);
}

BOOST_AUTO_TEST_CASE(positions_of_k_heaps) {
  const auto three = Formula::parse("x xor y xor z", FormulaNames::heaps(3));
  BOOST_TEST(three.evaluate({1, 2, 3}) == 0);
  BOOST_TEST(three.evaluate({1, 2, 4}) == 7);
  BOOST_TEST(Formula::parse("x1 xor x2 xor x3", FormulaNames::heaps(3)).evaluate({1, 2, 4}) == 7);
  BOOST_TEST(Formula::parse("xor_all", FormulaNames::heaps(4)).evaluate({1, 2, 4, 8}) == 15);
  BOOST_TEST(Formula::parse("xor_all()", FormulaNames::heaps(4)).evaluate({1, 2, 4, 8}) == 15);
  BOOST_TEST(Formula::parse("sum_all", FormulaNames::heaps(4)).evaluate({1, 2, 4, 8}) == 15);
  BOOST_TEST(Formula::parse("max_all", FormulaNames::heaps(4)).evaluate({1, 9, 4, 8}) == 9);
  BOOST_TEST(Formula::parse("min_all", FormulaNames::heaps(4)).evaluate({1, 9, 0, 8}) == 0);
  BOOST_TEST(Formula::parse("prod_all", FormulaNames::heaps(3)).evaluate({2, 3, 4}) == 24);
  BOOST_TEST(Formula::parse("count(1)", FormulaNames::heaps(4)).evaluate({1, 9, 1, 8}) == 2);
  BOOST_TEST(Formula::parse("k", FormulaNames::heaps(5)).evaluate({1, 9, 1, 8, 0}) == 5);
  BOOST_TEST(Formula::parse("n + k", FormulaNames::heaps(1)).evaluate({4}) == 5);
  // Bouton's misere rule, for any number of heaps
  const auto misere =
      Formula::parse("if(max_all <= 1, count(1) % 2 == 0, xor_all != 0)", FormulaNames::heaps(3));
  BOOST_TEST(misere.evaluate({1, 1, 0}) == 1);
  BOOST_TEST(misere.evaluate({1, 1, 1}) == 0);
  BOOST_TEST(misere.evaluate({1, 2, 3}) == 0);
  BOOST_TEST(misere.evaluate({1, 2, 4}) == 1);
  BOOST_CHECK_THROW(Formula::parse("z", FormulaNames::heaps(2)), FormulaError);
  BOOST_CHECK_THROW(Formula::parse("x", FormulaNames::heaps(4)), FormulaError);
  BOOST_CHECK_THROW(Formula::parse("x5", FormulaNames::heaps(4)), FormulaError);
  BOOST_CHECK_THROW(Formula::parse("n", FormulaNames::heaps(2)), FormulaError);
  BOOST_TEST(Formula::parse("G(\"nim\", x, y, z)", FormulaNames::heaps(3)).games().size() == 1U);
}

BOOST_AUTO_TEST_CASE(the_format_1_dialect_is_told_apart) {
  // same meaning in both: nothing to say
  for (const char* same :
       {"n % 3", "x xor y", "(x xor y) - 1", "n % 7 == 0", "(n % 7 == 0) or (n % 7 == 2)",
        "(x == 0) and (y == 0)", "G(\"octal:0.77\", (n + 1) // 2)", "x xor y == 0",
        "if(max(x, y) <= 1, 1 - O(\"nim\", x, y), O(\"nim\", x, y))"}) {
    BOOST_TEST(Formula::legacy_difference(same).empty(), same);
  }
  // not a format-1 formula: nothing to confuse it with
  for (const char* only_new :
       {"x == y and x >= 0", "0 <= x < y", "not n", "2^n", "n % 7 == 0 or n % 7 == 2"}) {
    BOOST_TEST(Formula::legacy_difference(only_new).empty(), only_new);
  }
  // bitwise then, logical now: told
  for (const char* differs : {"n and 6", "x or y", "x < 3 or y", "n == 1 and 3"}) {
    BOOST_TEST(!Formula::legacy_difference(differs).empty(), differs);
  }
  BOOST_TEST(Formula::from_legacy("n and 6") == "n & 6");
  BOOST_TEST(Formula::from_legacy("x < 3 or y") == "x < (3 | y)");
  BOOST_TEST(Formula::from_legacy("(n % 7 == 0) or (n % 7 == 2)") ==
             "((n % 7) == 0) | ((n % 7) == 2)");
  BOOST_TEST(Formula::parse(Formula::from_legacy("n and 6"), {"n"}).evaluate({5}) == 4);
}
