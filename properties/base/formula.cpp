#include "properties/base/formula.h"

#include <cctype>
#include <limits>

namespace igv {

struct Formula::Node {
  enum class Kind { number, variable, unary_minus, binary, call, game } kind = Kind::number;
  std::int64_t number = 0;
  std::size_t variable = 0;
  std::string op;    ///< binary operator, or the function's name
  std::string spec;  ///< for G("SPEC", …)
  std::vector<std::shared_ptr<const Node>> args;
};

namespace {

using NodePtr = std::shared_ptr<const Formula::Node>;
using Node = Formula::Node;

constexpr std::size_t kMaxLength = 4096;
constexpr int kMaxDepth = 64;

class Parser {
 public:
  Parser(std::string_view text, const std::vector<std::string>& variables)
      : s_(text), vars_(variables) {}

  NodePtr parse() {
    auto n = comparison();
    skip();
    if (i_ != s_.size()) fail("unexpected '" + std::string(1, s_[i_]) + "'");
    return n;
  }

 private:
  std::string_view s_;
  const std::vector<std::string>& vars_;
  std::size_t i_ = 0;
  int depth_ = 0;

  [[noreturn]] void fail(const std::string& what) const {
    throw FormulaError("formula, at character " + std::to_string(i_ + 1) + ": " + what);
  }
  void skip() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  static bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
  /// Consumes `tok` (a symbol, or a word not followed by a word character).
  bool accept(std::string_view tok) {
    skip();
    if (s_.substr(i_, tok.size()) != tok) return false;
    if (word_char(tok.front())) {
      const std::size_t end = i_ + tok.size();
      if (end < s_.size() && word_char(s_[end])) return false;
    }
    i_ += tok.size();
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
    Parser& p_;
  };
  static NodePtr binary(std::string op, NodePtr a, NodePtr b) {
    auto n = std::make_shared<Node>();
    n->kind = Node::Kind::binary;
    n->op = std::move(op);
    n->args = {std::move(a), std::move(b)};
    return n;
  }

