// Integer formulas of claims (`game.formula`): "G(n) = formula for n in a range" as a claims file
// states it, e.g. `n % 3 == 0`, `(n + 1) // 2`, `x xor y`, `G("octal:0.77", (n + 1) // 2)`.
//
// Exact signed 64-bit arithmetic: an overflow, a division or remainder by zero, or a value of
// another game that cannot be had is an error (FormulaError), never a wrapped or guessed number.
// The language, by increasing precedence (properties/CLAIMS.md, "Generic claims"):
//
//   a == b, a != b, a < b, a <= b, a > b, a >= b   1 or 0; not chained (write `(a < b) and ...`)
//   a or b                                          bitwise or
//   a xor b                                         bitwise exclusive or (the nim-sum)
//   a and b                                         bitwise and
//   a + b, a - b
//   a * b, a // b (floor division), a % b (remainder with the sign of b, as in Python)
//   -a
//   integers, the variables (n; or x and y), ( … ), min(a, b, …), max(a, b, …), abs(a),
//   if(c, a, b) (a when c != 0, else b; only the branch taken is evaluated), and
//   G("SPEC", a) or G("SPEC", a, b): the value of position a (or a,b) of the game SPEC, and
//   O("SPEC", a) or O("SPEC", a, b): its outcome (0 for P, 1 for N, 2 for a draw where the game
//   has draws), for games of values and games of outcomes (misère Nim, SOS) alike.
//
// Comparisons bind loosest and `and`/`or`/`xor` are bitwise, as `&`, `|`, `^` are in Python and
// C: on the 0/1 results of comparisons they are the logical connectives, but they need
// parentheses there: `(n % 2 == 0) and (n > 4)`.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
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

class Formula {
 public:
  /// Parses `text` with the variables `variables` (e.g. {"n"} or {"x", "y"}); throws FormulaError
  /// naming the position of the fault. Formulas are at most 4096 characters, nested at most 64
  /// deep.
  static Formula parse(std::string_view text, std::vector<std::string> variables);

  /// Evaluates with the variables bound in the order they were declared; throws FormulaError.
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
  std::vector<std::string> variables_;
  std::shared_ptr<const Node> root_;
};

}  // namespace igv
