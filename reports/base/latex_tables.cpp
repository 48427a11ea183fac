// The evidence tables of the LaTeX report as fragments that \input into a journal's class
// (article, two-column article, amsart, ...) under pdflatex and lualatex with booktabs alone
// (and longtable for a table of more than kFloatRows rows): a `table` float with a `tabular`
// when the table fits a column, a `table*` when it needs the page's width, a `longtable` when it
// is longer than a page. Headers and cells that are math are typeset as math; a column of pairs
// ("1, 0") becomes two columns, so that each cell holds one number.
#include "reports/base/latex_tables.h"

#include <algorithm>
#include <regex>
#include <sstream>

#include "reports/base/latex_text.h"
#include "reports/base/writers.h"

namespace igv {

namespace {

std::string plain(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "";
  return v.dump();
}

bool is_letter(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0;
}

/// True when `s` reads as a formula of one-letter variables: digits, single letters, + - * / ^
/// ( ) and spaces, at least one letter, no two letters side by side ("2c + 10", "c + 1").
bool is_formula(const std::string& s) {
  static const std::regex shape(R"([0-9A-Za-z +\-*/^()]+)");
  if (!std::regex_match(s, shape)) return false;
  bool letter = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (!is_letter(s[i])) continue;
    letter = true;
    if (i + 1 < s.size() && is_letter(s[i + 1])) return false;
  }
  return letter;
}

/// `s` in math mode; braces are TeX's grouping in a header (`t_{m-1}`) and set braces in a cell.
std::string math(const std::string& s, bool set_braces = true) {
  std::string out;
  for (const char c : s) {
    if (c == '*') {
      out += "\\cdot ";
    } else if (set_braces && (c == '{' || c == '}')) {
      out += std::string("\\") + c;
    } else {
      out += c;
    }
  }
  return "$" + out + "$";
}

/// One cell: a number as it is (a minus sign as math), a range a..b as a--b, a set {1,2,3} and
/// a formula as math, anything else as text.
std::string cell_text(const std::string& v) {
  static const std::regex integer(R"(-?[0-9]+(\.[0-9]+)?)");
  static const std::regex range(R"((-?[0-9]+)\.\.(-?[0-9]+))");
  static const std::regex set(R"(\{[0-9, ]*\})");
  std::smatch m;
  if (v.empty()) return "";
  if (v == "-") return "--";
  if (std::regex_match(v, integer)) return v[0] == '-' ? math(v) : v;
  if (std::regex_match(v, m, range)) return m[1].str() + "--" + m[2].str();
  if (std::regex_match(v, set) || is_formula(v)) return math(v);
  return latex_text(v);
}

/// A header as words (LaTeX, raw length): `t_m/t_{m-1}` is one math word; otherwise words split
/// at spaces and underscores, one-letter words as math ("holds_from_c" → holds from $c$,
/// "p (g)" → $p$ ($g$)).
std::vector<std::pair<std::string, std::size_t>> header_words(const std::string& h) {
  std::vector<std::pair<std::string, std::size_t>> words;
  if (h.find_first_of("{/^") != std::string::npos && h.find(' ') == std::string::npos) {
    words.emplace_back(math(h, false), h.size());
    return words;
  }
  std::istringstream in(h);
  std::string token;
  while (in >> token) {
    std::string lead, trail;
    while (!token.empty() && token.front() == '(') {
      lead += '(';
      token.erase(0, 1);
    }
    while (!token.empty() && std::string(")],:;").find(token.back()) != std::string::npos) {
      trail.insert(trail.begin(), token.back());
      token.pop_back();
    }
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= token.size(); ++i) {
      if (i == token.size() || token[i] == '_') {
        if (i > start) parts.push_back(token.substr(start, i - start));
        start = i + 1;
      }
    }
    if (parts.empty()) parts.emplace_back();
    for (std::size_t k = 0; k < parts.size(); ++k) {
      const std::string& p = parts[k];
      std::string word = p.size() == 1 && is_letter(p[0]) ? math(p) : latex_text(p);
      std::size_t length = p.size();
      if (k == 0) {
        word = lead + word;
        length += lead.size();
      }
      if (k + 1 == parts.size()) {
        word += latex_text(trail);
        length += trail.size();
      }
      words.emplace_back(word, length);
    }
  }
  return words;
}