  NodePtr comparison() {
    Depth d(*this);
    auto a = bit_or();
    for (const char* op : {"==", "!=", "<=", ">=", "<", ">"}) {
      if (accept(op)) {
        auto b = bit_or();
        skip();
        for (const char* again : {"==", "!=", "<", ">"}) {
          if (s_.substr(i_, std::string_view(again).size()) == again)
            fail("comparisons do not chain: write (a < b) and (b < c)");
        }
        return binary(op, a, b);
      }
    }
    return a;
  }
  NodePtr bit_or() {
    auto a = bit_xor();
    while (accept("or")) a = binary("or", a, bit_xor());
    return a;
  }
  NodePtr bit_xor() {
    auto a = bit_and();
    while (accept("xor")) a = binary("xor", a, bit_and());
    return a;
  }
  NodePtr bit_and() {
    auto a = sum();
    while (accept("and")) a = binary("and", a, sum());
    return a;
  }
  NodePtr sum() {
    auto a = product();
    while (true) {
      if (accept("+")) {
        a = binary("+", a, product());
      } else if (accept("-")) {
        a = binary("-", a, product());
      } else {
        return a;
      }
    }
  }
  NodePtr product() {
    auto a = unary();
    while (true) {
      if (accept("*")) {
        a = binary("*", a, unary());
      } else if (accept("//")) {
        a = binary("//", a, unary());
      } else if (accept("%")) {
        a = binary("%", a, unary());
      } else if (skip(), i_ < s_.size() && s_[i_] == '/') {
        fail("'/' is not an operator: floor division is '//'");
      } else {
        return a;
      }
    }
  }
  NodePtr unary() {
    Depth d(*this);
    if (accept("-")) {
      auto n = std::make_shared<Node>();
      n->kind = Node::Kind::unary_minus;
      n->args = {unary()};
      return n;
    }
    return primary();
  }
  NodePtr primary() {
    skip();
    if (i_ >= s_.size()) fail("unexpected end of the formula");
    if (accept("(")) {
      auto n = comparison();
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
      auto n = std::make_shared<Node>();
      n->number = v;
      return n;
    }
    if (!word_char(c)) fail("unexpected '" + std::string(1, c) + "'");
    std::size_t start = i_;
    while (i_ < s_.size() && word_char(s_[i_])) ++i_;
    const std::string name(s_.substr(start, i_ - start));
    for (std::size_t k = 0; k < vars_.size(); ++k) {
      if (name == vars_[k]) {
        auto n = std::make_shared<Node>();
        n->kind = Node::Kind::variable;
        n->variable = k;
        return n;
      }
    }
    if (name == "G" || name == "O") return game_call(name);
    if (name == "min" || name == "max" || name == "abs" || name == "if") return call(name);
    std::string known;
    for (const auto& v : vars_) known += v + ", ";
    i_ = start;
    fail("unknown name '" + name + "' (variables: " + known +
         "functions: min, max, abs, if, G, O; operators: + - * // % xor and or == != < <= > >=)");
  }
  NodePtr call(const std::string& name) {
    expect("(");
    auto n = std::make_shared<Node>();
    n->kind = Node::Kind::call;
    n->op = name;
    n->args.push_back(comparison());
    while (accept(",")) n->args.push_back(comparison());
    expect(")");
    const std::size_t k = n->args.size();
    if (name == "abs" && k != 1) fail("abs takes one argument");
    if (name == "if" && k != 3) fail("if takes three arguments: if(condition, then, else)");
    if ((name == "min" || name == "max") && k < 2) fail(name + " takes at least two arguments");
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
    n->kind = Node::Kind::game;
    n->op = name;
    n->spec = std::string(s_.substr(i_ + 1, close - i_ - 1));
    i_ = close + 1;
    while (accept(",")) n->args.push_back(comparison());
    expect(")");
    if (n->args.empty() || n->args.size() > 2)
      fail(name + "(\"SPEC\", a) or " + name + "(\"SPEC\", a, b): one or two coordinates");
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

std::int64_t floor_mod(std::int64_t a, std::int64_t b) {
  if (b == 0) throw FormulaError("remainder by zero");
  if (b == -1) return 0;
  std::int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

struct Calls {
  const GameValueFn& value;
  const GameValueFn& outcome;
};

std::int64_t eval(const Node& n, const std::vector<std::int64_t>& vals, const Calls& gv) {
  switch (n.kind) {
    case Node::Kind::number:
      return n.number;
    case Node::Kind::variable:
      return vals.at(n.variable);
    case Node::Kind::unary_minus: {
      const auto a = eval(*n.args[0], vals, gv);
      if (a == std::numeric_limits<std::int64_t>::min()) overflow("unary -");
      return -a;
    }
    case Node::Kind::binary: {
      const auto a = eval(*n.args[0], vals, gv);
      const auto b = eval(*n.args[1], vals, gv);
      std::int64_t r = 0;
      const std::string& op = n.op;
      if (op == "+") {
        if (__builtin_add_overflow(a, b, &r)) overflow("+");
      } else if (op == "-") {
        if (__builtin_sub_overflow(a, b, &r)) overflow("-");
      } else if (op == "*") {
        if (__builtin_mul_overflow(a, b, &r)) overflow("*");
      } else if (op == "//") {
        r = floor_div(a, b);
      } else if (op == "%") {
        r = floor_mod(a, b);
      } else if (op == "xor") {
        r = a ^ b;
      } else if (op == "and") {
        r = a & b;
      } else if (op == "or") {
        r = a | b;
      } else if (op == "==") {
        r = a == b;
      } else if (op == "!=") {
        r = a != b;
      } else if (op == "<") {
        r = a < b;
      } else if (op == "<=") {
        r = a <= b;
      } else if (op == ">") {
        r = a > b;
      } else if (op == ">=") {
        r = a >= b;
      } else {
        throw FormulaError("unknown operator " + op);
      }
      return r;
    }
    case Node::Kind::call: {
      if (n.op == "if") {
        return eval(*n.args[0], vals, gv) != 0 ? eval(*n.args[1], vals, gv)
                                               : eval(*n.args[2], vals, gv);
      }
      if (n.op == "abs") {
        const auto a = eval(*n.args[0], vals, gv);
        if (a == std::numeric_limits<std::int64_t>::min()) overflow("abs");
        return a < 0 ? -a : a;
      }
      std::int64_t r = eval(*n.args[0], vals, gv);
      for (std::size_t k = 1; k < n.args.size(); ++k) {
        const auto b = eval(*n.args[k], vals, gv);
        r = n.op == "min" ? std::min(r, b) : std::max(r, b);
      }
      return r;
    }
    case Node::Kind::game: {
      const GameValueFn& fn = n.op == "O" ? gv.outcome : gv.value;
      if (!fn)
        throw FormulaError(n.op + "(\"" + n.spec + "\", …): no game " +
                           (n.op == "O" ? "outcomes" : "values") + " in this context");
      std::vector<std::int64_t> coords;
      for (const auto& a : n.args) coords.push_back(eval(*a, vals, gv));
      return fn(n.spec, coords);
    }
  }
  throw FormulaError("unknown node");
}

void collect_games(const Node& n, const std::string& which, std::vector<std::string>& out) {
  if (n.kind == Node::Kind::game && n.op == which) out.push_back(n.spec);
  for (const auto& a : n.args) collect_games(*a, which, out);
}

}  // namespace

Formula Formula::parse(std::string_view text, std::vector<std::string> variables) {
  if (text.size() > kMaxLength) throw FormulaError("formula longer than 4096 characters");
  Formula f;
  f.text_ = std::string(text);
  f.variables_ = std::move(variables);
  Parser p(f.text_, f.variables_);
  f.root_ = p.parse();
  return f;
}

std::int64_t Formula::evaluate(const std::vector<std::int64_t>& values,
                               const GameValueFn& game_value,
                               const GameValueFn& game_outcome) const {
  if (values.size() != variables_.size())
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

}  // namespace igv
