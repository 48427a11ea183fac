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

const char* const kLatexOneColumn =
    "\\makeatletter\n"
    "\\ifdefined\\pagegrid@col\\ifnum\\pagegrid@col>\\@ne"
    "\\onecolumngrid\\let\\igvcolumnsagain\\twocolumngrid"
    "\\else\\let\\igvcolumnsagain\\relax\\fi\n"
    "\\else\\if@twocolumn\\onecolumn\\let\\igvcolumnsagain\\twocolumn"
    "\\else\\let\\igvcolumnsagain\\relax\\fi\\fi\n"
    "\\makeatother\n";

/// Text with its ranges of numbers a..b set as a--b.
static std::string text_with_ranges(const std::string& s) {
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

std::string latex_text_with_math(const std::string& s) {
  // A one-letter variable related to a number or another variable: `x = a..b` (as x = a, ...,
  // b), `0 <= m`, `n < 20`, `r == 0`; anything else stays text.
  static const std::regex relation(
      R"(\b([A-Za-z]|[0-9]+)\s*(==|=|<=|>=|<|>)\s*([A-Za-z]|-?[0-9]+)(\.\.(-?[0-9]+))?(?![0-9A-Za-z.(]))");
  const auto letter = [](const std::string& t) { return t.size() == 1 && is_letter(t[0]); };
  std::string out;
  auto begin = s.cbegin();
  std::smatch m;
  while (std::regex_search(begin, s.cend(), m, relation)) {
    out += text_with_ranges(std::string(begin, m[0].first));
    begin = m[0].second;
    if (!letter(m[1].str()) && !letter(m[3].str())) {
      out += latex_text(m[0].str());  // two numbers: not a variable's range
      continue;
    }
    const std::string op = m[2].str();
    const std::string rel = op == "<=" ? "\\le" : op == ">=" ? "\\ge" : op == "==" ? "=" : op;
    out += "$" + m[1].str() + " " + rel + " " + m[3].str();
    if (m[4].matched) out += ", \\dots, " + m[5].str();
    out += "$";
  }
  return out + text_with_ranges(std::string(begin, s.cend()));
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

  std::string caption = "Evidence of " + std::string("\\texttt{") + latex_text(r.claim.id) + "}";
  const std::string locator = latex_text(r.claim.locator);
  // The locator when it needs no CJK font (a fragment loads CJK only when its table holds CJK).
  if (!r.claim.locator.empty() && locator.find("\\igvzh") == std::string::npos &&
      locator.find("\\igvja") == std::string::npos) {
    caption += " (" + latex_text_with_math(shorten_text(r.claim.locator, 200)) + ")";
  }
  caption += ": " + std::string(to_string(r.outcome.verdict));
  const auto& evidence = r.outcome.evidence;
  if (evidence.is_object() && evidence.contains("domain") && evidence["domain"].is_string()) {
    caption += " \\emph{on} " +
               latex_text_with_math(shorten_text(evidence["domain"].get<std::string>(), 400));
  }
  caption += ".";
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
    body << kLatexOneColumn << "\\begingroup" << size << "\n"
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
