// Every human format shows every claim's statement, its verdict, what was established and the
// counterexample of a refuted claim (issue 25); refuted, inconclusive and error claims carry a
// mark. Each format is checked with its own escaping function (writers.h), so the test compares
// the formats with the report model that report.json is written from. tests/e2e/
// e2e_report_safety.py renders the same formats (chromium, cmark-gfm, pdflatex, lualatex) and
// compares their text with report.json.
#include <boost/test/unit_test.hpp>
#include <string>

#include "properties/base/verdict_read_back.h"
#include "reports/base/report.h"
#include "reports/base/statement_markup.h"
#include "reports/base/writers.h"

using namespace igv;

namespace {

ClaimResult result(const std::string& id, const std::string& statement, Verdict v) {
  ClaimResult r;
  r.claim.id = id;
  r.claim.document = "doc";
  r.claim.document_title = "A document";
  r.claim.locator = "§1";
  r.claim.statement = statement;
  r.claim.kind = "example";
  r.claim.checker = "rook.table";
  r.claim.expected_verdict = v;
  // A report's outcome, as read back from a file.
  r.outcome = outcome_read_back(
      v, "what was found for " + id, nlohmann::json::object(),
      v == Verdict::refuted ? nlohmann::json{{"n", 6}, {"set", {2, 4, 7}}} : nlohmann::json(),
      nullptr);
  return r;
}

Report sample() {
  Report report;
  report.context = {{"harness_version", "0"}, {"git_commit", "abc"}, {"build_type", "Release"}};
  report.results.push_back(
      result("a.short", "G(n) = n xor 1 for 0 ≤ n < 10 [as printed]", Verdict::verified));
  std::string long_statement = "The long statement, «Шпрага–Гранди» and 二元集合: ";
  for (int i = 0; i < 40; ++i) long_statement += "word_" + std::to_string(i) + " <b>*x*</b> ";
  report.results.push_back(result("b.long", long_statement, Verdict::refuted));
  report.results.push_back(
      result("c.inconclusive", "A question: is it so?", Verdict::inconclusive));
  report.results.push_back(result("d.error", "x | y & z", Verdict::error));
  return report;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(statements_in_every_format)

BOOST_AUTO_TEST_CASE(markdown) {
  const Report report = sample();
  const std::string md = report_to_markdown(report, {});
  for (const auto& r : report.results) {
    BOOST_TEST(contains(md, markdown_statement(r.claim.statement)),
               r.claim.id << ": full statement");
    BOOST_TEST(contains(md, r.outcome.summary), r.claim.id << ": what was established");
  }
  // The long one is shortened in the table, with a link to the full text.
  BOOST_TEST(contains(
      md, markdown_statement(shorten_text(report.results[1].claim.statement, kStatementCell)) +
              " [(in full: s1)](#statement-s1)"));
  BOOST_TEST(contains(md, "❌ **refuted**"));
  BOOST_TEST(contains(md, "🔶 **inconclusive**"));
  BOOST_TEST(contains(md, "⛔ **error**"));
  BOOST_TEST(contains(md, report.results[1].outcome.counterexample().dump(2)));
}

BOOST_AUTO_TEST_CASE(html) {
  const Report report = sample();
  const std::string html = report_to_html(report, {});
  for (const auto& r : report.results) {
    // Rendered as statement markup (issue 38: sub- and superscripts, overlines, …).
    BOOST_TEST(contains(html, html_statement(r.claim.statement)), r.claim.id << ": full statement");
  }
  BOOST_TEST(contains(
      html, "<details class=\"statement\"><summary>" +
                html_statement(shorten_text(report.results[1].claim.statement, kStatementCell)) +
                "</summary>"));
  BOOST_TEST(contains(html, "class=\"attention refuted\""));
  BOOST_TEST(contains(html, "class=\"attention inconclusive\""));
  BOOST_TEST(contains(html, "✗ refuted"));
  BOOST_TEST(contains(html, "? inconclusive"));
  BOOST_TEST(contains(html, html_text(report.results[1].outcome.counterexample().dump(2))));
}

BOOST_AUTO_TEST_CASE(latex) {
  const Report report = sample();
  const auto files = report_to_latex(report, {});
  std::string all;
  for (const auto& [path, text] : files) all += text;
  for (const auto& r : report.results) {
    BOOST_TEST(contains(all, latex_statement(r.claim.statement)), r.claim.id << ": full statement");
  }
  // A table of four claims is a float (issue 38): the long statement is shortened in its cell and
  // given up to 1000 bytes in a numbered note under the float, where a footnote would be lost.
  BOOST_TEST(contains(all, latex_statement(shorten_text(report.results[1].claim.statement, 1000))));
  BOOST_TEST(contains(all, "\\igvattention{red}{$\\times$}{refuted}"));
  BOOST_TEST(contains(all, "\\usepackage{amssymb,array,booktabs,longtable,graphicx,xcolor}"));
  BOOST_TEST(contains(all, "\\igvattention{orange}{?}{inconclusive}"));
  BOOST_TEST(contains(all, "\\igvattention{violet}{!}{error}"));
  BOOST_TEST(contains(all, "\\emph{Counterexample:} \\texttt{" +
                               latex_text(report.results[1].outcome.counterexample().dump())));
}

BOOST_AUTO_TEST_CASE(csv) {
  const Report report = sample();
  const std::string csv = report_to_csv(report);
  BOOST_TEST(contains(csv.substr(0, csv.find('\n')), ",statement,counterexample,attention"));
  for (const auto& r : report.results) {
    BOOST_TEST(contains(csv, csv_field(r.claim.statement)), r.claim.id << ": full statement");
  }
  BOOST_TEST(
      contains(csv, csv_field(report.results[1].outcome.counterexample().dump()) + ",REFUTED\n"));
  BOOST_TEST(contains(csv, ",INCONCLUSIVE\n"));
  BOOST_TEST(contains(csv, ",ERROR\n"));
}

// CSV formula injection (OWASP): a cell a spreadsheet could read as a formula gets a leading
// quote; plain numbers (-3 too) stay numbers; a cell that starts with a quote gets one more, so
// that removing one leading quote gives every field back.
BOOST_AUTO_TEST_CASE(csv_cells_never_start_a_formula) {
  for (const std::string s : {"=1+1", "+1", "-1+1", "@SUM(A1)", "\t=1", "'=1", "-", "-e5", "-1.",
                              "--1", "+3", "-0x1", "=cmd|' /C calc'!A0"}) {
    const std::string cell = csv_field(s);
    const std::string unquoted =
        cell.front() == '"' ? cell.substr(1, cell.size() - 2) : cell;  // no '"' in these
    BOOST_TEST(unquoted == "'" + s, "cell of " << s << ": " << cell);
  }
  BOOST_TEST(csv_field("\r=1") == "\"'\r=1\"");  // quoted for the CR, prefixed for the formula
  BOOST_TEST(csv_field("=a,b\"c") == "\"'=a,b\"\"c\"");
  for (const std::string n : {"-3", "0", "17", "-0.5", "2.5e3", "-2.5E-3", "-9223372036854775808"})
    BOOST_TEST(csv_field(n) == n, n << " stays a number");
  for (const std::string t : {"a=1", "x-1", "1-1", " =1", "", "a,b"})
    BOOST_TEST(csv_field(t).find('\'') == std::string::npos, "nothing added to " << t);
  // The report and an evidence table go through it, header and every cell.
  Report report;
  report.results.push_back(result("a.b", "=HYPERLINK(\"http://x\")", Verdict::verified));
  report.results.back().claim.locator = "-3";
  const std::string csv = report_to_csv(report);
  BOOST_TEST(contains(csv, ",\"'=HYPERLINK(\"\"http://x\"\")\","));
  BOOST_TEST(contains(csv, "a.b,doc,-3,"));
  const nlohmann::json evidence = {
      {"table", {{{"=x", "@y"}, {"n", -3}}, {{"=x", "-z"}, {"n", 2}}}}};
  const std::string table = evidence_table_to_csv(evidence);
  BOOST_TEST(table == "'=x,n\n'@y,-3\n'-z,2\n", table);
}

BOOST_AUTO_TEST_SUITE_END()
