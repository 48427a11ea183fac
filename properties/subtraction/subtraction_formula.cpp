#include "properties/subtraction/subtraction_formula.h"

#include <algorithm>
#include <cctype>

namespace igv {

namespace {

/// Recursive-descent parser and evaluator over one expression text.
class ExpressionParser {
 public:
  ExpressionParser(std::string_view text, const FormulaVariables& vars)
      : text_(text), vars_(vars) {}

  std::int64_t parse_all() {
    const std::int64_t v = conditional();
    skip_space();
    if (pos_ != text_.size()) fail("unexpected '" + std::string(text_.substr(pos_, 1)) + "'");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& why) const {
    throw FormulaError("formula '" + std::string(text_) + "': " + why);
  }
  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool eat(std::string_view token) {
    skip_space();
    if (text_.substr(pos_, token.size()) == token) {
      pos_ += token.size();
      return true;
    }
    return false;
  }
  std::int64_t conditional() {
    const std::int64_t cond = logical_or();
    if (!eat("?")) return cond;
    // Both branches are parsed; only the chosen one may complain about its arithmetic (a
    // branch like 3a/2 applies only where its condition holds).
    if (cond == 0) ++skipping_;
    const std::int64_t yes = conditional();
    if (cond == 0) --skipping_;
    if (!eat(":")) fail("expected ':' in 'cond ? a : b'");
    if (cond != 0) ++skipping_;
    const std::int64_t no = conditional();
    if (cond != 0) --skipping_;
    return cond != 0 ? yes : no;
  }
  std::int64_t logical_or() {
    std::int64_t v = logical_and();
    while (eat("||")) {
      const std::int64_t w = logical_and();
      v = (v != 0 || w != 0) ? 1 : 0;
    }
    return v;
  }
  std::int64_t logical_and() {
    std::int64_t v = comparison();
    while (eat("&&")) {
      const std::int64_t w = comparison();
      v = (v != 0 && w != 0) ? 1 : 0;
    }
    return v;
  }
  std::int64_t comparison() {
    const std::int64_t a = sum();
    if (eat("==")) return a == sum() ? 1 : 0;
    if (eat("!=")) return a != sum() ? 1 : 0;
    if (eat("<=")) return a <= sum() ? 1 : 0;
    if (eat(">=")) return a >= sum() ? 1 : 0;
    if (eat("<")) return a < sum() ? 1 : 0;
    if (eat(">")) return a > sum() ? 1 : 0;
    return a;
  }
  std::int64_t sum() {
    std::int64_t v = product();
    for (;;) {
      if (eat("+")) {
        v += product();
      } else if (eat("-")) {
        v -= product();
      } else {
        return v;
      }
    }
  }
  std::int64_t product() {
    std::int64_t v = unary();
    for (;;) {
      if (eat("*")) {
        v *= unary();
      } else if (eat("//")) {
        const std::int64_t d = unary();
        if (d == 0) {
          if (skipping_ > 0) continue;
          fail("division by zero");
        }
        std::int64_t q = v / d;
        if ((v % d != 0) && ((v < 0) != (d < 0))) --q;
        v = q;
      } else if (eat("/")) {
        const std::int64_t d = unary();
        if (d == 0 || (v % d != 0 && skipping_ > 0)) {
          if (skipping_ > 0) continue;
          fail("division by zero");
        }
        if (v % d != 0) {
          fail(std::to_string(v) + " / " + std::to_string(d) +
               " is not exact (the formula does not apply to these parameters)");
        }
        v /= d;
      } else if (eat("%")) {
        const std::int64_t d = unary();
        if (d <= 0) {
          if (skipping_ > 0) continue;
          fail("remainder by a non-positive number");
        }
        v = ((v % d) + d) % d;
      } else {
        return v;
      }
    }
  }
  std::int64_t unary() {
    if (eat("-")) return -unary();
    if (eat("!")) return unary() == 0 ? 1 : 0;
    return primary();
  }
  std::int64_t primary() {
    skip_space();
    if (eat("(")) {
      const std::int64_t v = conditional();
      if (!eat(")")) fail("missing ')'");
      return v;
    }
    if (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      std::int64_t v = 0;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
        v = v * 10 + (text_[pos_++] - '0');
      }
      return v;
    }
    if (pos_ < text_.size() &&
        (std::isalpha(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) {
      const std::size_t begin = pos_;
      while (pos_ < text_.size() &&
             (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) {
        ++pos_;
      }
      const auto name = text_.substr(begin, pos_ - begin);
      if (eat("(")) return call(name);
      auto it = vars_.find(name);
      if (it == vars_.end()) fail("unknown variable '" + std::string(name) + "'");
      return it->second;
    }
    fail(pos_ < text_.size() ? "unexpected '" + std::string(text_.substr(pos_, 1)) + "'"
                             : "unexpected end");
  }

  /// pow(base, exponent), min(a, b), max(a, b); the '(' is already read.
  std::int64_t call(std::string_view name) {
    const std::int64_t a = conditional();
    if (!eat(",")) fail("function '" + std::string(name) + "' takes two arguments");
    const std::int64_t b = conditional();
    if (!eat(")")) fail("missing ')' after the arguments of '" + std::string(name) + "'");
    if (name == "min") return std::min(a, b);
    if (name == "max") return std::max(a, b);
    if (name == "pow") {
      if (b < 0 || b > 62) fail("pow exponent " + std::to_string(b) + " out of range 0..62");
      std::int64_t v = 1;
      for (std::int64_t i = 0; i < b; ++i) v *= a;
      return v;
    }
    fail("unknown function '" + std::string(name) + "'");
  }

  std::string_view text_;
  const FormulaVariables& vars_;
  std::size_t pos_ = 0;
  int skipping_ = 0;  // > 0 inside the branch of a conditional that is not taken
};

/// Pattern expansion: seq := item*; item := atom ('^' power)?
class PatternExpander {
 public:
  PatternExpander(std::string_view text, const FormulaVariables& vars,
                  const std::map<std::string, std::string, std::less<>>& blocks,
                  std::size_t max_length, int depth)
      : text_(text), vars_(vars), blocks_(blocks), max_length_(max_length), depth_(depth) {}

  std::vector<Value> expand_all() {
    auto out = sequence();
    skip_space();
    if (pos_ != text_.size()) fail("unexpected '" + std::string(text_.substr(pos_, 1)) + "'");
    return out;
  }

 private:
  [[noreturn]] void fail(const std::string& why) const {
    throw FormulaError("pattern '" + std::string(text_) + "': " + why);
  }
  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  std::vector<Value> sequence() {
    std::vector<Value> out;
    for (;;) {
      skip_space();
      if (pos_ == text_.size() || text_[pos_] == ')' || text_[pos_] == ']') return out;
      auto item = atom();
      skip_space();
      if (pos_ < text_.size() && text_[pos_] == '^') {
        ++pos_;
        const std::int64_t times = power();
        if (times < 0) fail("negative power " + std::to_string(times));
        if (!item.empty() && static_cast<std::size_t>(times) > max_length_ / item.size()) {
          fail("longer than " + std::to_string(max_length_) + " values");
        }
        std::vector<Value> repeated;
        repeated.reserve(item.size() * static_cast<std::size_t>(times));
        for (std::int64_t i = 0; i < times; ++i)
          repeated.insert(repeated.end(), item.begin(), item.end());
        item = std::move(repeated);
      }
      out.insert(out.end(), item.begin(), item.end());
      if (out.size() > max_length_) fail("longer than " + std::to_string(max_length_) + " values");
    }
  }
  std::vector<Value> atom() {
    const char c = text_[pos_];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      ++pos_;
      return {static_cast<Value>(c - '0')};
    }
    if (c == '(' || c == '[') {
      const char close = c == '(' ? ')' : ']';
      ++pos_;
      auto inner = sequence();
      if (pos_ >= text_.size() || text_[pos_] != close)
        fail(std::string("missing '") + close + "'");
      ++pos_;
      return inner;
    }
    if (std::isupper(static_cast<unsigned char>(c))) {
      ++pos_;
      auto it = blocks_.find(std::string(1, c));
      if (it == blocks_.end()) fail(std::string("unknown block '") + c + "'");
      if (depth_ > 8) fail("blocks nested too deeply");
      return PatternExpander(it->second, vars_, blocks_, max_length_, depth_ + 1).expand_all();
    }
    fail("unexpected '" + std::string(1, c) + "'");
  }
  std::int64_t power() {
    skip_space();
    if (pos_ >= text_.size()) fail("missing power after '^'");
    const char c = text_[pos_];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      ++pos_;
      return c - '0';
    }
    if (std::islower(static_cast<unsigned char>(c))) {
      ++pos_;
      auto it = vars_.find(std::string(1, c));
      if (it == vars_.end()) fail(std::string("unknown variable '") + c + "'");
      return it->second;
    }
    if (c == '{') {
      const std::size_t close = text_.find('}', pos_);
      if (close == std::string_view::npos) fail("missing '}'");
      const auto inner = text_.substr(pos_ + 1, close - pos_ - 1);
      pos_ = close + 1;
      return evaluate_expression(inner, vars_);
    }
    fail("bad power '" + std::string(1, c) + "'");
  }

  std::string_view text_;
  const FormulaVariables& vars_;
  const std::map<std::string, std::string, std::less<>>& blocks_;
  std::size_t max_length_;
  int depth_;
  std::size_t pos_ = 0;
};

}  // namespace

std::int64_t evaluate_expression(std::string_view text, const FormulaVariables& vars) {
  return ExpressionParser(text, vars).parse_all();
}

std::vector<Value> expand_pattern(std::string_view text, const FormulaVariables& vars,
                                  const std::map<std::string, std::string, std::less<>>& blocks,
                                  std::size_t max_length) {
  return PatternExpander(text, vars, blocks, max_length, 0).expand_all();
}

}  // namespace igv
