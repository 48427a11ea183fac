// Statements' TeX-like markup rendered (statement_markup.h): a small parser over a whitelist.
#include "reports/base/statement_markup.h"

#include <cctype>
#include <map>
#include <optional>
#include <set>

#include "reports/base/latex_text.h"
#include "reports/base/writers.h"

namespace igv {

namespace {

/// The length of the UTF-8 character at s[i] (1 for a stray byte).
std::size_t char_length(const std::string& s, std::size_t i) {
  const auto b = static_cast<unsigned char>(s[i]);
  std::size_t n = b < 0x80             ? 1
                  : (b & 0xE0) == 0xC0 ? 2
                  : (b & 0xF0) == 0xE0 ? 3
                  : (b & 0xF8) == 0xF0 ? 4
                                       : 1;
  return i + n <= s.size() ? n : 1;
}

/// Commands that are one symbol: their LaTeX is themselves, their HTML the character.
const std::map<std::string, std::string>& symbol_commands() {
  static const std::map<std::string, std::string> m{
      {"equiv", "≡"},   {"le", "≤"},     {"leq", "≤"},    {"ge", "≥"},       {"geq", "≥"},
      {"ne", "≠"},      {"neq", "≠"},    {"cdot", "·"},   {"times", "×"},    {"oplus", "⊕"},
      {"in", "∈"},      {"notin", "∉"},  {"mid", "|"},    {"nmid", "∤"},     {"infty", "∞"},
      {"ldots", "…"},   {"dots", "…"},   {"cdots", "⋯"},  {"to", "→"},       {"max", "max"},
      {"min", "min"},   {"mod", "mod"},  {"bmod", "mod"}, {"gcd", "gcd"},    {"lfloor", "⌊"},
      {"rfloor", "⌋"},  {"lceil", "⌈"},  {"rceil", "⌉"},  {"pm", "±"},       {"setminus", "∖"},
      {"cup", "∪"},     {"cap", "∩"},    {"subset", "⊂"}, {"subseteq", "⊆"}, {"emptyset", "∅"},
      {"alpha", "α"},   {"beta", "β"},   {"gamma", "γ"},  {"delta", "δ"},    {"varepsilon", "ε"},
      {"epsilon", "ϵ"}, {"lambda", "λ"}, {"mu", "μ"},     {"pi", "π"},       {"sigma", "σ"},
      {"tau", "τ"},     {"varphi", "φ"}, {"phi", "ϕ"},    {"omega", "ω"},    {"Gamma", "Γ"},
      {"Delta", "Δ"},   {"Sigma", "Σ"},  {"ell", "ℓ"},    {"quad", " "}};
  return m;
}

/// Commands of one argument.
const std::set<std::string>& argument_commands() {
  static const std::set<std::string> m{"overline", "underline", "mathrm",      "text",
                                       "mathcal",  "mathbb",    "bar",         "hat",
                                       "tilde",    "pmod",      "operatorname"};
  return m;
}

bool command_at(const std::string& s, std::size_t i, std::string* name = nullptr) {
  if (i >= s.size() || s[i] != '\\') return false;
  std::size_t j = i + 1;
  while (j < s.size() && std::isalpha(static_cast<unsigned char>(s[j])) != 0) ++j;
  const std::string n = s.substr(i + 1, j - i - 1);
  if (name != nullptr) *name = n;
  if (n.empty()) return j < s.size() && (s[j] == '{' || s[j] == '}');
  return symbol_commands().count(n) != 0 || argument_commands().count(n) != 0;
}

/// A Unicode character that is math (latex_text sets it in math mode), or a sub/superscript
/// digit.
bool math_unicode(const std::string& ch) {
  const std::string t = latex_text(ch);
  return (!t.empty() && t.front() == '$') || t.rfind("\\textsubscript", 0) == 0 ||
         t.rfind("\\textsuperscript", 0) == 0;
}

bool is_cjk_or_letter_of_a_script(const std::string& ch) {
  return ch.size() > 1 && !math_unicode(ch);
}

/// The renderer: LaTeX or HTML of s[i..] up to a closing brace (in a group) or the end.
class Renderer {
 public:
  Renderer(const std::string& s, bool latex) : s_(s), latex_(latex) {}

