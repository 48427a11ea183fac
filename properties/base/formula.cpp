#include "properties/base/formula.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>

namespace igv {

namespace {
enum class Op {
  add,
  sub,
  mul,
  floordiv,
  mod,
  pow,
  bxor,
  band,
  bor,
  lt,
  le,
  gt,
  ge,
  eq,
  ne,
  land,
  lor,
  realdiv  ///< `/`, only inside floor(…) or ceil(…)
};

/// The exact real arguments floor(…) and ceil(…) take.
enum class Real { plain, div, times_phi, times_phi2, over_phi, sqrt };
}  // namespace

struct Formula::Node {
  enum class Kind {
    number,
    variable,
    neg,
    lnot,
    binary,
    compare,
    call,
    game,
    aggregate,
    phi,  ///< φ, only inside floor(…) or ceil(…)
    real  ///< floor(…) or ceil(…) of an exact real (`real`), args its integer operands
  } kind = Kind::number;
  std::int64_t number = 0;
  std::size_t variable = 0;
  Op op = Op::add;
  std::vector<Op> ops;  ///< a chain of comparisons
  std::string name;     ///< the function's or aggregate's name, G or O, a variable's name
  std::string spec;     ///< for G("SPEC", …)
  Real real = Real::plain;
  bool ceil = false;
  std::vector<std::shared_ptr<const Node>> args;
};

namespace {

using NodePtr = std::shared_ptr<const Formula::Node>;
using Node = Formula::Node;
using Kind = Node::Kind;

constexpr std::size_t kMaxLength = 4096;
constexpr int kMaxDepth = 64;

const char* op_text(Op op) {
  switch (op) {
    case Op::add:
      return "+";
    case Op::sub:
      return "-";
    case Op::mul:
      return "*";
    case Op::floordiv:
      return "//";
    case Op::mod:
      return "%";
    case Op::pow:
      return "^";
    case Op::bxor:
      return "xor";
    case Op::band:
      return "&";
    case Op::bor:
      return "|";
    case Op::lt:
      return "<";
    case Op::le:
      return "<=";
    case Op::gt:
      return ">";
    case Op::ge:
      return ">=";
    case Op::eq:
      return "==";
    case Op::ne:
      return "!=";
    case Op::land:
      return "and";
    case Op::lor:
      return "or";
    case Op::realdiv:
      return "/";
  }
  return "?";
}

const std::vector<std::string>& function_names() {
  static const std::vector<std::string> names{
      "min", "max", "abs",     "if",       "isqrt",   "floor",   "ceil",    "count",
      "G",   "O",   "sqrt",    "popcount", "phi",     "not",     "and",     "or",
      "xor", "k",   "xor_all", "sum_all",  "max_all", "min_all", "prod_all"};
  return names;
}

bool is_aggregate(const std::string& name) {
  return name == "xor_all" || name == "sum_all" || name == "max_all" || name == "min_all" ||
         name == "prod_all";
}

class Parser {
 public:
  /// `legacy`: the format-1 dialect. `permissive`: any other name is a variable (the legacy
  /// comparison reads formulas without knowing their domain).
  Parser(std::string_view text, const FormulaNames& names, bool legacy, bool permissive)
      : s_(text), names_(names), legacy_(legacy), permissive_(permissive) {}

  NodePtr parse() {
    auto n = legacy_ ? legacy_comparison() : logical_or();
    skip();
    if (i_ != s_.size()) unexpected();
    return n;
  }

  /// The variable names met in permissive mode, by slot.
  std::vector<std::string> seen;

 private:
  std::string_view s_;
  const FormulaNames& names_;
  bool legacy_;
  bool permissive_;
  std::size_t i_ = 0;
  int depth_ = 0;
  int real_ = 0;  ///< inside floor(…) or ceil(…): `/`, phi and sqrt are read