/// A header set on lines no longer than `width` characters (but each word whole), in a nested
/// tabular when it takes more than one line.
std::string header_cell(const std::vector<std::pair<std::string, std::size_t>>& words,
                        std::size_t width, char align) {
  std::vector<std::string> lines;
  std::size_t used = 0;
  for (const auto& [word, length] : words) {
    if (!lines.empty() && used + 1 + length <= width) {
      lines.back() += " " + word;
      used += 1 + length;
    } else {
      lines.push_back(word);
      used = length;
    }
  }
  if (lines.size() == 1) return lines.front();
  std::string out = std::string("\\begin{tabular}[b]{@{}") + align + "@{}}";
  for (std::size_t i = 0; i < lines.size(); ++i) out += (i ? "\\\\" : "") + lines[i];
  return out + "\\end{tabular}";
}

struct Column {
  std::string header;
  std::vector<std::string> cells;  ///< raw values, one per row
};

/// A column whose cells are pairs "a, b" (or notes in parentheses, "(new)") split in two: the
/// header "paper: t, p (g)" becomes "paper: t (g)" and "paper: p (g)".
std::vector<Column> split_pairs(const Column& c) {
  static const std::regex pair(R"((-?[0-9]+), (-?[0-9]+))");
  static const std::regex note(R"(\(.*\))");
  static const std::regex head(R"((.*?)([A-Za-z]\w*), ([A-Za-z]\w*)(.*))");
  bool any = false;
  for (const auto& v : c.cells) {
    if (std::regex_match(v, pair)) {
      any = true;
    } else if (!v.empty() && !std::regex_match(v, note)) {
      return {c};
    }
  }
  if (!any) return {c};
  Column a, b;
  std::smatch m;
  if (std::regex_match(c.header, m, head)) {
    a.header = m[1].str() + m[2].str() + m[4].str();
    b.header = m[1].str() + m[3].str() + m[4].str();
  } else {
    a.header = c.header + " (1)";
    b.header = c.header + " (2)";
  }
  for (const auto& v : c.cells) {
    if (std::regex_match(v, m, pair)) {
      a.cells.push_back(m[1].str());
      b.cells.push_back(m[2].str());
    } else {
      a.cells.push_back(v);
      b.cells.push_back(v);
    }
  }
  return {a, b};
}

bool numeric_column(const Column& c) {
  static const std::regex number(R"(-?[0-9]+(\.[0-9]+)?|-?[0-9]+\.\.-?[0-9]+|-|\(.*\))");
  return std::all_of(c.cells.begin(), c.cells.end(),
                     [](const std::string& v) { return v.empty() || std::regex_match(v, number); });
}

}  // namespace

const char* const kLatexOneColumnUnlessGrid =
    "\\makeatletter\n"
    "\\ifdefined\\pagegrid@col\\let\\igvcolumnsagain\\relax\n"
    "\\else\\if@twocolumn\\onecolumn\\let\\igvcolumnsagain\\twocolumn"
    "\\else\\let\\igvcolumnsagain\\relax\\fi\\fi\n"
    "\\makeatother\n";

const char* const kLatexOneColumn =
    "\\makeatletter\n"
    "\\ifdefined\\pagegrid@col\\ifnum\\pagegrid@col>\\@ne"
    "\\onecolumngrid\\let\\igvcolumnsagain\\twocolumngrid"
    "\\else\\let\\igvcolumnsagain\\relax\\fi\n"
    "\\else\\if@twocolumn\\onecolumn\\let\\igvcolumnsagain\\twocolumn"
    "\\else\\let\\igvcolumnsagain\\relax\\fi\\fi\n"
    "\\makeatother\n";

