// Typed parameter schemas of claim checkers: what a claim may say to its checker, and what it
// must assert.
//
// Every checker declares its parameters (name, type, range or choices, required or default, one
// line of meaning) and the shape of the `asserted` value it compares. Loading a claims file
// validates each claim against its checker's schema, so that a misspelt, mistyped or
// out-of-range parameter, a missing asserted value, or an asserted value given to a checker
// that reads none, is an input error naming the claim and the key, never a silent default.
// Defaults live here, once: a checker reads `param<T>(claim, key)` and gets the claim's value or
// the schema's default.
//
//   CheckerSchema{
//       .establishes = "the P-positions of SUB(S) in [0, max_n]",
//       .params = {field::integers("set", "the subtraction set S").items(1).needed(),
//                  field::integer("max_n", "largest heap checked").at_least(0).fallback(1000)
//                      .budget_scaled()},
//       .asserted = field::integers("", "the P-positions, in increasing order")}
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace igv {

/// The kind of a parameter or asserted value.
enum class FieldKind {
  integer,  ///< a 64-bit integer, optionally in [min, max]
  number,   ///< an integer or a floating-point number
  boolean,
  string,  ///< any string (optionally non-empty)
  choice,  ///< one of a fixed list of strings (an enumerated statement)
  game,    ///< a game specification (`octal:0.07`), validated by the game registry
  list,    ///< a list whose elements all have the shape `element`
  object,  ///< a table with the declared `fields` only
  any      ///< any value (documented in `meaning`); use sparingly
};

/// One parameter, one field of an object, or the shape of a list element or asserted value.
struct Field {
  std::string name;  ///< empty for a list element or the asserted value itself
  FieldKind kind = FieldKind::any;
  std::string meaning;  ///< one line
  bool required = false;
  nlohmann::json default_value = nullptr;  ///< the value used when absent (null: no default)
  std::optional<double> min, max;          ///< inclusive bounds for integers and numbers
  std::optional<std::size_t> min_items, max_items;  ///< for lists
  std::vector<std::string> choices;                 ///< for `choice`
  std::shared_ptr<Field> element;                   ///< for `list`
  std::vector<Field> fields;                        ///< for `object`
  bool nullable = false;     ///< `null`/"-" accepted (a printed dash in a table)
  bool scaled = false;       ///< a default domain bound that --budget scales (never a stated one)
  bool non_empty = false;    ///< for strings
  bool rectangular = false;  ///< for a list of lists (a table): every row of one length

  // Fluent modifiers, so that a declaration reads as one expression.
  [[nodiscard]] Field& at_least(double v) {
    min = v;
    return *this;
  }
  [[nodiscard]] Field& in(double lo, double hi) {
    min = lo;
    max = hi;
    return *this;
  }
  [[nodiscard]] Field& items(std::size_t lo, std::size_t hi = SIZE_MAX) {
    min_items = lo;
    max_items = hi;
    return *this;
  }
  [[nodiscard]] Field& needed() {
    required = true;
    return *this;
  }
  [[nodiscard]] Field& fallback(nlohmann::json v) {
    default_value = std::move(v);
    return *this;
  }
  [[nodiscard]] Field& budget_scaled() {
    scaled = true;
    return *this;
  }
  [[nodiscard]] Field& dash_allowed() {
    nullable = true;
    return *this;
  }
  [[nodiscard]] Field& nonempty() {
    non_empty = true;
    return *this;
  }

  /// The accepted form in one phrase ("an integer in [0, 100]", "a list of integers").
  [[nodiscard]] std::string describe() const;
};

/// Builders. `name` may be empty for list elements and asserted values.
namespace field {
Field integer(std::string name, std::string meaning);
Field number(std::string name, std::string meaning);
Field boolean(std::string name, std::string meaning);
Field string(std::string name, std::string meaning);
Field choice(std::string name, std::vector<std::string> choices, std::string meaning);
Field game(std::string name, std::string meaning);
Field list(std::string name, Field element, std::string meaning);
Field object(std::string name, std::vector<Field> fields, std::string meaning);
Field any(std::string name, std::string meaning);
/// Shorthands: a list of integers; a table (list of rows of integers, "-" allowed when `dash`,
/// every row of the same length: a ragged table is a transcription fault, refused at load).
Field integers(std::string name, std::string meaning);
Field table(std::string name, std::string meaning, bool dash = false);
}  // namespace field

/// What a checker accepts and asserts.
struct CheckerSchema {
  std::string establishes;    ///< what a `verified`/`proved` verdict of this checker establishes
  std::vector<Field> params;  ///< every accepted parameter; any other key is a load error
  /// The asserted value's shape; std::nullopt: the checker reads no asserted value (a claim that
  /// gives one does not load). The checker compares every part of an asserted value it declares.
  std::optional<Field> asserted;
  /// A complete example claim's params and asserted value (it must load: tested).
  nlohmann::json example_params = nlohmann::json::object();
  nlohmann::json example_asserted = nullptr;
  /// What the field shapes cannot say (a position that must parse in the claim's game, a formula
  /// that must parse, two parameters of which exactly one is stated): called at load time after
  /// the fields validate; returns "" when the claim is well formed, else one line naming the key.
  std::function<std::string(const nlohmann::json& params, const nlohmann::json& asserted)>
      validate = nullptr;
  /// The formulas a claim states, as (key, text) pairs (`where`, the asserted formula): a claims
  /// file of format 1 is read for them, since `and` and `or` changed meaning in format 2
  /// (properties/CLAIMS.md, "Format versions"). nullptr: the checker reads no formula.
  std::function<std::vector<std::pair<std::string, std::string>>(const nlohmann::json& params,
                                                                 const nlohmann::json& asserted)>
      formulas = nullptr;

  /// The parameter named `key`, or nullptr.
  [[nodiscard]] const Field* param(std::string_view key) const;
};

/// Validates `value` against `field`; returns the first fault as text ("" when valid), naming
/// the path (`params.range[1]`) and what was expected.
std::string validate_field(const Field& field, const nlohmann::json& value,
                           const std::string& path);

/// Validates a claim's params and asserted value against a schema; "" when valid, otherwise
/// one line naming the key and the accepted keys.
std::string validate_claim_against(const CheckerSchema& schema, const nlohmann::json& params,
                                   const nlohmann::json& asserted);

/// The schema as text for `verify checkers NAME`, and as a complete example claim (TOML).
std::string schema_text(const std::string& checker_name, const std::string& description,
                        const CheckerSchema& schema);
std::string example_claim_toml(const std::string& checker_name, const CheckerSchema& schema);
/// The schema as JSON (for `verify checkers NAME --format json`).
nlohmann::json schema_json(const CheckerSchema& schema);

/// A JSON value as TOML (inline tables and arrays), for examples.
std::string to_toml_value(const nlohmann::json& v);

}  // namespace igv