  [[noreturn]] void fail(const std::string& what) const {
    throw FormulaError("formula, at character " + std::to_string(i_ + 1) + ": " + what);
  }
  [[noreturn]] void unexpected() {
    skip();
    const std::string rest(s_.substr(i_, 2));
    if (!legacy_ && rest == "&&") fail("'&&' is written 'and'");
    if (!legacy_ && rest == "||") fail("'||' is written 'or'");
    if (!legacy_ && !rest.empty() && rest[0] == '!' && rest != "!=") fail("'!' is written 'not'");
    if (!legacy_ && !rest.empty() && (rest[0] == '<' || rest[0] == '>' || rest[0] == '='))
      fail("unexpected '" + rest.substr(0, 1) + "' (comparisons: == != < <= > >=)");
    fail(i_ < s_.size() ? "unexpected '" + std::string(1, s_[i_]) + "'"
                        : std::string("unexpected end of the formula"));
  }
  void skip() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  static bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
  /// Consumes `tok` (a symbol, or a word not followed by a word character).
  bool accept(std::string_view tok) {
    skip();
    if (s_.substr(i_, tok.size()) != tok) return false;
    const std::size_t end = i_ + tok.size();
    if (word_char(tok.front())) {
      if (end < s_.size() && word_char(s_[end])) return false;
    } else if (end < s_.size()) {
      // a symbol that is the start of a longer one is not this one
      const char next = s_[end];
      if ((tok == "<" || tok == ">" || tok == "=" || tok == "!") && next == '=') return false;
      if (tok == "*" && next == '*') return false;
      if (tok == "/" && next == '/') return false;
      if (tok == "&" && next == '&') return false;
      if (tok == "|" && next == '|') return false;
    }
    i_ = end;
    return true;
  }
  void expect(std::string_view tok) {
    if (!accept(tok)) fail("expected '" + std::string(tok) + "'");
  }
  struct Depth {
    explicit Depth(Parser& p) : p_(p) {
      if (++p_.depth_ > kMaxDepth) p_.fail("nested more than 64 deep");
    }
    ~Depth() { --p_.depth_; }
    Depth(const Depth&) = delete;
    Depth& operator=(const Depth&) = delete;
    Parser& p_;
  };
  static NodePtr binary(Op op, NodePtr a, NodePtr b) {
    auto n = std::make_shared<Node>();
    n->kind = Kind::binary;
    n->op = op;
    n->args = {std::move(a), std::move(b)};
    return n;
  }
  static NodePtr number(std::int64_t v) {
    auto n = std::make_shared<Node>();
    n->number = v;
    return n;
  }

  // ---- the format-1 dialect: comparisons loosest, not chained; or, xor, and bitwise ----
  NodePtr legacy_comparison() {
    Depth d(*this);
    auto a = legacy_or();
    for (const auto& [text, op] : comparison_ops()) {
      if (accept(text)) {
        auto b = legacy_or();
        skip();
        for (const char* again : {"==", "!=", "<", ">"}) {
          if (s_.substr(i_, std::string_view(again).size()) == again)
            fail("comparisons do not chain in format 1");
        }
        auto n = std::make_shared<Node>();
        n->kind = Kind::compare;
        n->ops = {op};
        n->args = {a, b};
        return n;
      }
    }
    return a;
  }
  NodePtr legacy_or() {
    auto a = legacy_xor();
    while (accept("or")) a = binary(Op::bor, a, legacy_xor());
    return a;
  }
  NodePtr legacy_xor() {
    auto a = legacy_and();
    while (accept("xor")) a = binary(Op::bxor, a, legacy_and());
    return a;
  }
  NodePtr legacy_and() {
    auto a = sum();
    while (accept("and")) a = binary(Op::band, a, sum());
    return a;
  }

  // ---- the current language ----
  static const std::vector<std::pair<const char*, Op>>& comparison_ops() {
    static const std::vector<std::pair<const char*, Op>> ops{{"==", Op::eq}, {"!=", Op::ne},
                                                             {"<=", Op::le}, {">=", Op::ge},
                                                             {"<", Op::lt},  {">", Op::gt}};
    return ops;
  }
  NodePtr logical_or() {
    Depth d(*this);
    auto a = logical_and();
    while (accept("or")) a = binary(Op::lor, a, logical_and());
    return a;
  }
  NodePtr logical_and() {
    auto a = logical_not();
    while (accept("and")) a = binary(Op::land, a, logical_not());
    return a;
  }
  NodePtr logical_not() {
    Depth d(*this);
    if (accept("not")) {
      auto n = std::make_shared<Node>();
      n->kind = Kind::lnot;
      n->args = {logical_not()};
      return n;
    }
    return comparison();
  }
  NodePtr comparison() {
    auto a = bit_or();
    std::shared_ptr<Node> chain;
    while (true) {
      bool matched = false;
      for (const auto& [text, op] : comparison_ops()) {
        if (accept(text)) {
          if (!chain) {
            chain = std::make_shared<Node>();
            chain->kind = Kind::compare;
            chain->args = {a};
          }
          chain->ops.push_back(op);
          chain->args.push_back(bit_or());
          matched = true;
          break;
        }
      }
      if (!matched) break;
    }
    return chain ? NodePtr(chain) : a;
  }
  NodePtr bit_or() {
    auto a = bit_xor();
    while (accept("|")) a = binary(Op::bor, a, bit_xor());
    return a;
  }
  NodePtr bit_xor() {
    auto a = bit_and();
    while (accept("xor")) a = binary(Op::bxor, a, bit_and());
    return a;
  }
  NodePtr bit_and() {
    auto a = sum();
    while (accept("&")) a = binary(Op::band, a, sum());
    return a;
  }