namespace {

/// Text with its ranges of numbers a..b set as a--b.
std::string text_with_ranges(const std::string& s) {
  static const std::regex range(R"(\b([0-9]+)\.\.([0-9]+)\b)");
  std::string out;
  auto begin = s.cbegin();
  std::smatch m;
  while (std::regex_search(begin, s.cend(), m, range)) {
    out += latex_text(std::string(begin, m[0].first)) + m[1].str() + "--" + m[2].str();
    begin = m[0].second;
  }
  return out + latex_text(std::string(begin, s.cend()));
}

/// A token of a text that may hold math: a number, a variable (one letter, perhaps with a
/// subscript: `s_k`), an operator, a parenthesis, a space, or anything else (a word, a comma).
struct Token {
  enum Kind { number, variable, relation, op, open, close, space, other } kind;
  std::string text;
};

std::vector<Token> tokens_of(const std::string& s) {
  std::vector<Token> out;
  std::size_t i = 0;
  const auto alnum = [&s](std::size_t k) {
    return k < s.size() && std::isalnum(static_cast<unsigned char>(s[k])) != 0;
  };
  while (i < s.size()) {
    const char c = s[i];
    const std::string two = s.substr(i, 2);
    if (std::isdigit(static_cast<unsigned char>(c)) != 0) {
      std::size_t j = i;
      while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j])) != 0) ++j;
      if (j + 1 < s.size() && s[j] == '.' && std::isdigit(static_cast<unsigned char>(s[j + 1])))
        for (++j; j < s.size() && std::isdigit(static_cast<unsigned char>(s[j])) != 0;) ++j;
      // A number glued to letters ("2c", "0x1F", "3rd") is a word.
      if (j < s.size() && is_letter(s[j])) {
        while (alnum(j)) ++j;
        out.push_back({Token::other, s.substr(i, j - i)});
      } else {
        out.push_back({Token::number, s.substr(i, j - i)});
      }
      i = j;
    } else if (is_letter(c)) {
      // A word: letters and digits, hyphenated parts ("P-positions", "Sprague-Grundy"); one
      // letter alone (or with a subscript `_k`, `_{m-1}`) is a variable.
      std::size_t j = i;
      while (alnum(j)) ++j;
      while (j + 1 < s.size() && s[j] == '-' && is_letter(s[j + 1])) {
        for (++j; alnum(j);) ++j;
      }
      if (j == i + 1 && j + 1 < s.size() && s[j] == '_' && alnum(j + 1)) {
        std::size_t k = j + 1;
        while (alnum(k)) ++k;
        if (k == s.size() || !(is_letter(s[k]) || s[k] == '_')) {
          out.push_back({Token::variable, s.substr(i, k - i)});
          i = k;
          continue;
        }
      }
      const bool one = j == i + 1 && (j == s.size() || s[j] != '_');
      out.push_back({one ? Token::variable : Token::other, s.substr(i, j - i)});
      i = j;
    } else if (two == "==" || two == "!=" || two == "<=" || two == ">=") {
      out.push_back({Token::relation, two});
      i += 2;
    } else if (two == "&&" || two == "||") {
      out.push_back({Token::other, two});
      i += 2;
    } else if (two == "..") {
      out.push_back({Token::op, two});
      i += 2;
    } else if (c == '<' || c == '>' || c == '=') {
      out.push_back({Token::relation, std::string(1, c)});
      ++i;
    } else if (std::string("+-*/%^").find(c) != std::string::npos) {
      out.push_back({Token::op, std::string(1, c)});
      ++i;
    } else if (c == '(') {
      out.push_back({Token::open, "("});
      ++i;
    } else if (c == ')') {
      out.push_back({Token::close, ")"});
      ++i;
    } else if (c == ' ') {
      out.push_back({Token::space, " "});
      ++i;
    } else {
      // Anything else, a UTF-8 character whole.
      std::size_t j = i + 1;
      while (j < s.size() && (static_cast<unsigned char>(s[j]) & 0xC0) == 0x80) ++j;
      out.push_back({Token::other, s.substr(i, j - i)});
      i = j;
    }
  }
  return out;
}

bool math_token(const Token& t) {
  return t.kind != Token::other;
}

