// Statements' TeX-like markup rendered, not escaped (reports/base/statement_markup.h): math spans
// found in the text, typeset in LaTeX and rendered in HTML; anything outside the whitelist left as
// escaped text.
#include <boost/test/unit_test.hpp>
#include <string>

#include "reports/base/latex_text.h"
#include "reports/base/statement_markup.h"
#include "reports/base/writers.h"

using namespace igv;

BOOST_AUTO_TEST_SUITE(statement_markup)

BOOST_AUTO_TEST_CASE(spans_are_found_and_typeset) {
  BOOST_TEST(latex_statement("显然 p, ℓ ≤ (k+1)^{s_k}.") ==
             latex_text("显然 p, ℓ ≤ ") + "$(k+1)^{s_{k}}$" + latex_text("."));
  BOOST_TEST(latex_statement("𝒢_S = \\underline{01} (the sequence)") ==
             "$\\mathcal{G} _{S} = \\underline{01}$" + latex_text(" (the sequence)"));
  BOOST_TEST(latex_statement("the values f_m : n") ==
             latex_text("the values ") + "$f_{m}$" + latex_text(" : n"));
  // A brace group spans spaces; a relation joins the next word.
  BOOST_TEST(latex_statement("𝒢_S = \\underline{0^2 1^2 4} 周期为 9.") ==
             "$\\mathcal{G} _{S} = \\underline{0^{2} 1^{2} 4}$" + latex_text(" 周期为 9."));
  BOOST_TEST(latex_statement("n\\equiv 5,9~\\mathrm{mod}~34の時") ==
             "$n\\equiv{} 5,\\allowbreak{}9\\ \\mathrm{mod}\\ 34$" + latex_text("の時"));
  BOOST_TEST(latex_statement("t_m/t_(m−1) = 3") == "$t_{m}/t_{(m- 1)} = 3$");
}

BOOST_AUTO_TEST_CASE(html_renders_scripts_and_lines) {
  BOOST_TEST(html_statement("x^{s_k} < 2") ==
             "<span class=\"math\">x<sup>s<sub>k</sub></sup> &lt; 2</span>");
  BOOST_TEST(html_statement("\\overline{01}") ==
             "<span class=\"math\"><span class=\"overline\">01</span></span>");
}

BOOST_AUTO_TEST_CASE(markdown_uses_github_inline_math) {
  // The math spans as $`LaTeX`$ (GitHub's inline math; a code span elsewhere), the text escaped.
  BOOST_TEST(markdown_statement("𝒢_S = \\underline{01} (the sequence)") ==
             "$`\\mathcal{G} _{S} = \\underline{01}`$" + markdown_text(" (the sequence)"));
  BOOST_TEST(markdown_statement("x^{s_k} *and* y") == "$`x^{s_{k}}`$" + markdown_text(" *and* y"));
  // No math: exactly the escaped text.
  for (const std::string s : {"\\input{x} <b>", "holds_from_c", "a | b", "$x$"})
    BOOST_TEST(markdown_statement(s) == markdown_text(s), s);
}

BOOST_AUTO_TEST_CASE(anything_else_stays_escaped_text) {
  // An unknown command, an identifier with underscores, a lone backslash, unbalanced braces.
  for (const std::string s :
       {"\\input{/etc/passwd}", "holds_from_c", "a \\ b", "x^{1", "\\write18{rm}", "$x$"}) {
    BOOST_TEST(latex_statement(s) == latex_text(s), s);
  }
  BOOST_TEST(html_statement("\\input{x} <b>") == "\\input{x} &lt;b&gt;");
  BOOST_TEST(html_statement("\\overline{<script>}") ==
             "<span class=\"math\"><span class=\"overline\">&lt;script&gt;</span></span>");
  // A hostile statement stays linear and escaped.
  const std::string many(100000, '^');
  BOOST_TEST(latex_statement("a" + many) == latex_text("a" + many));
}

BOOST_AUTO_TEST_SUITE_END()