  // ---- shared: arithmetic ----
  NodePtr sum() {
    auto a = product();
    while (true) {
      if (accept("+")) {
        a = binary(Op::add, a, product());
      } else if (accept("-")) {
        a = binary(Op::sub, a, product());
      } else {
        return a;
      }
    }
  }
  NodePtr product() {
    auto a = unary();
    while (true) {
      if (accept("*")) {
        a = binary(Op::mul, a, unary());
      } else if (accept("//")) {
        a = binary(Op::floordiv, a, unary());
      } else if (accept("%")) {
        a = binary(Op::mod, a, unary());
      } else if (accept("/")) {
        if (legacy_ || real_ == 0)
          fail(
              "'/' is exact division only inside floor(a / b) or ceil(a / b); floor division "
              "is '//'");
        a = binary(Op::realdiv, a, unary());
      } else {
        return a;
      }
    }
  }
  NodePtr unary() {
    Depth d(*this);
    if (accept("-")) {
      auto n = std::make_shared<Node>();
      n->kind = Kind::neg;
      n->args = {unary()};
      return n;
    }
    return power();
  }
  NodePtr power() {
    auto a = primary();
    if (!legacy_ && (accept("^") || accept("**"))) return binary(Op::pow, a, unary());
    return a;
  }
  NodePtr primary() {
    skip();
    if (i_ >= s_.size()) fail("unexpected end of the formula");
    if (accept("(")) {
      auto n = legacy_ ? legacy_comparison() : logical_or();
      expect(")");
      return n;
    }
    const char c = s_[i_];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      std::int64_t v = 0;
      while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) {
        if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, s_[i_] - '0', &v))
          fail("the number does not fit in 64 bits");
        ++i_;
      }
      if (i_ < s_.size() && word_char(s_[i_])) fail("a number runs into a name");
      return number(v);
    }
    if (!word_char(c)) unexpected();
    std::size_t start = i_;
    while (i_ < s_.size() && word_char(s_[i_])) ++i_;
    const std::string name(s_.substr(start, i_ - start));
    for (const auto& [var, slot] : names_.variables) {
      if (name == var) {
        auto n = std::make_shared<Node>();
        n->kind = Kind::variable;
        n->variable = slot;
        n->name = name;
        return n;
      }
    }
    for (const auto& [constant, value] : names_.constants) {
      if (name == constant) return number(value);
    }
    if (name == "G" || name == "O") return game_call(name);
    if (name == "min" || name == "max" || name == "abs" || name == "if") return call(name);
    if (!legacy_) {
      if (name == "isqrt" || name == "popcount" || name == "count") return call(name);
      if (name == "floor" || name == "ceil") return real_call(name);
      if (is_aggregate(name)) {
        if (accept("(")) expect(")");
        auto n = std::make_shared<Node>();
        n->kind = Kind::aggregate;
        n->name = name;
        return n;
      }
      if (name == "phi" || name == "sqrt") {
        if (real_ == 0) {
          i_ = start;
          fail("'" + name +
               "' is read only inside floor(…) or ceil(…): floor(n * phi), floor(n * phi^2), "
               "floor(n / phi), floor(sqrt(n)); isqrt(n) is floor(sqrt(n))");
        }
        if (name == "sqrt") return call(name);
        auto n = std::make_shared<Node>();
        n->kind = Kind::phi;
        return n;
      }
    }
    if (permissive_ && std::find(function_names().begin(), function_names().end(), name) ==
                           function_names().end()) {
      auto n = std::make_shared<Node>();
      n->kind = Kind::variable;
      n->name = name;
      auto it = std::find(seen.begin(), seen.end(), name);
      n->variable = static_cast<std::size_t>(it - seen.begin());
      if (it == seen.end()) seen.push_back(name);
      return n;
    }
    i_ = start;
    fail("unknown name '" + name + "' (variables: " + names_.listed() +
         "; functions: min, max, abs, if, isqrt, popcount, floor, ceil, count, G, O; heaps: "
         "xor_all, sum_all, max_all, min_all, prod_all; operators: + - * // % ^ xor & | == != < "
         "<= > >= not and or)");
  }
  NodePtr call(const std::string& name) {
    expect("(");
    auto n = std::make_shared<Node>();
    n->kind = Kind::call;
    n->name = name;
    const int saved = real_;
    if (name != "sqrt") real_ = 0;  // a function's arguments are integers
    n->args.push_back(legacy_ ? legacy_comparison() : logical_or());
    while (accept(",")) n->args.push_back(legacy_ ? legacy_comparison() : logical_or());
    real_ = saved;
    expect(")");
    const std::size_t k = n->args.size();
    for (const char* one : {"abs", "isqrt", "popcount", "count", "sqrt"}) {
      if (name == one && k != 1) fail(name + " takes one argument");
    }
    if (name == "if" && k != 3) fail("if takes three arguments: if(condition, then, else)");
    if ((name == "min" || name == "max") && k < 2) fail(name + " takes at least two arguments");
    return n;
  }
  /// True when `n` holds a `/`, phi or sqrt outside an exact floor/ceil.
  static bool raw_real(const Node& n) {
    if (n.kind == Kind::phi) return true;
    if (n.kind == Kind::binary && n.op == Op::realdiv) return true;
    if (n.kind == Kind::call && n.name == "sqrt") return true;
    if (n.kind == Kind::real) return false;
    return std::any_of(n.args.begin(), n.args.end(), [](const auto& a) { return raw_real(*a); });
  }
  static bool is_phi2(const Node& n) {
    return n.kind == Kind::binary && n.op == Op::pow && n.args[0]->kind == Kind::phi &&
           n.args[1]->kind == Kind::number && n.args[1]->number == 2;
  }
  NodePtr real_call(const std::string& name) {
    expect("(");
    const std::size_t at = i_;
    ++real_;
    NodePtr a = logical_or();
    --real_;
    expect(")");
    auto n = std::make_shared<Node>();
    n->kind = Kind::real;
    n->name = name;
    n->ceil = name == "ceil";
    if (a->kind == Kind::binary && a->op == Op::realdiv) {
      if (a->args[1]->kind == Kind::phi) {
        n->real = Real::over_phi;
        n->args = {a->args[0]};
      } else {
        n->real = Real::div;
        n->args = {a->args[0], a->args[1]};
      }
    } else if (a->kind == Kind::binary && a->op == Op::mul &&
               (a->args[0]->kind == Kind::phi || a->args[1]->kind == Kind::phi)) {
      n->real = Real::times_phi;
      n->args = {a->args[0]->kind == Kind::phi ? a->args[1] : a->args[0]};
    } else if (a->kind == Kind::binary && a->op == Op::mul &&
               (is_phi2(*a->args[0]) || is_phi2(*a->args[1]))) {
      n->real = Real::times_phi2;
      n->args = {is_phi2(*a->args[0]) ? a->args[1] : a->args[0]};
    } else if (a->kind == Kind::phi) {
      n->real = Real::times_phi;
      n->args = {number(1)};
    } else if (is_phi2(*a)) {
      n->real = Real::times_phi2;
      n->args = {number(1)};
    } else if (a->kind == Kind::call && a->name == "sqrt") {
      n->real = Real::sqrt;
      n->args = {a->args[0]};
    } else {
      n->real = Real::plain;
      n->args = {a};
    }
    for (const auto& arg : n->args) {
      if (raw_real(*arg)) {
        i_ = at;
        fail(name +
             "(…) takes an integer, a / b, a * phi, a * phi^2, a / phi or sqrt(a), with "
             "a and b integer expressions");
      }
    }
    return n;
  }
  NodePtr game_call(const std::string& name) {
    expect("(");
    skip();
    if (i_ >= s_.size() || s_[i_] != '"')
      fail(name + " takes a game specification in quotes first");
    const std::size_t close = s_.find('"', i_ + 1);
    if (close == std::string_view::npos) fail("unterminated game specification");
    auto n = std::make_shared<Node>();
    n->kind = Kind::game;
    n->name = name;
    n->spec = std::string(s_.substr(i_ + 1, close - i_ - 1));
    i_ = close + 1;
    const int saved = real_;
    real_ = 0;
    while (accept(",")) n->args.push_back(legacy_ ? legacy_comparison() : logical_or());
    real_ = saved;
    expect(")");
    if (n->args.empty())
      fail(name + "(\"SPEC\", a), " + name + "(\"SPEC\", a, b), …: at least one coordinate");
    if (legacy_ && n->args.size() > 2) fail("one or two coordinates in format 1");
    return n;
  }
};