/// The math of tokens [b, e) (numbers, variables, operators, parentheses, spaces) in TeX's
/// notation: `<=` as \le, `==` as =, `%` as mod (`r % 2 == 0` as r \equiv 0 \pmod 2), `2 * t`
/// as 2t, a range `x = 3..600` as x = 3, \dots, 600 (and 1..5 with no relation as 1--5).
std::string math_of(const std::vector<Token>& t, std::size_t b, std::size_t e) {
  std::vector<Token> v;
  for (std::size_t i = b; i < e; ++i)
    if (t[i].kind != Token::space) v.push_back(t[i]);
  bool relation = false;
  for (const auto& x : v) relation |= x.kind == Token::relation;
  // X % N == M: X is congruent to M modulo N.
  if (v.size() == 5 && v[1].text == "%" && v[2].kind == Token::number && v[3].text == "==" &&
      (v[0].kind == Token::variable || v[0].kind == Token::number) && v[4].kind == Token::number) {
    return v[0].text + " \\equiv " + v[4].text + " \\pmod{" + v[2].text + "}";
  }
  std::string out;
  const auto variable = [](const std::string& x) {
    const auto u = x.find('_');
    return u == std::string::npos ? x : x.substr(0, u) + "_{" + x.substr(u + 1) + "}";
  };
  for (std::size_t i = 0; i < v.size(); ++i) {
    const std::string& x = v[i].text;
    const bool glue = !out.empty() && (v[i].kind == Token::close || v[i - 1].kind == Token::open);
    const std::string sep = out.empty() || glue ? "" : " ";
    if (v[i].kind == Token::variable) {
      // 2 * t: 2t.
      const bool product = i >= 2 && v[i - 1].text == "*" && v[i - 2].kind == Token::number;
      if (product) {
        out += variable(x);
      } else {
        out += sep + variable(x);
      }
    } else if (x == "*") {
      const bool product = i >= 1 && i + 1 < v.size() && v[i - 1].kind == Token::number &&
                           v[i + 1].kind == Token::variable;
      if (!product) out += sep + "\\cdot";
    } else if (x == "..") {
      out += relation ? ", \\dots," : "\\mbox{--}";
    } else if (x == "<=") {
      out += sep + "\\le";
    } else if (x == ">=") {
      out += sep + "\\ge";
    } else if (x == "!=") {
      out += sep + "\\ne";
    } else if (x == "==") {
      out += sep + "=";
    } else if (x == "%") {
      out += sep + "\\bmod";
    } else if (x == "^") {
      out += "^";
    } else if (i > 0 && v[i - 1].text == "^") {
      out += "{" + (v[i].kind == Token::variable ? variable(x) : x) + "}";
    } else if (i > 0 && v[i - 1].text == ".." && !relation) {
      out += x;
    } else if (x == "(" && i > 0 && v[i - 1].kind == Token::variable) {
      out += x;  // f(x): a function's argument
    } else {
      out += sep + x;
    }
  }
  return out;
}

}  // namespace

std::string latex_text_with_math(const std::string& s) {
  const auto t = tokens_of(s);
  std::string out;
  std::string text;  // raw text waiting to be written
  const auto flush = [&]() {
    out += text_with_ranges(text);
    text.clear();
  };
  std::size_t i = 0;
  while (i < t.size()) {
    if (t[i].text == "&&" || t[i].text == "||") {
      // A condition's connectives in words.
      while (!text.empty() && text.back() == ' ') text.pop_back();
      text += t[i].text == "&&" ? " and" : " or";
      ++i;
      continue;
    }
    if (!math_token(t[i]) || t[i].kind == Token::space) {
      text += t[i].text;
      ++i;
      continue;
    }
    // A run of math tokens, without the spaces and unmatched parentheses at its ends.
    std::size_t e = i;
    while (e < t.size() && math_token(t[e])) ++e;
    std::size_t b = i;
    std::size_t end = e;
    while (end > b && t[end - 1].kind == Token::space) --end;
    // Operators at the end belong to the text ("-" before a word), as do unmatched parentheses.
    while (end > b && t[end - 1].kind == Token::op && t[end - 1].text != "..") --end;
    std::size_t cut = b;  // the run starts after the last unmatched closing parenthesis
    std::vector<std::size_t> opens;
    for (std::size_t k = b; k < end; ++k) {
      if (t[k].kind == Token::open) opens.push_back(k);
      if (t[k].kind == Token::close) {
        if (opens.empty()) {
          cut = k + 1;
        } else {
          opens.pop_back();
        }
      }
    }
    std::size_t last = end;
    if (!opens.empty()) last = std::min(last, opens.front());
    for (std::size_t k = i; k < cut; ++k) text += t[k].text;
    b = cut;
    while (b < last && t[b].kind == Token::space) text += t[b++].text;
    while (last > b && t[last - 1].kind == Token::space) --last;
    bool var = false, rel = false, lone_article = false;
    std::size_t items = 0;
    for (std::size_t k = b; k < last; ++k) {
      var |= t[k].kind == Token::variable;
      rel |= t[k].kind == Token::relation;
      items += t[k].kind != Token::space ? 1 : 0;
    }
    // "a" and "I" alone are words.
    if (items == 1 && (t[b].text == "a" || t[b].text == "A" || t[b].text == "I"))
      lone_article = true;
    // A lone letter glued to other text ("x," is fine; "s'" is not) stays text.
    if (items == 1 && last < t.size() && t[last].kind == Token::other && t[last].text != "," &&
        t[last].text != ";" && t[last].text != "." && t[last].text != ":")
      lone_article = true;
    if (b < last && (var || rel) && !lone_article) {
      flush();
      out += "$" + math_of(t, b, last) + "$";
    } else {
      for (std::size_t k = b; k < last; ++k) text += t[k].text;
    }
    for (std::size_t k = last; k < e; ++k) text += t[k].text;
    i = e;
  }
  flush();
  return out;
}