  std::optional<std::string> all() {
    std::size_t i = 0;
    auto out = sequence(i, false);
    if (!out || i != s_.size()) return std::nullopt;
    return out;
  }

 private:
  const std::string& s_;
  bool latex_;
  int depth_ = 0;

  std::string esc(const std::string& t) const { return latex_ ? t : html_text(t); }

  /// One argument: a braced group, a run of digits, or one character.
  std::optional<std::string> argument(std::size_t& i) {
    if (i >= s_.size()) return std::nullopt;
    if (s_[i] == '{') {
      ++i;
      auto inner = sequence(i, true);
      if (!inner || i >= s_.size() || s_[i] != '}') return std::nullopt;
      ++i;
      return inner;
    }
    if (s_[i] == '(') {
      // t_(m-1): the parenthesised subscript, parentheses kept.
      int d = 0;
      std::size_t j = i;
      for (; j < s_.size(); ++j) {
        d += s_[j] == '(' ? 1 : s_[j] == ')' ? -1 : 0;
        if (d == 0) break;
      }
      if (j >= s_.size()) return std::nullopt;
      const std::string inside = s_.substr(i, j + 1 - i);
      i = j + 1;
      Renderer r(inside, latex_);
      return r.all();
    }
    if (std::isdigit(static_cast<unsigned char>(s_[i])) != 0) {
      std::size_t j = i;
      while (j < s_.size() && std::isdigit(static_cast<unsigned char>(s_[j])) != 0) ++j;
      const std::string digits = s_.substr(i, j - i);
      i = j;
      return digits;
    }
    if (std::isalpha(static_cast<unsigned char>(s_[i])) != 0) {
      // One letter; a second letter after it makes an identifier (holds_from), not a script.
      if (i + 1 < s_.size() && std::isalpha(static_cast<unsigned char>(s_[i + 1])) != 0)
        return std::nullopt;
      return std::string(1, s_[i++]);
    }
    if (s_[i] == '\\') return atom(i);
    const std::size_t n = char_length(s_, i);
    if (n > 1) return atom(i);
    return std::nullopt;
  }