[[noreturn]] void overflow(const std::string& what) {
  throw FormulaError("64-bit overflow in " + what);
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  if (b == 0) throw FormulaError("division by zero");
  if (a == std::numeric_limits<std::int64_t>::min() && b == -1) overflow("//");
  std::int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
  if (b == 0) throw FormulaError("division by zero");
  if (a == std::numeric_limits<std::int64_t>::min() && b == -1) overflow("/");
  std::int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) == (b < 0))) ++q;
  return q;
}

std::int64_t floor_mod(std::int64_t a, std::int64_t b) {
  if (b == 0) throw FormulaError("remainder by zero");
  if (b == -1) return 0;
  std::int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

std::int64_t power(std::int64_t a, std::int64_t b) {
  if (b < 0) throw FormulaError("a negative power " + std::to_string(b) + " is not an integer");
  std::int64_t r = 1;
  std::int64_t base = a;
  while (b > 0) {
    if ((b & 1) != 0 && __builtin_mul_overflow(r, base, &r)) overflow("^");
    b >>= 1;
    if (b > 0 && __builtin_mul_overflow(base, base, &base)) overflow("^");
  }
  return r;
}

__extension__ using U128 = unsigned __int128;

/// The largest r with r² ≤ v.
std::uint64_t isqrt128(U128 v) {
  auto r = static_cast<U128>(std::sqrt(static_cast<long double>(v)));
  if (r > 0xFFFF'FFFF'FFFF'FFFFULL) r = 0xFFFF'FFFF'FFFF'FFFFULL;
  while (r * r > v) --r;
  while (r < 0xFFFF'FFFF'FFFF'FFFFULL && (r + 1) * (r + 1) <= v) ++r;
  return static_cast<std::uint64_t>(r);
}

struct Calls {
  const GameValueFn& value;
  const GameValueFn& outcome;
};

bool compare(Op op, std::int64_t a, std::int64_t b) {
  switch (op) {
    case Op::lt:
      return a < b;
    case Op::le:
      return a <= b;
    case Op::gt:
      return a > b;
    case Op::ge:
      return a >= b;
    case Op::eq:
      return a == b;
    case Op::ne:
      return a != b;
    default:
      throw FormulaError("not a comparison");
  }
}

std::int64_t eval(const Node& n, const std::vector<std::int64_t>& vals, const Calls& gv);

std::int64_t eval_real(const Node& n, const std::vector<std::int64_t>& vals, const Calls& gv) {
  const std::int64_t a = eval(*n.args[0], vals, gv);
  switch (n.real) {
    case Real::plain:
      return a;
    case Real::div: {
      const std::int64_t b = eval(*n.args[1], vals, gv);
      return n.ceil ? ceil_div(a, b) : floor_div(a, b);
    }
    case Real::times_phi:
    case Real::times_phi2:
    case Real::over_phi: {
      // a·φ² = a·φ + a and a/φ = a·φ − a, φ irrational: the ceiling is the floor + 1 (a ≠ 0).
      std::int64_t f = floor_times_phi(a);
      if (n.real == Real::times_phi2 && __builtin_add_overflow(f, a, &f)) overflow("n * phi^2");
      if (n.real == Real::over_phi && __builtin_sub_overflow(f, a, &f)) overflow("n / phi");
      if (n.ceil && a != 0 && __builtin_add_overflow(f, 1, &f)) overflow(n.name);
      return f;
    }
    case Real::sqrt: {
      const std::int64_t r = integer_sqrt(a);
      return n.ceil && r * r != a ? r + 1 : r;
    }
  }
  throw FormulaError("unknown real");
}

std::int64_t eval(const Node& n, const std::vector<std::int64_t>& vals, const Calls& gv) {
  switch (n.kind) {
    case Kind::number:
      return n.number;
    case Kind::variable:
      return vals.at(n.variable);
    case Kind::neg: {
      const auto a = eval(*n.args[0], vals, gv);
      if (a == std::numeric_limits<std::int64_t>::min()) overflow("unary -");
      return -a;
    }
    case Kind::lnot:
      return eval(*n.args[0], vals, gv) == 0 ? 1 : 0;
    case Kind::binary: {
      if (n.op == Op::land)
        return eval(*n.args[0], vals, gv) != 0 && eval(*n.args[1], vals, gv) != 0 ? 1 : 0;
      if (n.op == Op::lor)
        return eval(*n.args[0], vals, gv) != 0 || eval(*n.args[1], vals, gv) != 0 ? 1 : 0;
      const auto a = eval(*n.args[0], vals, gv);
      const auto b = eval(*n.args[1], vals, gv);
      std::int64_t r = 0;
      switch (n.op) {
        case Op::add:
          if (__builtin_add_overflow(a, b, &r)) overflow("+");
          return r;
        case Op::sub:
          if (__builtin_sub_overflow(a, b, &r)) overflow("-");
          return r;
        case Op::mul:
          if (__builtin_mul_overflow(a, b, &r)) overflow("*");
          return r;
        case Op::floordiv:
          return floor_div(a, b);
        case Op::mod:
          return floor_mod(a, b);
        case Op::pow:
          return power(a, b);
        case Op::bxor:
          return a ^ b;
        case Op::band:
          return a & b;
        case Op::bor:
          return a | b;
        default:
          throw FormulaError(std::string("unknown operator ") + op_text(n.op));
      }
    }
    case Kind::compare: {
      std::int64_t a = eval(*n.args[0], vals, gv);
      for (std::size_t i = 0; i < n.ops.size(); ++i) {
        const std::int64_t b = eval(*n.args[i + 1], vals, gv);
        if (!compare(n.ops[i], a, b)) return 0;
        a = b;
      }
      return 1;
    }
    case Kind::call: {
      if (n.name == "if") {
        return eval(*n.args[0], vals, gv) != 0 ? eval(*n.args[1], vals, gv)
                                               : eval(*n.args[2], vals, gv);
      }
      if (n.name == "abs") {
        const auto a = eval(*n.args[0], vals, gv);
        if (a == std::numeric_limits<std::int64_t>::min()) overflow("abs");
        return a < 0 ? -a : a;
      }
      if (n.name == "isqrt") return integer_sqrt(eval(*n.args[0], vals, gv));
      if (n.name == "popcount") {
        const auto a = eval(*n.args[0], vals, gv);
        if (a < 0) throw FormulaError("popcount of a negative number " + std::to_string(a));
        return std::popcount(static_cast<std::uint64_t>(a));
      }
      if (n.name == "count") {
        const auto c = eval(*n.args[0], vals, gv);
        return static_cast<std::int64_t>(std::count(vals.begin(), vals.end(), c));
      }
      std::int64_t r = eval(*n.args[0], vals, gv);
      for (std::size_t k = 1; k < n.args.size(); ++k) {
        const auto b = eval(*n.args[k], vals, gv);
        r = n.name == "min" ? std::min(r, b) : std::max(r, b);
      }
      return r;
    }
    case Kind::aggregate: {
      if (vals.empty()) throw FormulaError(n.name + " of no heaps");
      std::int64_t r = n.name == "sum_all" ? 0 : n.name == "prod_all" ? 1 : vals[0];
      for (std::size_t i = 0; i < vals.size(); ++i) {
        const std::int64_t v = vals[i];
        if (n.name == "xor_all") {
          if (i > 0) r ^= v;
        } else if (n.name == "sum_all") {
          if (__builtin_add_overflow(r, v, &r)) overflow("sum_all");
        } else if (n.name == "prod_all") {
          if (__builtin_mul_overflow(r, v, &r)) overflow("prod_all");
        } else if (n.name == "max_all") {
          r = std::max(r, v);
        } else {
          r = std::min(r, v);
        }
      }
      return r;
    }
    case Kind::real:
      return eval_real(n, vals, gv);
    case Kind::phi:
      throw FormulaError("phi outside floor(…) or ceil(…)");
    case Kind::game: {
      const GameValueFn& fn = n.name == "O" ? gv.outcome : gv.value;
      if (!fn)
        throw FormulaError(n.name + "(\"" + n.spec + "\", …): no game " +
                           (n.name == "O" ? "outcomes" : "values") + " in this context");
      std::vector<std::int64_t> coords;
      for (const auto& a : n.args) coords.push_back(eval(*a, vals, gv));
      return fn(n.spec, coords);
    }
  }
  throw FormulaError("unknown node");
}

void collect_games(const Node& n, const std::string& which, std::vector<std::string>& out) {
  if (n.kind == Kind::game && n.name == which) out.push_back(n.spec);
  for (const auto& a : n.args) collect_games(*a, which, out);
}

/// 0/1 whatever its operands: then logical and bitwise and/or agree.
bool boolean_valued(const Node& n) {
  if (n.kind == Kind::compare || n.kind == Kind::lnot) return true;
  if (n.kind == Kind::number) return n.number == 0 || n.number == 1;
  if (n.kind == Kind::binary && (n.op == Op::land || n.op == Op::lor)) return true;
  if (n.kind == Kind::binary && (n.op == Op::band || n.op == Op::bor))
    return boolean_valued(*n.args[0]) && boolean_valued(*n.args[1]);
  return false;
}

/// The formula fully parenthesised in the current language; logical and/or of 0/1 operands are
/// written as the bitwise & and | they equal.
std::string canonical(const Node& n) {
  switch (n.kind) {
    case Kind::number:
      return std::to_string(n.number);
    case Kind::variable:
      return n.name;
    case Kind::neg:
      return "(-" + canonical(*n.args[0]) + ")";
    case Kind::lnot:
      return "(not " + canonical(*n.args[0]) + ")";
    case Kind::binary: {
      Op op = n.op;
      if ((op == Op::land || op == Op::lor) && boolean_valued(*n.args[0]) &&
          boolean_valued(*n.args[1]))
        op = op == Op::land ? Op::band : Op::bor;
      return "(" + canonical(*n.args[0]) + " " + op_text(op) + " " + canonical(*n.args[1]) + ")";
    }
    case Kind::compare: {
      std::string s = "(" + canonical(*n.args[0]);
      for (std::size_t i = 0; i < n.ops.size(); ++i)
        s += std::string(" ") + op_text(n.ops[i]) + " " + canonical(*n.args[i + 1]);
      return s + ")";
    }
    case Kind::real: {
      const std::string a = canonical(*n.args[0]);
      switch (n.real) {
        case Real::plain:
          return n.name + "(" + a + ")";
        case Real::div:
          return n.name + "(" + a + " / " + canonical(*n.args[1]) + ")";
        case Real::times_phi:
          return n.name + "(" + a + " * phi)";
        case Real::times_phi2:
          return n.name + "(" + a + " * phi^2)";
        case Real::over_phi:
          return n.name + "(" + a + " / phi)";
        case Real::sqrt:
          return n.name + "(sqrt(" + a + "))";
      }
      return "?";
    }
    case Kind::call:
    case Kind::game: {
      std::string s = n.name + "(";
      if (n.kind == Kind::game) s += "\"" + n.spec + "\"";
      for (std::size_t i = 0; i < n.args.size(); ++i)
        s += (i > 0 || n.kind == Kind::game ? ", " : "") + canonical(*n.args[i]);
      return s + ")";
    }
    case Kind::aggregate:
      return n.name;
    case Kind::phi:
      return "phi";
  }
  return "?";
}

}  // namespace

FormulaNames FormulaNames::plain(const std::vector<std::string>& names) {
  FormulaNames f;
  for (const auto& n : names) f.variables.emplace_back(n, f.slots++);
  return f;
}

FormulaNames FormulaNames::heaps(int k) {
  FormulaNames f;
  f.slots = static_cast<std::size_t>(k);
  if (k == 1) f.variables.emplace_back("n", 0);
  if (k == 2 || k == 3) {
    const char* xyz[] = {"x", "y", "z"};
    for (int i = 0; i < k; ++i) f.variables.emplace_back(xyz[i], static_cast<std::size_t>(i));
  }
  for (int i = 0; i < k; ++i)
    f.variables.emplace_back("x" + std::to_string(i + 1), static_cast<std::size_t>(i));
  f.constants.emplace_back("k", k);
  return f;
}

std::string FormulaNames::listed() const {
  std::string s;
  for (const auto& [name, slot] : variables) s += (s.empty() ? "" : ", ") + name;
  for (const auto& [name, value] : constants)
    s += (s.empty() ? "" : ", ") + name + " = " + std::to_string(value);
  return s.empty() ? "none" : s;
}

Formula Formula::parse(std::string_view text, const std::vector<std::string>& variables) {
  return parse(text, FormulaNames::plain(variables));
}

Formula Formula::parse(std::string_view text, const FormulaNames& names) {
  if (text.size() > kMaxLength) throw FormulaError("formula longer than 4096 characters");
  Formula f;
  f.text_ = std::string(text);
  f.slots_ = names.slots;
  Parser p(f.text_, names, /*legacy=*/false, /*permissive=*/false);
  f.root_ = p.parse();
  return f;
}

std::string Formula::legacy_difference(std::string_view text) {
  if (text.size() > kMaxLength) return "";
  const FormulaNames none;
  NodePtr old;
  try {
    Parser p(text, none, /*legacy=*/true, /*permissive=*/true);
    old = p.parse();
  } catch (const FormulaError&) {
    return "";  // not a format-1 formula: nothing to confuse it with
  }
  const std::string before = canonical(*old);
  try {
    Parser p(text, none, /*legacy=*/false, /*permissive=*/true);
    const std::string now = canonical(*p.parse());
    if (now == before) return "";
    return "in format 1 it reads " + before + ", in format 2 " + now;
  } catch (const FormulaError& e) {
    return "in format 1 it reads " + before + ", in format 2 it does not parse (" + e.what() + ")";
  }
}

std::string Formula::from_legacy(std::string_view text) {
  if (text.size() > kMaxLength) throw FormulaError("formula longer than 4096 characters");
  const FormulaNames none;
  Parser p(text, none, /*legacy=*/true, /*permissive=*/true);
  std::string s = canonical(*p.parse());
  // the outermost parentheses say nothing
  if (s.size() >= 2 && s.front() == '(' && s.back() == ')') {
    int depth = 0;
    bool whole = true;
    for (std::size_t i = 0; i < s.size(); ++i) {
      depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
      if (depth == 0 && i + 1 < s.size()) whole = false;
    }
    if (whole) s = s.substr(1, s.size() - 2);
  }
  return s;
}

std::int64_t Formula::evaluate(const std::vector<std::int64_t>& values,
                               const GameValueFn& game_value,
                               const GameValueFn& game_outcome) const {
  if (values.size() != slots_)
    throw FormulaError("formula evaluated with the wrong number of variables");
  return eval(*root_, values, Calls{game_value, game_outcome});
}

std::vector<std::string> Formula::games() const {
  std::vector<std::string> out;
  collect_games(*root_, "G", out);
  return out;
}

std::vector<std::string> Formula::outcome_games() const {
  std::vector<std::string> out;
  collect_games(*root_, "O", out);
  return out;
}

std::int64_t integer_sqrt(std::int64_t a) {
  if (a < 0) throw FormulaError("the square root of a negative number " + std::to_string(a));
  return static_cast<std::int64_t>(isqrt128(static_cast<U128>(a)));
}

std::int64_t floor_times_phi(std::int64_t n) {
  // n·φ = (n + √(5n²)) / 2; for n > 0, √(5n²) is irrational, so floor(n + √(5n²)) = n + r with
  // r = isqrt(5n²), and floor(t / 2) = floor(floor(t) / 2). For n < 0, floor(n·φ) = −floor(|n|·φ)
  // − 1. |n| < 2^63 / φ < 5.8·10^18 keeps the answer in 64 bits and 5n² below 2^128.
  if (n == 0) return 0;
  const bool negative = n < 0;
  if (n == std::numeric_limits<std::int64_t>::min()) overflow("n * phi");
  const auto m = static_cast<std::uint64_t>(negative ? -n : n);
  constexpr std::uint64_t kMost = 6'000'000'000'000'000'000ULL;  // > 2^63 / φ; 5·kMost² < 2^128
  if (m > kMost) overflow("n * phi");
  const U128 five_m2 = static_cast<U128>(m) * m * 5;
  const U128 r = isqrt128(five_m2);
  const U128 f = (static_cast<U128>(m) + r) / 2;
  if (f > static_cast<U128>(std::numeric_limits<std::int64_t>::max())) overflow("n * phi");
  const auto v = static_cast<std::int64_t>(f);
  return negative ? -v - 1 : v;
}

}  // namespace igv
