// Tests of latex_text() (reports/base/latex_writer.cpp): how the LaTeX report writes any UTF-8
// string. tests/e2e/e2e_latex.py compiles the result with pdflatex and lualatex; these tests pin
// the mapping and, by RapidCheck, that any input gives ASCII text with balanced braces.
#include <rapidcheck/boost_test.h>

#include <boost/test/unit_test.hpp>
#include <string>

#include "reports/base/writers.h"

using namespace igv;

namespace {

/// The text with the CJK runs (\igvzh{…}, \igvja{…}) removed.
std::string outside_cjk(const std::string& tex) {
  std::string out;
  for (std::size_t i = 0; i < tex.size();) {
    if (tex.compare(i, 7, "\\igvzh{") == 0 || tex.compare(i, 7, "\\igvja{") == 0) {
      i = tex.find('}', i);
      if (i == std::string::npos) return out;
      ++i;
    } else {
      out += tex[i++];
    }
  }
  return out;
}

/// Braces balance when TeX's escaped braces \{ and \} are left out.
bool balanced(const std::string& tex) {
  int depth = 0;
  for (std::size_t i = 0; i < tex.size(); ++i) {
    if (tex[i] == '\\' && i + 1 < tex.size()) {
      ++i;
      continue;
    }
    if (tex[i] == '{') ++depth;
    if (tex[i] == '}' && --depth < 0) return false;
  }
  return depth == 0;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(latex_text_mapping)

BOOST_AUTO_TEST_CASE(math_symbols_are_math) {
  BOOST_TEST(latex_text("m ⊕ n") == "m $\\oplus $ n");
  BOOST_TEST(latex_text("0 ≤ n") == "0 $\\le $ n");
  BOOST_TEST(latex_text("φ") == "$\\varphi $");
  BOOST_TEST(latex_text("𝒢(n)") == "$\\mathcal{G} $(n)");
  BOOST_TEST(latex_text("n ∈ ℕ") == "n $\\in $ $\\mathbb{N} $");
  // Adjacent symbols share one math group.
  BOOST_TEST(latex_text("⌊nφ⌋") == "$\\lfloor $n$\\varphi \\rfloor $");
}

BOOST_AUTO_TEST_CASE(specials_are_escaped) {
  BOOST_TEST(latex_text("100% & $5 #1 a_b {x} ~ ^ \\") ==
             "100\\% \\& \\$5 \\#1 a\\_\\igvbreak{}b \\{x\\} \\textasciitilde{} "
             "\\textasciicircum{} \\textbackslash{}");
  // Ligatures are broken: -- stays two hyphens, << two signs.
  BOOST_TEST(latex_text("a--b") == "a-{}\\igvbreak{}-\\igvbreak{}b");
  BOOST_TEST(latex_text("<<") == "\\textless{}\\textless{}");
}

BOOST_AUTO_TEST_CASE(text_symbols_and_accents) {
  // The guillemets exist in T1 and TU but not in OT1, pdflatex's default: \igvT sets the symbol
  // when the paper's encoding has it, a fallback otherwise (a fragment names no fontenc).
  BOOST_TEST(latex_text("§2 — «x» …") ==
             "\\igvT{\\textsection}{$\\S$}2 --- "
             "\\igvT{\\guillemotleft}{\\raisebox{.2ex}{$\\scriptscriptstyle\\ll$}}x"
             "\\igvT{\\guillemotright}{\\raisebox{.2ex}{$\\scriptscriptstyle\\gg$}} \\dots{}");
  BOOST_TEST(latex_text("\"") == "\\igvT{\\textquotedbl}{{\\ttfamily\\char34}}");
  BOOST_TEST(latex_text("misère") == "mis\\`{e}re");
  BOOST_TEST(latex_text("Guí") == "Gu\\'{\\i}");
  BOOST_TEST(latex_text("R₁ x²") == "R\\textsubscript{1} x\\textsuperscript{2}");
  BOOST_TEST(latex_text("n\u0302") == "\\^{n}");  // a combining circumflex
}

BOOST_AUTO_TEST_CASE(cyrillic_is_set_in_t2a) {
  // Each run of Cyrillic letters in \\igvru{…} (T2A), as LaTeX's letter commands: ASCII in the
  // file, the letters themselves in the PDF; spaces and punctuation stay outside the runs.
  BOOST_TEST(latex_text("Шпрага–Гранди") ==
             "\\igvru{\\CYRSH\\cyrp\\cyrr\\cyra\\cyrg\\cyra}--\\igvru{"
             "\\CYRG\\cyrr\\cyra\\cyrn\\cyrd\\cyri}");
  BOOST_TEST(latex_text("ладейная игра") ==
             "\\igvru{\\cyrl\\cyra\\cyrd\\cyre\\cyrishrt\\cyrn\\cyra\\cyrya} "
             "\\igvru{\\cyri\\cyrg\\cyrr\\cyra}");
  BOOST_TEST(latex_text("ещё объём, Ї") ==
             "\\igvru{\\cyre\\cyrshch\\cyryo} \\igvru{\\cyro\\cyrb\\cyrhrdsn\\cyryo\\cyrm},"
             " \\igvru{\\CYRYI}");
  // A long word may break (with a hyphen) after every 6 letters, 3 or more before its end.
  BOOST_TEST(latex_text("затабулировать") ==
             "\\igvru{\\cyrz\\cyra\\cyrt\\cyra\\cyrb\\cyru\\-\\cyrl\\cyri\\cyrr\\cyro\\cyrv"
             "\\cyra\\cyrt\\cyrsftsn}");
  // A run ends before math and CJK, and a letter after them opens a new one.
  BOOST_TEST(latex_text("а⊕б中в") ==
             "\\igvru{\\cyra}$\\oplus $\\igvru{\\cyrb}\\igvzh{中}\\igvru{\\cyrv}");
}

BOOST_AUTO_TEST_CASE(cjk_runs_and_unknown_characters) {
  BOOST_TEST(latex_text("抓石子游戏 (take-away)") == "\\igvzh{抓石子游戏} (take-\\igvbreak{}away)");
  // Text with kana is Japanese: its runs use the Japanese font.
  BOOST_TEST(latex_text("定理の証明") == "\\igvja{定理の証明}");
  BOOST_TEST(latex_text("☃😀한") == "\\igvU{2603}\\igvU{1F600}\\igvU{D55C}");
  // Only the planes both fonts have go to the CJK fonts (extension A does not); plane 9D is in
  // the Japanese font only.
  BOOST_TEST(latex_text("㐀") == "\\igvU{3400}");
  BOOST_TEST(latex_text("中鴨文") == "\\igvzh{中}\\igvja{鴨}\\igvzh{文}");
  // A line may break after a CJK run that other text follows without a space.
  BOOST_TEST(latex_text("1、2、3") == "1\\igvzh{、}\\igvcjkbreak{}2\\igvzh{、}\\igvcjkbreak{}3");
  BOOST_TEST(latex_text(std::string("a\x01") + "b") == "a\\igvU{0001}b");
  // Invalid UTF-8 is a replacement character, never a crash or raw bytes.
  BOOST_TEST(latex_text("\xff\xfe") == "\\igvU{FFFD}\\igvU{FFFD}");
}

BOOST_AUTO_TEST_CASE(long_words_may_break) {
  const std::string digits(40, '7');
  const std::string tex = latex_text(digits);
  BOOST_TEST(tex.find("\\igvlongbreak{}") != std::string::npos);
  BOOST_TEST(latex_text("a.b") == "a.\\igvbreak{}b");
  BOOST_TEST(latex_text("a. b") == "a. b");
}

RC_BOOST_PROP(any_input_is_ascii_with_balanced_braces, (const std::string& bytes)) {
  const std::string tex = latex_text(bytes);
  RC_ASSERT(balanced(tex));
  for (char ch : outside_cjk(tex)) RC_ASSERT(static_cast<unsigned char>(ch) < 0x80);
}

RC_BOOST_PROP(any_code_point_is_ascii_with_balanced_braces, (std::vector<unsigned> cps)) {
  std::string s;
  for (unsigned c : cps) {
    c %= 0x110000;
    if (c >= 0xD800 && c <= 0xDFFF) c = 0x41;
    if (c < 0x80) {
      s += static_cast<char>(c);
    } else if (c < 0x800) {
      s += static_cast<char>(0xC0 | (c >> 6));
      s += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      s += static_cast<char>(0xE0 | (c >> 12));
      s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      s += static_cast<char>(0xF0 | (c >> 18));
      s += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  const std::string tex = latex_text(s);
  RC_ASSERT(balanced(tex));
  for (char ch : outside_cjk(tex)) RC_ASSERT(static_cast<unsigned char>(ch) < 0x80);
}

BOOST_AUTO_TEST_SUITE_END()