  /// One command, character or group.
  std::optional<std::string> atom(std::size_t& i) {
    const char c = s_[i];
    if (c == '\\') {
      std::string name;
      if (!command_at(s_, i, &name)) return std::nullopt;
      if (name.empty()) {
        const char brace = s_[i + 1];
        i += 2;
        return latex_ ? std::string("\\") + brace : std::string(1, brace);
      }
      i += 1 + name.size();
      const auto sym = symbol_commands().find(name);
      if (sym != symbol_commands().end()) {
        // \mod is amsmath's; the kernel has \bmod.
        if (latex_) return "\\" + (name == "mod" ? std::string("bmod") : name) + "{}";
        return sym->second;
      }
      while (i < s_.size() && s_[i] == ' ') ++i;
      auto arg = argument(i);
      if (!arg) return std::nullopt;
      if (latex_) {
        if (name == "text") return "\\mbox{" + *arg + "}";
        if (name == "operatorname") return "\\mathrm{" + *arg + "}";
        return "\\" + name + "{" + *arg + "}";
      }
      if (name == "overline" || name == "bar")
        return "<span class=\"overline\">" + *arg + "</span>";
      if (name == "underline") return "<span class=\"underline\">" + *arg + "</span>";
      if (name == "pmod") return " (mod " + *arg + ")";
      return *arg;
    }
    if (c == '{') {
      ++i;
      auto inner = sequence(i, true);
      if (!inner || i >= s_.size() || s_[i] != '}') return std::nullopt;
      ++i;
      return latex_ ? "{" + *inner + "}" : *inner;
    }
    if (c == '^' || c == '_') {
      ++i;
      auto arg = argument(i);
      if (!arg) return std::nullopt;
      if (latex_) return std::string(1, c) + "{" + *arg + "}";
      return (c == '^' ? "<sup>" : "<sub>") + *arg + (c == '^' ? "</sup>" : "</sub>");
    }
    if (c == '~') {
      ++i;
      return latex_ ? std::string("\\ ") : std::string(" ");
    }
    if (c == '$' || c == '\n' || c == '\r' || c == '\t') return std::nullopt;
    const std::size_t n = char_length(s_, i);
    const std::string ch = s_.substr(i, n);
    i += n;
    if (n == 1) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) return std::nullopt;
      if (!latex_) return esc(ch);
      switch (c) {
        case '%':
        case '#':
        case '&':
          return std::string("\\") + c;
        case '|':
          return std::string("|");
        case ',':
          // A line may break after a comma of a long list (5,9,21,25,29) in a narrow column.
          return std::string(",\\allowbreak{}");
        case '"':
          return std::nullopt;
        default:
          return ch;
      }
    }
    if (!math_unicode(ch)) return std::nullopt;
    if (!latex_) return esc(ch);
    const std::string t = latex_text(ch);
    if (t.rfind("\\textsubscript{", 0) == 0) return "_{" + t.substr(15, t.size() - 16) + "}";
    if (t.rfind("\\textsuperscript{", 0) == 0) return "^{" + t.substr(17, t.size() - 18) + "}";
    return t.substr(1, t.size() - 2);  // $\oplus $ → \oplus
  }

  std::optional<std::string> sequence(std::size_t& i, bool in_group) {
    if (++depth_ > 20) return std::nullopt;
    std::string out;
    while (i < s_.size()) {
      if (s_[i] == '}') {
        if (!in_group) return std::nullopt;
        break;
      }
      auto a = atom(i);
      if (!a) return std::nullopt;
      out += *a;
    }
    --depth_;
    return out;
  }
};

/// The most bytes of a span's start before its trigger (and twice that in all).
constexpr std::size_t kSpan = 300;

/// A character that may stand in a span's word: printable ASCII but space, or a math character.
bool span_char(const std::string& s, std::size_t i) {
  const auto b = static_cast<unsigned char>(s[i]);
  if (b < 0x80) return b > 0x20 && b != 0x7F && b != '"';
  return math_unicode(s.substr(i, char_length(s, i)));
}

/// The start of the UTF-8 character before s[i].
std::size_t previous(const std::string& s, std::size_t i) {
  std::size_t j = i - 1;
  while (j > 0 && (static_cast<unsigned char>(s[j]) & 0xC0) == 0x80) --j;
  return j;
}

/// True when the text from i (after spaces) goes on with the math: a relation or operator, or a
/// whitelisted command.
bool joins(const std::string& s, std::size_t i) {
  while (i < s.size() && s[i] == ' ') ++i;
  if (i >= s.size()) return false;
  if (command_at(s, i)) return true;
  static const std::set<std::string> ops{"=", "+", "<", ">", "≤", "≥", "≡",
                                         "≠", "−", "⊕", "∈", "∉", "⩽", "⩾"};
  const std::string ch = s.substr(i, char_length(s, i));
  if (ops.count(ch) == 0) return false;
  // The operator must be followed by a space or more math, not be a word's hyphen.
  return true;
}

bool ends_with_operator(const std::string& span) {
  static const std::vector<std::string> ops{"=",    "+",    "<", ">", "≤",       "≥",
                                            "≡",    "≠",    "−", "⊕", "\\equiv", "\\le",
                                            "\\ge", "\\ne", "∈", "⩽", "⩾"};
  std::string t = span;
  while (!t.empty() && t.back() == ' ') t.pop_back();
  for (const auto& o : ops) {
    if (t.size() >= o.size() && t.compare(t.size() - o.size(), o.size(), o) == 0) return true;
  }
  return false;
}

