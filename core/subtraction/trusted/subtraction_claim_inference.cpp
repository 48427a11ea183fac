// The rules from an accepted subtraction-game certificate (subtraction:S, subtraction-misere:S)
// to the claims of properties/subtraction/subtraction_claim_checkers_{outcomes,formulas}.cpp
// (core/CERTIFICATES.md, "From a certificate to a claim"): the checker establishes G with its
// least preperiod l and period p. The printed formulas of subtraction.formula are read by a small
// reader of their own (a subset of properties/subtraction/subtraction_formula.h: integers, no
// variables), written apart from the claim checker's.
#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include "core/base/trusted/claim_inference.h"

namespace igv {

namespace {

const ProvedPeriod& subtraction_g(const std::string& game,
                                  const std::vector<ProvedPeriod>& proved) {
  if (!game.starts_with("subtraction:") && !game.starts_with("subtraction-misere:"))
    throw std::invalid_argument("the certificate is of " + game + ", not a subtraction game");
  if (proved.size() != 1) throw std::invalid_argument("the certificate does not establish one G");
  return proved.front();
}

/// The finite S of a game "subtraction:1,3,4".
std::vector<std::int64_t> finite_set(const std::string& game) {
  const std::string list = game.substr(game.find(':') + 1);
  std::vector<std::int64_t> s;
  std::size_t at = 0;
  while (at <= list.size()) {
    const std::size_t comma = std::min(list.find(',', at), list.size());
    const std::string item = list.substr(at, comma - at);
    if (item.empty() || item.size() > 12 ||
        !std::all_of(item.begin(), item.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
      throw std::invalid_argument("the game " + game + " has no finite set S");
    s.push_back(std::stoll(item));
    at = comma + 1;
  }
  return s;
}

Inference same_game(const ClaimStatement& c, const std::string& game) {
  const auto claimed = c.params.at("game").get<std::string>();
  if (claimed != game)
    return not_inferred("the certificate is of " + game + ", the claim of " + claimed);
  return inferred("");
}

Inference outcome_residues(const ClaimStatement& c, const std::string& game,
                           const std::vector<ProvedPeriod>& proved) {
  if (auto same = same_game(c, game); !same.holds) return same;
  const ProvedPeriod& g = subtraction_g(game, proved);
  const std::int64_t modulus = claim_integer(c.asserted, "modulus");
  if (modulus < 1) throw std::invalid_argument("modulus below 1");
  std::set<std::int64_t> residues;
  for (const auto& r : c.asserted.at("p_residues")) residues.insert(r.get<std::int64_t>());
  // P-ness repeats with p from l, the residues with m: l + lcm(p, m) heaps decide every n.
  const std::int64_t end = g.preperiod + inference_lcm(g.period, modulus);
  for (std::int64_t n = 0; n < end; ++n) {
    const bool p_position = established_value(g, n) == 0;
    if (p_position != (residues.count(n % modulus) > 0))
      return not_inferred("heap " + std::to_string(n) + " is " + (p_position ? "P" : "N") +
                          ", the residues say otherwise");
  }
  return inferred("P-positions are n mod " + std::to_string(modulus) + " in " +
                  c.asserted.at("p_residues").dump() + " (" + std::to_string(end) + " heaps)");
}
const InferenceRegistrar outcome_residues_rule("subtraction.outcome_residues", outcome_residues);

Inference takeaway_formula(const ClaimStatement& c, const std::string& game,
                           const std::vector<ProvedPeriod>& proved) {
  if (auto same = same_game(c, game); !same.holds) return same;
  const ProvedPeriod& g = subtraction_g(game, proved);
  const auto s = finite_set(game);
  const std::int64_t modulus = claim_integer(c.params, "modulus");
  if (modulus < 1) throw std::invalid_argument("modulus below 1");
  // First-player wins W(n) = [G(n) != 0], W(m) = 1 for m < 0: the recursion
  // W(n) = 1 - prod_{s in S} W(n - s) and the closed form [m does not divide n] both repeat with
  // lcm(p, m) from l + s_k: that many heaps decide every n.
  const std::int64_t end = g.preperiod + s.back() + inference_lcm(g.period, modulus);
  const auto wins = [&](std::int64_t n) { return n < 0 || established_value(g, n) != 0; };
  for (std::int64_t n = 0; n < end; ++n) {
    bool all_win = true;
    for (const auto x : s) all_win = all_win && wins(n - x);
    const bool recursion = !all_win;
    const bool closed_form = n % modulus != 0;
    if (wins(n) != recursion || wins(n) != closed_form)
      return not_inferred("heap " + std::to_string(n) + ": W(n) = " + std::to_string(wins(n)) +
                          ", recursion " + std::to_string(recursion) + ", closed form " +
                          std::to_string(closed_form));
  }
  return inferred("W(n) = 1 - prod W(n - s) = [" + std::to_string(modulus) +
                  " does not divide n] on " + std::to_string(end) + " heaps, hence for every n");
}
const InferenceRegistrar takeaway_formula_rule("subtraction.takeaway_formula", takeaway_formula);

Inference complement_strategy(const ClaimStatement& c, const std::string& game,
                              const std::vector<ProvedPeriod>& proved) {
  if (auto same = same_game(c, game); !same.holds) return same;
  const ProvedPeriod& g = subtraction_g(game, proved);
  const auto s = finite_set(game);
  const std::int64_t m = claim_integer(c.params, "modulus");
  if (m < 1) throw std::invalid_argument("modulus below 1");
  const auto in_s = [&](std::int64_t x) { return std::binary_search(s.begin(), s.end(), x); };
  // From a multiple n of m every take x is answered by m - x (a legal take back to n - m, a
  // P-position); from any other n the take n mod m leaves a multiple, a P-position. The moves
  // depend on n mod m and P-ness repeats with p from l: l + m + lcm(p, m) heaps decide every n.
  const std::int64_t end = g.preperiod + m + inference_lcm(g.period, m);
  for (std::int64_t n = 0; n < end; ++n) {
    if (n % m == 0) {
      for (const auto x : s) {
        if (x > n) continue;
        if (!in_s(m - x) || m - x > n - x || established_value(g, n - m) != 0)
          return not_inferred("from heap " + std::to_string(n) + " the take " + std::to_string(x) +
                              " has no answer " + std::to_string(m - x) + " to a P-position");
      }
    } else if (!in_s(n % m) || established_value(g, n - n % m) != 0) {
      return not_inferred("from heap " + std::to_string(n) + " the take " + std::to_string(n % m) +
                          " does not leave a P-position");
    }
  }
  return inferred("the complement strategy works on " + std::to_string(end) +
                  " heaps, hence for every n");
}
const InferenceRegistrar complement_strategy_rule("subtraction.complement_strategy",
                                                  complement_strategy);

// ----- the printed formulas, without variables -----

/// An integer expression: numbers, + - * / (exact) // %, parentheses, unary minus.
class Expression {
 public:
  explicit Expression(std::string_view text) : t_(text) {}
  std::int64_t value() {
    const std::int64_t v = sum();
    skip();
    if (at_ < t_.size()) fail("unexpected '" + std::string(1, t_[at_]) + "'");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& why) const {
    throw std::invalid_argument("the expression '" + std::string(t_) + "': " + why);
  }
  void skip() {
    while (at_ < t_.size() && t_[at_] == ' ') ++at_;
  }
  static std::int64_t checked(__int128 v) {
    if (v > (std::int64_t{1} << 50) || v < -(std::int64_t{1} << 50))
      throw std::invalid_argument("an expression beyond 2^50");
    return static_cast<std::int64_t>(v);
  }
  std::int64_t sum() {
    std::int64_t v = product();
    for (;;) {
      skip();
      if (at_ < t_.size() && (t_[at_] == '+' || t_[at_] == '-')) {
        const char op = t_[at_++];
        const std::int64_t w = product();
        v = checked(op == '+' ? __int128{v} + w : __int128{v} - w);
      } else {
        return v;
      }
    }
  }
  std::int64_t product() {
    std::int64_t v = unary();
    for (;;) {
      skip();
      if (at_ >= t_.size()) return v;
      if (t_.substr(at_, 2) == "//") {
        at_ += 2;
        const std::int64_t w = unary();
        if (w == 0) fail("division by zero");
        v = v / w - ((v % w != 0 && ((v < 0) != (w < 0))) ? 1 : 0);
      } else if (t_[at_] == '*' || t_[at_] == '/' || t_[at_] == '%') {
        const char op = t_[at_++];
        const std::int64_t w = unary();
        if (op == '*') {
          v = checked(__int128{v} * w);
        } else {
          if (w == 0) fail("division by zero");
          if (op == '/') {
            if (v % w != 0) fail("an inexact division");
            v /= w;
          } else {
            v = ((v % w) + w) % w;
          }
        }
      } else {
        return v;
      }
    }
  }
  std::int64_t unary() {
    skip();
    if (at_ < t_.size() && t_[at_] == '-') {
      ++at_;
      return -unary();
    }
    if (at_ < t_.size() && t_[at_] == '(') {
      ++at_;
      const std::int64_t v = sum();
      skip();
      if (at_ >= t_.size() || t_[at_] != ')') fail("a '(' without its ')'");
      ++at_;
      return v;
    }
    const std::size_t start = at_;
    while (at_ < t_.size() && t_[at_] >= '0' && t_[at_] <= '9') ++at_;
    if (at_ == start) fail("a number was expected (variables are not read by the rule)");
    if (at_ - start > 15) fail("a number of more than 15 digits");
    return std::stoll(std::string(t_.substr(start, at_ - start)));
  }
  std::string_view t_;
  std::size_t at_ = 0;
};

std::int64_t expression(const nlohmann::json& j) {
  if (j.is_number_integer()) return j.get<std::int64_t>();
  return Expression(j.get<std::string>()).value();
}

/// A pattern: a digit is a value, an upper-case letter a block, (…) and […] group, `^` raises
/// the item before it to a power (one digit, or {expression}).
class Pattern {
 public:
  Pattern(const std::map<std::string, std::string>& blocks, int depth)
      : blocks_(blocks), depth_(depth) {}
  std::vector<Value> expand(std::string_view text) {
    if (depth_ > 16) throw std::invalid_argument("blocks nested more than 16 deep");
    t_ = text;
    at_ = 0;
    auto out = sequence(false);
    if (at_ < t_.size()) throw std::invalid_argument("unbalanced brackets in a pattern");
    return out;
  }

 private:
  void skip() {
    while (at_ < t_.size() && t_[at_] == ' ') ++at_;
  }
  std::vector<Value> sequence(bool inner) {
    std::vector<Value> out;
    for (;;) {
      skip();
      if (at_ >= t_.size()) {
        if (inner) throw std::invalid_argument("a group without its closing bracket");
        return out;
      }
      const char ch = t_[at_];
      if (ch == ')' || ch == ']') {
        if (!inner) throw std::invalid_argument("a closing bracket without its group");
        return out;
      }
      std::vector<Value> item;
      if (ch >= '0' && ch <= '9') {
        item = {ch - '0'};
        ++at_;
      } else if (ch >= 'A' && ch <= 'Z') {
        const auto it = blocks_.find(std::string(1, ch));
        if (it == blocks_.end())
          throw std::invalid_argument("no block named " + std::string(1, ch));
        Pattern inner_pattern(blocks_, depth_ + 1);
        item = inner_pattern.expand(it->second);
        ++at_;
      } else if (ch == '(' || ch == '[') {
        ++at_;
        item = sequence(true);
        const char close = ch == '(' ? ')' : ']';
        if (at_ >= t_.size() || t_[at_] != close)
          throw std::invalid_argument("a group closed by the wrong bracket");
        ++at_;
      } else {
        throw std::invalid_argument("the pattern character '" + std::string(1, ch) +
                                    "' is not read by the rule (variables are not)");
      }
      skip();
      std::int64_t power = 1;
      if (at_ < t_.size() && t_[at_] == '^') {
        ++at_;
        skip();
        if (at_ < t_.size() && t_[at_] >= '0' && t_[at_] <= '9') {
          power = t_[at_++] - '0';
        } else if (at_ < t_.size() && t_[at_] == '{') {
          const std::size_t close = t_.find('}', at_);
          if (close == std::string_view::npos) throw std::invalid_argument("a '{' without '}'");
          power = Expression(t_.substr(at_ + 1, close - at_ - 1)).value();
          at_ = close + 1;
        } else {
          throw std::invalid_argument("a power that is neither a digit nor {expression}");
        }
        if (power < 0) throw std::invalid_argument("a negative power");
      }
      if (static_cast<std::int64_t>(out.size() + item.size() * static_cast<std::size_t>(power)) >
          kLongestInference)
        throw std::invalid_argument("a pattern longer than 2^26 values");
      for (std::int64_t k = 0; k < power; ++k) out.insert(out.end(), item.begin(), item.end());
    }
  }
  const std::map<std::string, std::string>& blocks_;
  int depth_;
  std::string_view t_;
  std::size_t at_ = 0;
};

Inference formula(const ClaimStatement& c, const std::string& game,
                  const std::vector<ProvedPeriod>& proved) {
  for (const char* key : {"vars", "let", "where"}) {
    if (c.params.contains(key) && !(c.params[key].is_array() && c.params[key].empty()))
      return not_inferred(std::string("a formula with '") + key +
                          "' is verified case by case, never proved from one certificate");
  }
  const auto& a = c.asserted;
  for (const char* key : {"rows", "pattern"}) {
    if (a.contains(key))
      throw std::invalid_argument(std::string("asserted '") + key + "' is not read by the rule");
  }
  // The game: S from the stated expressions, the play.
  std::set<std::int64_t> s;
  for (const auto& e : c.params.at("set")) {
    const std::int64_t x = expression(e);
    if (x < 1) throw std::invalid_argument("an element of S below 1");
    s.insert(x);
  }
  const std::string play =
      c.params.contains("play") ? c.params["play"].get<std::string>() : "normal";
  std::string claimed = play == "misere" ? "subtraction-misere:" : "subtraction:";
  bool first = true;
  for (const auto x : s) {
    claimed += (first ? "" : ",") + std::to_string(x);
    first = false;
  }
  if (claimed != game)
    return not_inferred("the certificate is of " + game + ", the claim of " + claimed);
  const ProvedPeriod& g = subtraction_g(game, proved);
  if (a.contains("preperiod") && expression(a["preperiod"]) != g.preperiod)
    return not_inferred("preperiod printed " + a["preperiod"].dump() + ", established " +
                        std::to_string(g.preperiod));
  if (a.contains("period") && expression(a["period"]) != g.period)
    return not_inferred("period printed " + a["period"].dump() + ", established " +
                        std::to_string(g.period));
  if (a.contains("period_any_of")) {
    bool any = false;
    for (const auto& e : a["period_any_of"]) any = any || expression(e) == g.period;
    if (!any)
      return not_inferred("period " + std::to_string(g.period) + " is none of " +
                          a["period_any_of"].dump());
  }
  if (a.contains("cycle")) {
    std::map<std::string, std::string> blocks;
    for (const auto* source : {&c.params, &a}) {
      if (source->is_object() && source->contains("blocks")) {
        for (const auto& [name, text] : source->at("blocks").items())
          blocks[name] = text.get<std::string>();
      }
    }
    Pattern reader(blocks, 0);
    const auto prefix =
        a.contains("prefix") ? reader.expand(a["prefix"].get<std::string>()) : std::vector<Value>{};
    const auto cycle = reader.expand(a["cycle"].get<std::string>());
    if (cycle.empty()) throw std::invalid_argument("an empty cycle");
    // prefix·cycle·cycle·… and G both repeat from max(l, |prefix|), with |cycle| and p:
    // max(l, |prefix|) + lcm(p, |cycle|) values decide every n.
    const auto pre = static_cast<std::int64_t>(prefix.size());
    const auto per = static_cast<std::int64_t>(cycle.size());
    const std::int64_t end = std::max(g.preperiod, pre) + inference_lcm(g.period, per);
    for (std::int64_t n = 0; n < end; ++n) {
      const Value printed = n < pre ? prefix[static_cast<std::size_t>(n)]
                                    : cycle[static_cast<std::size_t>((n - pre) % per)];
      if (printed != established_value(g, n))
        return not_inferred("G(" + std::to_string(n) +
                            ") = " + std::to_string(established_value(g, n)) +
                            ", the pattern says " + std::to_string(printed));
    }
  } else if (!a.contains("preperiod") && !a.contains("period") && !a.contains("period_any_of")) {
    throw std::invalid_argument("asserted states none of preperiod, period, period_any_of, cycle");
  }
  return inferred("the printed sequence is G of " + game + " (period " + std::to_string(g.period) +
                  " from " + std::to_string(g.preperiod) + ")");
}
const InferenceRegistrar formula_rule("subtraction.formula", formula);

}  // namespace

}  // namespace igv
