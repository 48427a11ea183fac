// The TeX-like markup of a statement as the paper prints it (`𝒢_S = \underline{01}`,
// `(k+1)^{s_k}`, `n \equiv 5~\mathrm{mod}~34`), rendered rather than escaped: typeset as math in
// the LaTeX report and as HTML (sub- and superscripts, over- and underlines) in the HTML one.
// Only a whitelist of commands is understood; a span that holds anything else (an unknown
// command, an unbalanced brace, a letter of another script) is left as text, escaped as before,
// so no statement can inject markup into a report.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace igv {

/// A piece of a statement: text, or a span of math markup.
struct StatementPiece {
  bool math = false;
  std::string text;
};

/// The statement cut into text and math spans. A span starts at a whitelisted command
/// (`\overline`, `\equiv`, ...) or at a sub- or superscript (`H_a`, `R^f`, `x^{s_k}`) and takes
/// the word around it, across spaces inside braces and across a relation (`𝒢_S = \underline{01}`).
std::vector<StatementPiece> statement_pieces(const std::string& s);

/// The math of a span in LaTeX (for $…$), or "" when it does not parse with the whitelist.
std::string markup_latex(const std::string& span);

/// The math of a span as HTML (escaped text, <sub>, <sup>, over- and underlined spans), or ""
/// when it does not parse with the whitelist.
std::string markup_html(const std::string& span);

/// A statement as LaTeX: its text through latex_text, its math spans typeset as math; a span
/// longer than `longest` bytes stays text (TeX cannot break inline math inside a group, and a
/// long span overflows a narrow table column).
std::string latex_statement(const std::string& s, std::size_t longest = 100000);

/// A statement as HTML: its text escaped, its math spans rendered.
std::string html_statement(const std::string& s);

}  // namespace igv
