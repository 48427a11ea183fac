// Integer formulas of claims (`game.formula`, `where` conditions): "G(n) = formula for n in a
// range" as a claims file states it, e.g. `n % 3 == 0`, `(n + 1) // 2`, `x xor y xor z`,
// `if(x == y and x >= 0, 0, 1)`, `min(x, y) == floor(abs(x - y) * phi)`,
// `G("octal:0.77", (n + 1) // 2)`.
//
// Exact signed 64-bit arithmetic: an overflow, a division or remainder by zero, or a value of
// another game that cannot be had is an error (FormulaError), never a wrapped or guessed number.
// The language has the precedence of Python (properties/CLAIMS.md, "The formula language"), from
// the loosest:
//
//   a or b                       logical: 1 when either is not 0, else 0 (b only when a is 0)
//   a and b                      logical: 1 when both are not 0, else 0 (b only when a is not 0)
//   not a                        1 when a is 0, else 0
//   a < b, <=, >, >=, ==, !=     1 or 0; chained as in Python: 0 <= x < y is 0 <= x and x < y
//   a | b                        bitwise or
//   a xor b                      bitwise exclusive or (the nim-sum)
//   a & b                        bitwise and
//   a + b, a - b
//   a * b, a // b (floor division), a % b (remainder with the sign of b, as in Python)
//   -a
//   a ^ b (also a ** b)          power, b >= 0; right-associative, binds tighter than -a
//   numbers, variables, ( … ), functions: min, max, abs, if(c, a, b), isqrt(a), popcount(a),
//   floor(…) and ceil(…) of a / b, a * phi, a * phi^2, a / phi or sqrt(a) (exact, by integer
//   arithmetic), the heap aggregates xor_all, sum_all, max_all, min_all, count(c), and
//   G("SPEC", a, …) / O("SPEC", a, …): the value / outcome of a position of another game.
//
// Claims files of format 1 (written before the format carried a version) had `and`/`or` as
// bitwise operators binding tighter than the comparisons; Formula::legacy_difference tells when a
// formula reads differently in that dialect (the loader then refuses it rather than guess).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace igv {

/// A formula that does not parse, or whose evaluation fails (overflow, division by zero).
class FormulaError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The value of a position of another game, for G("SPEC", …): (spec, coordinates) -> value.
using GameValueFn =
    std::function<std::int64_t(const std::string& spec, const std::vector<std::int64_t>& coords)>;

/// The names a formula may use: each variable names a slot of the values it is evaluated with
/// (several names may share one: x and x1), and named integer constants (k, the number of heaps).
/// The aggregates (xor_all, sum_all, max_all, min_all, count(c)) read every slot.
struct FormulaNames {
  std::vector<std::pair<std::string, std::size_t>> variables;
  std::vector<std::pair<std::string, std::int64_t>> constants;
  std::size_t slots = 0;

  /// One slot per name, in order (e.g. {"n"} or {"x", "y"}).
  static FormulaNames plain(const std::vector<std::string>& names);
  /// The names of a position of `k` heaps (or coordinates): n for k = 1; x, y (and z for k = 3)
  /// for k = 2 or 3; x1 … xk always; and the constant k.
  static FormulaNames heaps(int k);
  /// The variable names, for messages ("n" or "x, y, x1, x2").
  [[nodiscard]] std::string listed() const;
};

class Formula {
 public:
  /// Parses `text` with the variables `variables` (e.g. {"n"} or {"x", "y"}); throws FormulaError
  /// naming the position of the fault. Formulas are at most 4096 characters, nested at most 64
  /// deep.
  static Formula parse(std::string_view text, const std::vector<std::string>& variables);
  static Formula parse(std::string_view text, const FormulaNames& names);

  /// "" when `text` means the same in the format-1 dialect (bitwise `and`/`or` binding tighter
  /// than comparisons) as in this one, or does not parse there; else both readings, fully
  /// parenthesised, for a message.
  static std::string legacy_difference(std::string_view text);

  /// The format-1 formula `text` written in this language (the same meaning): `and`/`or` become
  /// `&`/`|`, with parentheses. Throws FormulaError when it does not parse in format 1.
  static std::string from_legacy(std::string_view text);

  /// Evaluates with the slots bound in order; throws FormulaError.
  /// G("SPEC", …) calls `game_value`, O("SPEC", …) calls `game_outcome` (unset: FormulaError).
  [[nodiscard]] std::int64_t evaluate(const std::vector<std::int64_t>& values,
                                      const GameValueFn& game_value = nullptr,
                                      const GameValueFn& game_outcome = nullptr) const;

  /// Every game specification named in a G("SPEC", …) call, in order of appearance.
  [[nodiscard]] std::vector<std::string> games() const;
  /// Every game specification named in an O("SPEC", …) call, in order of appearance.
  [[nodiscard]] std::vector<std::string> outcome_games() const;

  [[nodiscard]] const std::string& text() const { return text_; }

  struct Node;

 private:
  std::string text_;
  std::size_t slots_ = 0;
  std::shared_ptr<const Node> root_;
};

/// floor(n · φ), φ = (1 + √5) / 2, exactly (integer square root of 5n² in 128 bits), for every
/// 64-bit n whose answer fits in 64 bits; throws FormulaError otherwise.
std::int64_t floor_times_phi(std::int64_t n);
/// The integer square root of a ≥ 0 (the largest r with r² ≤ a).
std::int64_t integer_sqrt(std::int64_t a);

}  // namespace igv