/// The span that starts a markup trigger at i, as [begin, end), or nothing.
bool trigger(const std::string& s, std::size_t i) {
  if (command_at(s, i)) return true;
  if ((s[i] == '^' || s[i] == '_') && i > 0 && i + 1 < s.size()) {
    const std::size_t p = previous(s, i);
    return span_char(s, p) && s[p] != '^' && s[p] != '_' && s[i + 1] != ' ';
  }
  return false;
}

}  // namespace

std::string markup_latex(const std::string& span) {
  Renderer r(span, true);
  auto out = r.all();
  return out ? *out : "";
}

std::string markup_html(const std::string& span) {
  Renderer r(span, false);
  auto out = r.all();
  return out ? *out : "";
}

std::vector<StatementPiece> statement_pieces(const std::string& s) {
  std::vector<StatementPiece> out;
  std::size_t done = 0;  // s[0..done) is in `out`
  std::size_t i = 0;
  while (i < s.size()) {
    if (!trigger(s, i)) {
      i += char_length(s, i);
      continue;
    }
    // Back to the start of the word (math characters only), but not before `done`.
    // Both bounded (kSpan bytes): a hostile statement of a hundred thousand `^` stays linear.
    std::size_t b = i;
    while (b > done && i - b < kSpan && span_char(s, previous(s, b))) b = previous(s, b);
    // Forward: the word, across spaces while a brace is open or the math goes on.
    std::size_t e = b;
    int depth = 0;
    while (e < s.size() && e - b < 2 * kSpan) {
      if (s[e] == ' ') {
        if (depth > 0) {
          ++e;
          continue;
        }
        if (joins(s, e) || ends_with_operator(s.substr(b, e - b))) {
          while (e < s.size() && s[e] == ' ') ++e;
          continue;
        }
        break;
      }
      if (s[e] == '\\' && e + 1 < s.size() && (s[e + 1] == '{' || s[e + 1] == '}')) {
        e += 2;
        continue;
      }
      if (!span_char(s, e)) {
        if (depth > 0 && !is_cjk_or_letter_of_a_script(s.substr(e, char_length(s, e)))) {
          e += char_length(s, e);
          continue;
        }
        break;
      }
      if (s[e] == '{') ++depth;
      if (s[e] == '}') --depth;
      if (depth < 0) break;
      e += char_length(s, e);
    }
    // Punctuation that ends a sentence or clause stays text; so do unmatched parentheses.
    while (e > i + 1 && std::string(",.;:").find(s[e - 1]) != std::string::npos) --e;
    while (e > b && s[e - 1] == ' ') --e;
    int parens = 0;
    for (std::size_t k = b; k < e; ++k) parens += s[k] == '(' ? 1 : s[k] == ')' ? -1 : 0;
    while (parens < 0 && e > i + 1 && s[e - 1] == ')') {
      --e;
      ++parens;
    }
    while (parens > 0 && b < i && s[b] == '(') {
      ++b;
      --parens;
    }
    const std::string span = s.substr(b, e - b);
    if (e <= i || e - b >= 2 * kSpan || markup_latex(span).empty()) {
      i += char_length(s, i);
      continue;
    }
    if (b > done) out.push_back({false, s.substr(done, b - done)});
    out.push_back({true, span});
    done = i = e;
  }
  if (done < s.size()) out.push_back({false, s.substr(done)});
  return out;
}

std::string latex_statement(const std::string& s, std::size_t longest) {
  std::string out;
  for (const auto& p : statement_pieces(s)) {
    out +=
        p.math && p.text.size() <= longest ? "$" + markup_latex(p.text) + "$" : latex_text(p.text);
  }
  return out;
}

std::string html_statement(const std::string& s) {
  std::string out;
  for (const auto& p : statement_pieces(s)) {
    out += p.math ? "<span class=\"math\">" + markup_html(p.text) + "</span>" : html_text(p.text);
  }
  return out;
}

}  // namespace igv
