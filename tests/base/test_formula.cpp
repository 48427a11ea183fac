// The formula language of `game.formula` (properties/base/formula.h): exact 64-bit arithmetic,
// Python's floor division and remainder, precedence, errors instead of wrapped numbers.
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
  BOOST_TEST(eval_n("n and 6", 5) == 4);
  BOOST_TEST(eval_n("n or 2", 5) == 7);
  BOOST_TEST(eval_n("1 + 2 xor 4", 0) == 7);  // + binds tighter than xor
  BOOST_TEST(eval_n("n % 7 == 0", 14) == 1);
  BOOST_TEST(eval_n("(n % 7 == 0) or (n % 7 == 2)", 9) == 1);
  BOOST_TEST(eval_n("(n % 7 == 0) or (n % 7 == 2)", 10) == 0);
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
  for (const char* bad :
       {"", "n +", "(n", "n)", "n / 2", "m + 1", "1 < n < 3", "min(n)", "if(n, 1)", "abs(1, 2)",
        "G(n)", "G(\"octal:0.07\")", "G(\"octal:0.07\", 1, 2, 3)", "2n", "n ** 2", "n $ 1"}) {
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
