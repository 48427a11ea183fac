// The evidence tables as fragments for a journal's class (reports/base/latex_tables.cpp): a
// `table` float for a short narrow table, `table*` for a wide one, `longtable` past kFloatRows
// rows; headers and cells as math; one number per cell; long cells as notes.
// tests/e2e/e2e_latex_fragments.py compiles the fragments in every class and engine.
#include <boost/test/unit_test.hpp>
#include <string>

#include "properties/base/verdict_read_back.h"
#include "reports/base/latex_tables.h"
#include "reports/base/latex_text.h"

using namespace igv;

namespace {

ClaimResult with_table(const nlohmann::json& columns, const nlohmann::json& rows) {
  ClaimResult r;
  r.claim.id = "t.claim";
  r.claim.document = "doc";
  r.claim.locator = "Table 2";
  r.outcome.verdict = verdict_read_back(Verdict::verified);
  r.outcome.evidence = {{"table_columns", columns}, {"table", rows}, {"domain", "c = 3..600"}};
  return r;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(latex_evidence_tables)

BOOST_AUTO_TEST_CASE(short_table_is_a_float_with_math_and_one_number_per_cell) {
  const auto r = with_table({"m", "t_m/t_{m-1}", "paper: t, p (g)", "c_range", "S", "period_form"},
                            {{{"m", 3},
                              {"t_m/t_{m-1}", "-"},
                              {"paper: t, p (g)", "9, 5"},
                              {"c_range", "3..600"},
                              {"S", "{1,2,3}"},
                              {"period_form", "2c + 10"}},
                             {{"m", 10},
                              {"t_m/t_{m-1}", 7},
                              {"paper: t, p (g)", "(new)"},
                              {"c_range", "1..2"},
                              {"S", "{4}"},
                              {"period_form", "c*2"}}});
  const std::string tex = latex_evidence_table(r);
  BOOST_TEST(contains(tex, "\\begin{table"));
  BOOST_TEST(!contains(tex, "longtable"));
  BOOST_TEST(contains(tex, "\\label{igv:t.claim}"));
  BOOST_TEST(contains(tex, "$m$ & $t_m/t_{m-1}$"));  // headers as math
  BOOST_TEST(contains(tex, "3 & -- & 9 & 5 & 3--600 & $\\{1,2,3\\}$ & $2c + 10$\\\\"));
  BOOST_TEST(contains(tex, "10 & 7 & (new) & (new) & 1--2 & $\\{4\\}$ & $c\\cdot 2$\\\\"));
  BOOST_TEST(contains(tex, "$c = 3, \\dots, 600$"));  // the caption's domain as math
  BOOST_TEST(contains(tex, "$c$ range"));             // an identifier's words, one letter as math
}

BOOST_AUTO_TEST_CASE(long_table_is_a_longtable_that_goes_to_one_column) {
  nlohmann::json rows = nlohmann::json::array();
  for (int c = 0; c <= static_cast<int>(kFloatRows); ++c) rows.push_back({{"c", c}, {"agree", 1}});
  const std::string tex = latex_evidence_table(with_table({"c", "agree"}, rows));
  BOOST_TEST(contains(tex, "\\begin{longtable}"));
  BOOST_TEST(contains(tex, "\\if@twocolumn\\onecolumn"));
  // revtex4-2: ltxgrid sets a longtable that fits a column in its columns (switching to one
  // column for it ended in an output loop); a wide one goes to \onecolumngrid.
  BOOST_TEST(!contains(tex, "\\onecolumngrid"));
  BOOST_TEST(contains(tex, "\\ifdefined\\pagegrid@col\\let\\igvcolumnsagain\\relax"));
  BOOST_TEST(contains(tex, "\\endhead"));
  // At kFloatRows rows it is still a float.
  rows.erase(rows.end() - 1);
  BOOST_TEST(!contains(latex_evidence_table(with_table({"c", "agree"}, rows)), "longtable"));
}

BOOST_AUTO_TEST_CASE(wide_table_spans_the_page_and_long_text_is_a_note) {
  nlohmann::json row;
  nlohmann::json columns = nlohmann::json::array();
  for (int i = 0; i < 12; ++i) {
    columns.push_back("column_" + std::to_string(i));
    row["column_" + std::to_string(i)] = 12700800;
  }
  columns.push_back("first_mismatch");
  row["first_mismatch"] = nlohmann::json{{"n", 13}, {"computed", 2}, {"printed", 3}}.dump();
  const std::string tex = latex_evidence_table(with_table(columns, nlohmann::json::array({row})));
  BOOST_TEST(contains(tex, "\\begin{table*}"));
  BOOST_TEST(contains(tex, "& (1)\\\\"));  // the cell names its note
  BOOST_TEST(contains(tex, "(1) \\{"));    // the note under the table
}

BOOST_AUTO_TEST_CASE(relations_in_text_are_math) {
  BOOST_TEST(latex_text_with_math("cells with 0 <= m, n < 51") ==
             "cells with $0 \\le m$, $n < 51$");
  BOOST_TEST(latex_text_with_math("c = 3..600, where r == 0") ==
             "$c = 3, \\dots, 600$, where $r = 0$");
  BOOST_TEST(latex_text_with_math("rows 0..7 of g") ==
             latex_text("rows ") + "0--7" + latex_text(" of ") + "$g$");
  // Relations and function values are math; a word stays a word.
  BOOST_TEST(latex_text_with_math("1 < 2") == "$1 < 2$");
  BOOST_TEST(latex_text_with_math("g = f(x)") == "$g = f(x)$");
  BOOST_TEST(latex_text_with_math("a list") == latex_text("a list"));
  // A condition as a journal prints it: no &&, ==, <= or %.
  BOOST_TEST(latex_text_with_math("where c > b + 1 && r % 2 == 0 && r <= b - 4") ==
             latex_text("where ") + "$c > b + 1$" + latex_text(" and ") +
                 "$r \\equiv 0 \\pmod{2}$" + latex_text(" and ") + "$r \\le b - 4$");
  BOOST_TEST(latex_text_with_math("r == 1 || r == 4") ==
             "$r = 1$" + latex_text(" or ") + "$r = 4$");
  BOOST_TEST(latex_text_with_math("c = 2 * a + 1..300") == "$c = 2a + 1, \\dots, 300$");
  BOOST_TEST(latex_text_with_math("i = 0..(a - 1) / 2") == "$i = 0, \\dots, (a - 1) / 2$");
  BOOST_TEST(latex_text_with_math("c from s_k + 1 to 200") ==
             "$c$" + latex_text(" from ") + "$s_{k} + 1$" + latex_text(" to 200"));
  // Hyphenated words and a lone "a" are words.
  BOOST_TEST(latex_text_with_math("P-positions of a game") == latex_text("P-positions of a game"));
}

BOOST_AUTO_TEST_CASE(constant_and_repeated_columns_are_said_in_the_caption) {
  const auto r = with_table({"c", "agree", "t", "paper: t"},
                            {{{"c", 1}, {"agree", true}, {"t", 5}, {"paper: t", 5}},
                             {{"c", 2}, {"agree", true}, {"t", 7}, {"paper: t", 7}}});
  const std::string tex = latex_evidence_table(r);
  BOOST_TEST(contains(tex, "In every row, agree is true; paper: $t$ equals $t$."));
  BOOST_TEST(contains(tex, "\\begin{tabular}{@{}rr@{}}"));  // two columns left
  BOOST_TEST(tex.find("t.claim") == tex.rfind("t.claim"));  // the id only in the label
  BOOST_TEST(contains(tex, "\\label{igv:t.claim}"));
}

BOOST_AUTO_TEST_SUITE_END()
