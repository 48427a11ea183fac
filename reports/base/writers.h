// The writers over one result set. Each returns the text of one file; write_report() in
// report.h renders all the requested ones first and then writes them atomically.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "reports/base/figures.h"
#include "reports/base/latex_text.h"
#include "reports/base/report.h"

namespace igv {

/// Whether a claim gets a details entry in the Markdown and LaTeX reports: refuted,
/// inconclusive, error, not as expected, or read from a damaged text.
inline bool has_details(const ClaimResult& r) {
  return r.outcome.verdict == Verdict::refuted || r.outcome.verdict == Verdict::inconclusive ||
         r.outcome.verdict == Verdict::error || !r.as_expected() || !r.claim.reading.empty();
}

/// Whether a claim's verdict needs a reader's attention: refuted, inconclusive or error. Every
/// human format marks these claims with a colour and a mark that survives greyscale printing.
inline bool needs_attention(Verdict v) {
  return v == Verdict::refuted || v == Verdict::inconclusive || v == Verdict::error;
}

/// How a human format names a claim's source document: its title (at most 200 bytes), or its id
/// when it has none. The id (a hash for a long document name) stays in report.json and in the
/// fragments' file names.
std::string document_name(const Claim& c);

/// How many bytes of a statement a table cell shows; a longer statement is shortened there and
/// given in full one click (HTML) or one footnote (Markdown, LaTeX) away.
inline constexpr std::size_t kStatementCell = 200;

/// `s` cut to at most `max` bytes at a UTF-8 character boundary, with "…" appended; `s` itself
/// when it is not longer.
std::string shorten_text(const std::string& s, std::size_t max);

/// The escaping function of each human format, applied to every field it writes:
/// Markdown (backslash escapes: no markup of the text reaches a renderer; `block_start` when the
/// text opens a block, e.g. after "> "), HTML text (entities), a CSV field (RFC 4180 quoting; a
/// cell that could start a formula — = + - @, tab, carriage return — and is not a plain number,
/// or one that starts with a quote, prefixed with a single quote).
/// LaTeX's is latex_text (latex_text.h).
std::string markdown_text(const std::string& s, bool block_start = false);
/// A statement as Markdown: its text through markdown_text, its math spans (statement_markup.h)
/// as GitHub's inline math $`…`$ (the whitelisted markup as LaTeX, in a code span).
std::string markdown_statement(const std::string& s, bool block_start = false);
std::string html_text(const std::string& s);
std::string csv_field(const std::string& s);
/// True when `s` is a number as JSON writes it (-?digits(.digits)?(e[+-]?digits)?): such a CSV
/// cell is written as it is, even with a leading minus.
bool csv_plain_number(std::string_view s);

/// Markdown with a Figures section that links each figure (figures/NAME.svg, written beside the
/// report by --format svg) with its caption and the claims it illustrates.
std::string report_to_markdown(const Report& report, const std::vector<Figure>& figures);

/// One static HTML page: the summary, verdicts not as expected, refuted claims with their
/// counterexamples, a table per document, the evidence tables, and the figures inlined as SVG.
/// No script and nothing fetched from elsewhere; every text escaped.
std::string report_to_html(const Report& report, const std::vector<Figure>& figures);

/// A figure of the report set, for the LaTeX report: the SVG and the PDF made from it (both
/// relative to the report folder; the PDF may be absent) and the SVG's title.
struct LatexFigure {
  std::string svg;                  ///< "figures/welter_w_fractal.svg"
  std::string pdf;                  ///< "figures/welter_w_fractal.pdf"
  std::string title;                ///< the SVG's <title>
  std::string caption;              ///< how its values were obtained (Figure::caption)
  std::vector<std::string> claims;  ///< the claims it illustrates (Figure::claims)
};

/// LaTeX: the files of the LaTeX report, paths relative to the report folder: report.tex (a
/// complete document for pdflatex and lualatex: summary, one booktabs longtable per source
/// document with the verdict and what it established, the evidence tables, the figures, the
/// details of notable claims) first, then the tables as fragments to \input into a paper:
/// latex_document_fragment_path(document) and latex_evidence_fragment_path(claim).
std::vector<std::pair<std::string, std::string>> report_to_latex(
    const Report& report, const std::vector<LatexFigure>& figures = {});
/// The file name made from a claim or document id: `id` + "." + `extension`. It is the only
/// way a writer turns an id into a file name; ids have the syntax of properties/base/ids.h
/// (letters, digits, '.', '_', '-'; no path, no hidden name), checked where claims and reports
/// are loaded and again here (InputError), so a name stays inside its folder and two ids never
/// share a file.
std::string id_file_name(const std::string& id, const std::string& extension);
std::string latex_document_fragment_path(const std::string& document);
std::string latex_evidence_fragment_path(const std::string& claim);

/// CSV: one row per claim.
std::string report_to_csv(const Report& report);

/// A claim's evidence table (evidence.table, a list of row objects) as CSV.
std::string evidence_table_to_csv(const nlohmann::json& evidence);

/// JUnit XML: one testsuite per document, one testcase per claim; a claim whose verdict is not
/// the expected one is a failure.
std::string report_to_junit(const Report& report);

/// The columns of a claim's evidence table: evidence.table_columns first (a checker's chosen
/// order), then any other keys of the rows in first-seen order.
std::vector<std::string> evidence_table_columns(const nlohmann::json& evidence);

/// True when the claim's evidence holds a table (evidence.table, a list of objects).
bool has_evidence_table(const ClaimResult& r);

}  // namespace igv