std::string latex_evidence_table(const ClaimResult& r) {
  const auto& table = r.outcome.evidence["table"];
  std::vector<Column> columns;
  for (const auto& name : evidence_table_columns(r.outcome.evidence)) {
    Column c{name, {}};
    for (const auto& row : table) c.cells.push_back(plain(row.value(name, nlohmann::json())));
    for (auto& part : split_pairs(c)) columns.push_back(std::move(part));
  }
  const std::size_t rows = table.size();
  // Printed tables leave out what a sentence says: a column with one value in every row
  // ("agree = true") and a column equal to an earlier one (the paper's value where it is the
  // computed one); the CSV beside the fragment keeps every column.
  std::vector<std::string> said;
  if (rows > 1) {
    const auto header_text = [](const std::string& h) {
      std::string out;
      for (const auto& w : header_words(h)) out += (out.empty() ? "" : " ") + w.first;
      return out;
    };
    std::vector<Column> kept;
    for (auto& c : columns) {
      const bool constant = std::all_of(c.cells.begin(), c.cells.end(),
                                        [&c](const std::string& v) { return v == c.cells[0]; });
      const auto same = std::find_if(kept.begin(), kept.end(),
                                     [&c](const Column& k) { return k.cells == c.cells; });
      if (constant && columns.size() > 1 && c.cells[0].size() <= kLongCell) {
        said.push_back(header_text(c.header) + " is " + cell_text(c.cells[0]));
      } else if (same != kept.end()) {
        said.push_back(header_text(c.header) + " equals " + header_text(same->header));
      } else {
        kept.push_back(std::move(c));
      }
    }
    if (kept.empty()) {
      // Nothing left: the table is one row of its values.
      kept = columns;
      said.clear();
    }
    columns = std::move(kept);
  }
  // A long text in a cell (a mismatch as JSON) goes to a note under the table, the cell names
  // the note: the columns stay narrow and each cell holds one value.
  std::vector<std::string> notes;
  for (auto& c : columns) {
    for (auto& v : c.cells) {
      if (v.size() > kLongCell) {
        notes.push_back(v);
        v = "(" + std::to_string(notes.size()) + ")";
      }
    }
  }

  // Width at \small (9 pt): about 4.6 pt a character (a digit is 4.5 pt), 4 pt of \tabcolsep on
  // either side of an inner rule between columns.
  std::string spec = "@{}";
  std::vector<std::string> heads;
  double points = 0;
  for (const auto& c : columns) {
    const bool numbers = numeric_column(c);
    std::size_t widest = 1;
    for (const auto& v : c.cells) widest = std::max(widest, v.size());
    const auto words = header_words(c.header);
    std::size_t word = 0;
    for (const auto& w : words) word = std::max(word, w.second);
    // A header of up to 8 characters stays on one line; a longer one breaks between words.
    std::size_t total = 0;
    for (const auto& w : words) total += (total ? 1 : 0) + w.second;
    std::size_t width = std::max(widest, word);
    if (total <= std::max<std::size_t>(width, 8)) width = std::max(width, total);
    heads.push_back(header_cell(words, std::max<std::size_t>(width, 8), numbers ? 'r' : 'l'));
    spec += numbers ? 'r' : 'l';
    points += 4.6 * static_cast<double>(width) + 8;
  }
  spec += "@{}";
  points -= 8;
  std::string head;
  for (std::size_t i = 0; i < heads.size(); ++i) head += (i ? " & " : "") + heads[i];
  head += "\\\\\n";

  // The caption, in prose for a paper: the document and the passage, the verdict, the domain
  // (its relations as math); the claim's id is the label, never the text.
  const auto no_cjk = [](const std::string& tex) {
    return tex.find("\\igvzh") == std::string::npos && tex.find("\\igvja") == std::string::npos;
  };
  std::string caption;
  const std::string title =
      shorten_text(r.claim.document_title.empty() ? r.claim.document : r.claim.document_title, 120);
  if (no_cjk(latex_text(title))) caption = latex_text(title);
  // The locator when it needs no CJK font (a fragment loads CJK only when its table holds CJK).
  if (!r.claim.locator.empty() && no_cjk(latex_text(r.claim.locator))) {
    caption +=
        (caption.empty() ? "" : ", ") + latex_text_with_math(shorten_text(r.claim.locator, 200));
  }
  std::string verdict(to_string(r.outcome.verdict));
  verdict[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(verdict[0])));
  caption += (caption.empty() ? "" : ". ") + verdict;
  const auto& evidence = r.outcome.evidence;
  if (evidence.is_object() && evidence.contains("domain") && evidence["domain"].is_string()) {
    caption +=
        " for " + latex_text_with_math(shorten_text(evidence["domain"].get<std::string>(), 400));
  }
  caption += ".";
  for (std::size_t i = 0; i < said.size(); ++i)
    caption += (i ? "; " : " In every row, ") + said[i] + (i + 1 == said.size() ? "." : "");
  const std::string label = "\\label{igv:" + r.claim.id + "}";

  std::ostringstream body;
  const auto write_rows = [&]() {
    for (std::size_t row = 0; row < rows; ++row) {
      for (std::size_t i = 0; i < columns.size(); ++i)
        body << (i ? " & " : "") << cell_text(columns[i].cells[row]);
      body << "\\\\\n";
    }
  };
  std::string notes_text;
  for (std::size_t i = 0; i < notes.size(); ++i) {
    notes_text += (i ? "\\par " : "") + std::string("(") + std::to_string(i + 1) + ") " +
                  latex_text(shorten_text(notes[i], 2000));
  }
  if (!notes_text.empty())
    notes_text = "\\par\\smallskip{\\footnotesize\\raggedright " + notes_text + "\\par}\n";
  // A table wider than a page of text at \\small (Table 2's ten columns) is set at \\footnotesize
  // with less space between columns.
  const bool wide = points > 300;
  const std::string size =
      wide ? "\\footnotesize\\setlength{\\tabcolsep}{3pt}" : "\\small\\setlength{\\tabcolsep}{4pt}";
  if (rows <= kFloatRows) {
    const std::string env = points <= kColumnPoints ? "table" : "table*";
    body << "\\begin{" << env << "}[tbp]\n\\centering" << size << "\n"
         << "\\caption{" << caption << "}" << label << "\n\\begin{tabular}{" << spec
         << "}\n\\toprule\n"
         << head << "\\midrule\n";
    write_rows();
    body << "\\bottomrule\n\\end{tabular}\n" << notes_text << "\\end{" << env << "}\n";
  } else {
    // A longtable is one-column only: in a two-column document the table takes pages of its
    // own, set in one column (\onecolumn, then \twocolumn again after it).
    // revtex4-2's ltxgrid sets a longtable in its columns: one that fits a column stays there
    // (switching its grid to one column mid-page for it ended in "Output loop---100
    // consecutive dead cycles").
    body << (points <= kColumnPoints ? kLatexOneColumnUnlessGrid : kLatexOneColumn)
         << "\\begingroup" << size << "\n"
         << "\\begin{longtable}{" << spec << "}\n\\caption{" << caption << "}" << label
         << "\\\\\n\\toprule\n"
         << head << "\\midrule\n\\endfirsthead\n"
         << "\\multicolumn{" << columns.size() << "}{@{}l}{\\emph{(continued)}}\\\\\n\\toprule\n"
         << head << "\\midrule\n\\endhead\n\\bottomrule\n\\endlastfoot\n";
    write_rows();
    body << "\\end{longtable}\n" << notes_text << "\\endgroup\n\\igvcolumnsagain\n";
  }
  return body.str();
}

}  // namespace igv
