// latex_text(): any UTF-8 string as LaTeX text that pdflatex and lualatex compile, as Debian's TeX
// Live ships them. The output is ASCII except for runs of Chinese and Japanese characters, which
// the report's macros set by CJKutf8 (pdflatex) or by a few lines of Lua over the same Type 1
// fonts (lualatex). Mathematical symbols become math mode (⊕ → $\oplus$), accented Latin letters
// become accents, Cyrillic letters become the T2A encoding's commands in \igvru{…} (set in their
// own script: the fragment names fontenc with T2A), and any other character is printed as its code
// point ([U+XXXX]) so that no input can break compilation. The report's layout is in
// latex_writer.cpp.
#include "reports/base/latex_text.h"

#include <array>
#include <cctype>
#include <cstdio>
#include <map>
#include <string>
#include <string_view>

namespace igv {

namespace {

/// Decodes one UTF-8 character at s[i]; advances i. An invalid byte decodes as U+FFFD.
char32_t next_code_point(const std::string& s, std::size_t& i) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  int len = 0;
  char32_t cp = 0;
  if (b0 < 0x80) {
    ++i;
    return b0;
  } else if ((b0 & 0xE0) == 0xC0) {
    len = 2;
    cp = b0 & 0x1F;
  } else if ((b0 & 0xF0) == 0xE0) {
    len = 3;
    cp = b0 & 0x0F;
  } else if ((b0 & 0xF8) == 0xF0) {
    len = 4;
    cp = b0 & 0x07;
  } else {
    ++i;
    return 0xFFFD;
  }
  if (i + len > s.size()) {
    ++i;
    return 0xFFFD;
  }
  for (int k = 1; k < len; ++k) {
    const auto b = static_cast<unsigned char>(s[i + k]);
    if ((b & 0xC0) != 0x80) {
      ++i;
      return 0xFFFD;
    }
    cp = (cp << 6) | (b & 0x3F);
  }
  i += len;
  return cp;
}

std::string utf8(char32_t cp) {
  std::string out;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
  return out;
}

std::string code_point_text(char32_t cp) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04X", static_cast<unsigned>(cp));
  return std::string("\\igvU{") + buf + "}";
}

/// Chinese and Japanese characters set in the CJK fonts: the 256-character planes that both
/// Debian fonts have (Arphic gbsnu and Wadalab udmj, one font file per plane; a plane without
/// its file is a fatal error under pdflatex): CJK punctuation and kana (30), the unified
/// ideographs (4E-9F; udmj alone has 9D, see cjk_needs_japanese_font) and the full-width forms
/// (FF). Others, e.g. extension A, Hangul, are printed as code points.
bool is_cjk(char32_t c) {
  return (c >= 0x3000 && c <= 0x30FF) || (c >= 0x4E00 && c <= 0x9FFF) ||
         (c >= 0xFF00 && c <= 0xFFEF);
}

/// Plane 9D is in the Japanese font only.
bool cjk_needs_japanese_font(char32_t c) {
  return (c >> 8) == 0x9D;
}

bool is_kana(char32_t c) {
  return c >= 0x3040 && c <= 0x30FF;
}

/// Characters written in math mode (the operand of $…$).
const std::map<char32_t, const char*>& math_symbols() {
  static const std::map<char32_t, const char*> m{
      {0x00AC, "\\neg"},
      {0x00B1, "\\pm"},
      {0x00B7, "\\cdot"},
      {0x00D7, "\\times"},
      {0x00F7, "\\div"},
      // Greek
      {0x0391, "A"},
      {0x0392, "B"},
      {0x0393, "\\Gamma"},
      {0x0394, "\\Delta"},
      {0x0395, "E"},
      {0x0396, "Z"},
      {0x0397, "H"},
      {0x0398, "\\Theta"},
      {0x0399, "I"},
      {0x039A, "K"},
      {0x039B, "\\Lambda"},
      {0x039C, "M"},
      {0x039D, "N"},
      {0x039E, "\\Xi"},
      {0x039F, "O"},
      {0x03A0, "\\Pi"},
      {0x03A1, "P"},
      {0x03A3, "\\Sigma"},
      {0x03A4, "T"},
      {0x03A5, "\\Upsilon"},
      {0x03A6, "\\Phi"},
      {0x03A7, "X"},
      {0x03A8, "\\Psi"},
      {0x03A9, "\\Omega"},
      {0x03B1, "\\alpha"},
      {0x03B2, "\\beta"},
      {0x03B3, "\\gamma"},
      {0x03B4, "\\delta"},
      {0x03B5, "\\varepsilon"},
      {0x03B6, "\\zeta"},
      {0x03B7, "\\eta"},
      {0x03B8, "\\theta"},
      {0x03B9, "\\iota"},
      {0x03BA, "\\kappa"},
      {0x03BB, "\\lambda"},
      {0x03BC, "\\mu"},
      {0x03BD, "\\nu"},
      {0x03BE, "\\xi"},
      {0x03BF, "o"},
      {0x03C0, "\\pi"},
      {0x03C1, "\\rho"},
      {0x03C2, "\\varsigma"},
      {0x03C3, "\\sigma"},
      {0x03C4, "\\tau"},
      {0x03C5, "\\upsilon"},
      {0x03C6, "\\varphi"},
      {0x03C7, "\\chi"},
      {0x03C8, "\\psi"},
      {0x03C9, "\\omega"},
      {0x03D1, "\\vartheta"},
      {0x03D5, "\\phi"},
      {0x03F5, "\\epsilon"},
      // letter-like symbols
      {0x2102, "\\mathbb{C}"},
      {0x210B, "\\mathcal{H}"},
      {0x2113, "\\ell"},
      {0x2115, "\\mathbb{N}"},
      {0x211A, "\\mathbb{Q}"},
      {0x211D, "\\mathbb{R}"},
      {0x2124, "\\mathbb{Z}"},
      {0x2032, "'"},
      {0x2033, "''"},
      // arrows
      {0x2190, "\\leftarrow"},
      {0x2191, "\\uparrow"},
      {0x2192, "\\to"},
      {0x2193, "\\downarrow"},
      {0x2194, "\\leftrightarrow"},
      {0x21A6, "\\mapsto"},
      {0x21D0, "\\Leftarrow"},
      {0x21D2, "\\Rightarrow"},
      {0x21D4, "\\Leftrightarrow"},
      {0x27F6, "\\longrightarrow"},
      {0x27F9, "\\Longrightarrow"},
      {0x27FA, "\\Longleftrightarrow"},
      // operators and relations
      {0x2200, "\\forall"},
      {0x2202, "\\partial"},
      {0x2203, "\\exists"},
      {0x2204, "\\nexists"},
      {0x2205, "\\emptyset"},
      {0x2208, "\\in"},
      {0x2209, "\\notin"},
      {0x220B, "\\ni"},
      {0x220F, "\\prod"},
      {0x2211, "\\sum"},
      {0x2212, "-"},
      {0x2213, "\\mp"},
      {0x2216, "\\setminus"},
      {0x2218, "\\circ"},
      {0x2219, "\\bullet"},
      {0x221A, "\\surd"},
      {0x221D, "\\propto"},
      {0x221E, "\\infty"},
      {0x2223, "\\mid"},
      {0x2224, "\\nmid"},
      {0x2225, "\\parallel"},
      {0x2227, "\\wedge"},
      {0x2228, "\\vee"},
      {0x2229, "\\cap"},
      {0x222A, "\\cup"},
      {0x222B, "\\int"},
      {0x223C, "\\sim"},
      {0x2243, "\\simeq"},
      {0x2245, "\\cong"},
      {0x2248, "\\approx"},
      {0x2260, "\\neq"},
      {0x2261, "\\equiv"},
      {0x2262, "\\not\\equiv"},
      {0x2264, "\\le"},
      {0x2265, "\\ge"},
      {0x226A, "\\ll"},
      {0x226B, "\\gg"},
      {0x227A, "\\prec"},
      {0x227B, "\\succ"},
      {0x2282, "\\subset"},
      {0x2283, "\\supset"},
      {0x2286, "\\subseteq"},
      {0x2287, "\\supseteq"},
      {0x228A, "\\subsetneq"},
      {0x228B, "\\supsetneq"},
      {0x2295, "\\oplus"},
      {0x2296, "\\ominus"},
      {0x2297, "\\otimes"},
      {0x22A2, "\\vdash"},
      {0x22A4, "\\top"},
      {0x22A5, "\\bot"},
      {0x22BB, "\\veebar"},
      {0x22C5, "\\cdot"},
      {0x22EE, "\\vdots"},
      {0x22EF, "\\cdots"},
      {0x2308, "\\lceil"},
      {0x2309, "\\rceil"},
      {0x230A, "\\lfloor"},
      {0x230B, "\\rfloor"},
      {0x25A1, "\\square"},
      {0x266D, "\\flat"},
      {0x266E, "\\natural"},
      {0x266F, "\\sharp"},
      {0x27E8, "\\langle"},
      {0x27E9, "\\rangle"},
      {0x2A7D, "\\leqslant"},
      {0x2A7E, "\\geqslant"},
      // mathematical script capitals (𝒜 … 𝒵; the reserved holes are the letter-like ones)
      {0x1D49C, "\\mathcal{A}"},
      {0x1D49E, "\\mathcal{C}"},
      {0x1D49F, "\\mathcal{D}"},
      {0x1D4A2, "\\mathcal{G}"},
      {0x1D4A5, "\\mathcal{J}"},
      {0x1D4A6, "\\mathcal{K}"},
      {0x1D4A9, "\\mathcal{N}"},
      {0x1D4AA, "\\mathcal{O}"},
      {0x1D4AB, "\\mathcal{P}"},
      {0x1D4AC, "\\mathcal{Q}"},
      {0x1D4AE, "\\mathcal{S}"},
      {0x1D4AF, "\\mathcal{T}"},
      {0x1D4B0, "\\mathcal{U}"},
      {0x1D4B1, "\\mathcal{V}"},
      {0x1D4B2, "\\mathcal{W}"},
      {0x1D4B3, "\\mathcal{X}"},
      {0x1D4B4, "\\mathcal{Y}"},
      {0x1D4B5, "\\mathcal{Z}"},
      {0x212C, "\\mathcal{B}"},
      {0x2130, "\\mathcal{E}"},
      {0x2131, "\\mathcal{F}"},
      {0x2112, "\\mathcal{L}"},
      {0x2133, "\\mathcal{M}"},
      {0x211B, "\\mathcal{R}"},
  };
  return m;
}

/// Characters written as text commands. A symbol of LaTeX's text companion encoding (TS1: §, †,
/// •, °, ©) goes through \\igvT: the symbol under lualatex (TU has it), its math or OT1 form
/// under pdflatex, where the TS1 font of Computer Modern can be a bitmap (no cm-super) and
/// microtype's font expansion (acmart) stops on a bitmap font.
const std::map<char32_t, const char*>& text_symbols() {
  static const std::map<char32_t, const char*> m{
      {0x00A0, "~"},
      {0x00A1, "!`"},
      {0x00A7, "\\igvT{\\textsection}{$\\S$}"},
      {0x00A9, "\\igvT{\\textcopyright}{\\textcircled{c}}"},
      {0x00AA, "\\igvT{\\textordfeminine}{\\textsuperscript{\\underline{a}}}"},
      {0x00AB, "\\igvT{\\guillemotleft}{\\raisebox{.2ex}{$\\scriptscriptstyle\\ll$}}"},
      {0x00AE, "\\igvT{\\textregistered}{\\textcircled{\\scriptsize R}}"},
      {0x00B0, "\\igvT{\\textdegree}{$^{\\circ}$}"},
      {0x00B2, "\\textsuperscript{2}"},
      {0x00B3, "\\textsuperscript{3}"},
      {0x00B5, "$\\mu$"},
      {0x00B6, "\\igvT{\\textparagraph}{$\\P$}"},
      {0x00B9, "\\textsuperscript{1}"},
      {0x00BA, "\\igvT{\\textordmasculine}{\\textsuperscript{\\underline{o}}}"},
      {0x00BB, "\\igvT{\\guillemotright}{\\raisebox{.2ex}{$\\scriptscriptstyle\\gg$}}"},
      {0x00BC, "\\igvT{\\textonequarter}{$\\frac{1}{4}$}"},
      {0x00BD, "\\igvT{\\textonehalf}{$\\frac{1}{2}$}"},
      {0x00BE, "\\igvT{\\textthreequarters}{$\\frac{3}{4}$}"},
      {0x00BF, "?`"},
      {0x00C6, "\\AE{}"},
      {0x00D0, "\\igvT{\\DH}{\\igvU{00D0}}"},
      {0x00D8, "\\O{}"},
      {0x00DE, "\\igvT{\\TH}{\\igvU{00DE}}"},
      {0x00DF, "\\ss{}"},
      {0x00E6, "\\ae{}"},
      {0x00F0, "\\igvT{\\dh}{\\igvU{00F0}}"},
      {0x00F8, "\\o{}"},
      {0x00FE, "\\igvT{\\th}{\\igvU{00FE}}"},
      {0x0131, "\\i{}"},
      {0x0141, "\\L{}"},
      {0x0142, "\\l{}"},
      {0x0152, "\\OE{}"},
      {0x0153, "\\oe{}"},
      {0x02DC, "\\textasciitilde{}"},
      {0x2002, "\\enspace{}"},
      {0x2003, "\\quad{}"},
      {0x2009, "\\,"},
      {0x200B, "\\hspace{0pt}"},
      {0x2010, "-"},
      {0x2011, "\\mbox{-}"},
      {0x2012, "--"},
      {0x2013, "--"},
      {0x2014, "---"},
      {0x2015, "---"},
      {0x2018, "`"},
      {0x2019, "'"},
      {0x201A, "\\igvT{\\quotesinglbase}{,}"},
      {0x201C, "``"},
      {0x201D, "''"},
      {0x201E, "\\igvT{\\quotedblbase}{,{},}"},
      {0x2020, "\\igvT{\\textdagger}{$\\dagger$}"},
      {0x2021, "\\igvT{\\textdaggerdbl}{$\\ddagger$}"},
      {0x2022, "\\igvT{\\textbullet}{$\\bullet$}"},
      {0x2026, "\\dots{}"},
      {0x202F, "\\,"},
      {0x2030, "\\igvT{\\textperthousand}{\\%\\textsubscript{0}}"},
      {0x2039, "\\igvT{\\guilsinglleft}{\\raisebox{.2ex}{$\\scriptscriptstyle<$}}"},
      {0x203A, "\\igvT{\\guilsinglright}{\\raisebox{.2ex}{$\\scriptscriptstyle>$}}"},
      {0x20AC, "\\igvT{\\texteuro}{EUR}"},
      {0x2116, "\\igvT{\\textnumero}{No.}"},
      {0x2122, "\\igvT{\\texttrademark}{\\textsuperscript{TM}}"},
  };
  return m;
}

/// Latin letters with accents: base letter and accent command.
bool latin_accent(char32_t c, std::string& out) {
  // Latin-1 supplement and Latin Extended-A, by decomposition.
  static const std::map<char32_t, std::pair<const char*, char>> m{
      {0xC0, {"\\`", 'A'}},  {0xC1, {"\\'", 'A'}},   {0xC2, {"\\^", 'A'}},  {0xC3, {"\\~", 'A'}},
      {0xC4, {"\\\"", 'A'}}, {0xC5, {"\\r", 'A'}},   {0xC7, {"\\c", 'C'}},  {0xC8, {"\\`", 'E'}},
      {0xC9, {"\\'", 'E'}},  {0xCA, {"\\^", 'E'}},   {0xCB, {"\\\"", 'E'}}, {0xCC, {"\\`", 'I'}},
      {0xCD, {"\\'", 'I'}},  {0xCE, {"\\^", 'I'}},   {0xCF, {"\\\"", 'I'}}, {0xD1, {"\\~", 'N'}},
      {0xD2, {"\\`", 'O'}},  {0xD3, {"\\'", 'O'}},   {0xD4, {"\\^", 'O'}},  {0xD5, {"\\~", 'O'}},
      {0xD6, {"\\\"", 'O'}}, {0xD9, {"\\`", 'U'}},   {0xDA, {"\\'", 'U'}},  {0xDB, {"\\^", 'U'}},
      {0xDC, {"\\\"", 'U'}}, {0xDD, {"\\'", 'Y'}},   {0xE0, {"\\`", 'a'}},  {0xE1, {"\\'", 'a'}},
      {0xE2, {"\\^", 'a'}},  {0xE3, {"\\~", 'a'}},   {0xE4, {"\\\"", 'a'}}, {0xE5, {"\\r", 'a'}},
      {0xE7, {"\\c", 'c'}},  {0xE8, {"\\`", 'e'}},   {0xE9, {"\\'", 'e'}},  {0xEA, {"\\^", 'e'}},
      {0xEB, {"\\\"", 'e'}}, {0xEC, {"\\`", 'i'}},   {0xED, {"\\'", 'i'}},  {0xEE, {"\\^", 'i'}},
      {0xEF, {"\\\"", 'i'}}, {0xF1, {"\\~", 'n'}},   {0xF2, {"\\`", 'o'}},  {0xF3, {"\\'", 'o'}},
      {0xF4, {"\\^", 'o'}},  {0xF5, {"\\~", 'o'}},   {0xF6, {"\\\"", 'o'}}, {0xF9, {"\\`", 'u'}},
      {0xFA, {"\\'", 'u'}},  {0xFB, {"\\^", 'u'}},   {0xFC, {"\\\"", 'u'}}, {0xFD, {"\\'", 'y'}},
      {0xFF, {"\\\"", 'y'}}, {0x106, {"\\'", 'C'}},  {0x107, {"\\'", 'c'}}, {0x10C, {"\\v", 'C'}},
      {0x10D, {"\\v", 'c'}}, {0x10E, {"\\v", 'D'}},  {0x10F, {"\\v", 'd'}}, {0x118, {"\\k", 'E'}},
      {0x119, {"\\k", 'e'}}, {0x11A, {"\\v", 'E'}},  {0x11B, {"\\v", 'e'}}, {0x11E, {"\\u", 'G'}},
      {0x11F, {"\\u", 'g'}}, {0x143, {"\\'", 'N'}},  {0x144, {"\\'", 'n'}}, {0x147, {"\\v", 'N'}},
      {0x148, {"\\v", 'n'}}, {0x150, {"\\H", 'O'}},  {0x151, {"\\H", 'o'}}, {0x158, {"\\v", 'R'}},
      {0x159, {"\\v", 'r'}}, {0x15A, {"\\'", 'S'}},  {0x15B, {"\\'", 's'}}, {0x15E, {"\\c", 'S'}},
      {0x15F, {"\\c", 's'}}, {0x160, {"\\v", 'S'}},  {0x161, {"\\v", 's'}}, {0x164, {"\\v", 'T'}},
      {0x165, {"\\v", 't'}}, {0x16E, {"\\r", 'U'}},  {0x16F, {"\\r", 'u'}}, {0x170, {"\\H", 'U'}},
      {0x171, {"\\H", 'u'}}, {0x178, {"\\\"", 'Y'}}, {0x179, {"\\'", 'Z'}}, {0x17A, {"\\'", 'z'}},
      {0x17B, {"\\.", 'Z'}}, {0x17C, {"\\.", 'z'}},  {0x17D, {"\\v", 'Z'}}, {0x17E, {"\\v", 'z'}},
  };
  const auto it = m.find(c);
  if (it == m.end()) return false;
  out += it->second.first;
  out += '{';
  if (it->second.second == 'i' && std::string_view(it->second.first) != "\\c") {
    out += "\\i";  // dotless i under an accent
  } else {
    out += it->second.second;
  }
  out += '}';
  return true;
}

/// Combining diacritical marks over the previous (ASCII) letter: the accent command.
const char* combining_accent(char32_t c) {
  switch (c) {
    case 0x0300:
      return "\\`";
    case 0x0301:
      return "\\'";
    case 0x0302:
      return "\\^";
    case 0x0303:
      return "\\~";
    case 0x0304:
      return "\\=";
    case 0x0306:
      return "\\u";
    case 0x0307:
      return "\\.";
    case 0x0308:
      return "\\\"";
    case 0x030A:
      return "\\r";
    case 0x030B:
      return "\\H";
    case 0x030C:
      return "\\v";
    case 0x0327:
      return "\\c";
    default:
      return nullptr;
  }
}

/// Cyrillic, as the T2A encoding's commands (\CYRSH, \cyra: LaTeX's internal representation,
/// which pdflatex and lualatex read alike), set in \igvru{…}, which switches to T2A; ASCII in
/// the file, the letters themselves in the PDF (cm-super's Type 1 fonts). nullptr for any other
/// character.
const char* cyrillic(char32_t c) {
  static const char* const upper[32] = {
      "\\CYRA",     "\\CYRB",    "\\CYRV",     "\\CYRG",  "\\CYRD",    "\\CYRE",     "\\CYRZH",
      "\\CYRZ",     "\\CYRI",    "\\CYRISHRT", "\\CYRK",  "\\CYRL",    "\\CYRM",     "\\CYRN",
      "\\CYRO",     "\\CYRP",    "\\CYRR",     "\\CYRS",  "\\CYRT",    "\\CYRU",     "\\CYRF",
      "\\CYRH",     "\\CYRC",    "\\CYRCH",    "\\CYRSH", "\\CYRSHCH", "\\CYRHRDSN", "\\CYRERY",
      "\\CYRSFTSN", "\\CYREREV", "\\CYRYU",    "\\CYRYA"};
  // The small letters' commands are the capitals' in small letters (\CYRSH, \cyrsh).
  static const std::array<std::string, 32> lower = [] {
    std::array<std::string, 32> out;
    for (std::size_t i = 0; i < out.size(); ++i) {
      out[i] = upper[i];
      for (char& ch : out[i]) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    }
    return out;
  }();
  if (c >= 0x0410 && c <= 0x042F) return upper[c - 0x0410];
  if (c >= 0x0430 && c <= 0x044F) return lower[c - 0x0430].c_str();
  switch (c) {
    case 0x0401:
      return "\\CYRYO";
    case 0x0451:
      return "\\cyryo";
    case 0x0406:
      return "\\CYRII";
    case 0x0456:
      return "\\cyrii";
    case 0x0407:
      return "\\CYRYI";
    case 0x0457:
      return "\\cyryi";
    case 0x0404:
      return "\\CYRIE";
    case 0x0454:
      return "\\cyrie";
    case 0x0490:
      return "\\CYRGUP";
    case 0x0491:
      return "\\cyrgup";
    default:
      return nullptr;
  }
}

const char* subscript_digit(char32_t c) {
  static const char* const d[10] = {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"};
  if (c >= 0x2080 && c <= 0x2089) return d[c - 0x2080];
  return nullptr;
}

const char* superscript_digit(char32_t c) {
  static const char* const d[10] = {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"};
  if (c == 0x2070) return d[0];
  if (c >= 0x2074 && c <= 0x2079) return d[c - 0x2070];
  return nullptr;
}

/// Where a line may break inside a long word (after these characters).
bool break_after(char c) {
  return c == ',' || c == ';' || c == ':' || c == '/' || c == '.' || c == '=' || c == '_' ||
         c == '-' || c == ')' || c == ']' || c == '}' || c == '|' || c == '+' || c == '*';
}

std::string ascii_char(char ch, char next) {
  switch (ch) {
    case '&':
    case '%':
    case '$':
    case '#':
    case '_':
    case '{':
    case '}':
      return std::string("\\") + ch;
    case '~':
      return "\\textasciitilde{}";
    case '^':
      return "\\textasciicircum{}";
    case '\\':
      return "\\textbackslash{}";
    case '<':
      return "\\textless{}";
    case '>':
      return "\\textgreater{}";
    case '|':
      return "\\textbar{}";
    case '"':
      return "\\igvT{\\textquotedbl}{{\\ttfamily\\char34}}";
    case '\n':
    case '\r':
    case '\t':
      return " ";
    default:
      break;
  }
  if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7F) return code_point_text(ch);
  // Break the ligatures -- --- `` '' ,, !` ?` so that the text reads as typed.
  if ((ch == '-' || ch == '`' || ch == '\'' || ch == ',' || ch == '!' || ch == '?') &&
      (next == '-' || next == '`' || next == '\'' || next == ',')) {
    return std::string(1, ch) + "{}";
  }
  return std::string(1, ch);
}

}  // namespace

std::string latex_text(const std::string& s) {
  std::string out;
  // Japanese text (it has kana) is set in a Japanese font, other CJK text in a Chinese one.
  bool japanese = false;
  for (std::size_t i = 0; i < s.size();) {
    if (is_kana(next_code_point(s, i))) japanese = true;
  }
  std::string cjk_run;
  bool run_japanese = false;
  auto flush_cjk = [&]() {
    if (cjk_run.empty()) return;
    out += run_japanese ? "\\igvja{" : "\\igvzh{";
    out += cjk_run;
    out += '}';
    cjk_run.clear();
  };
  std::size_t word = 0;  // characters since the last break opportunity
  bool in_math = false;  // inside a $…$ group of adjacent math symbols
  auto close_math = [&]() {
    if (in_math) out += '$';
    in_math = false;
  };
  bool in_cyrillic = false;                   // inside \igvru{…}, a run of Cyrillic letters
  std::size_t run_letters = 0, run_done = 0;  // the run's letters, and those written
  auto close_cyrillic = [&]() {
    if (in_cyrillic) out += '}';
    in_cyrillic = false;
  };
  // TeX reads its input a line at a time into a buffer of fixed size ("Unable to read an entire
  // line" past it): a long text is cut into lines of at most about kLine bytes, between two
  // characters, by a comment sign and a line end, which TeX drops (no space is added).
  constexpr std::size_t kLine = 4000;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < s.size();) {
    if (out.size() + cjk_run.size() - line_start >= kLine) {
      (cjk_run.empty() ? out : cjk_run) += "%\n";
      line_start = out.size() + cjk_run.size();
    }
    const char32_t c = next_code_point(s, i);
    if (const char* cy = cyrillic(c)) {
      flush_cjk();
      close_math();
      if (!in_cyrillic) {
        out += "\\igvru{";
        // The letters of this run, for its breaks.
        run_letters = 1;
        run_done = 0;
        for (std::size_t j = i; j < s.size();) {
          if (cyrillic(next_code_point(s, j)) == nullptr) break;
          ++run_letters;
        }
      }
      in_cyrillic = true;
      // A long word may break with a hyphen after every 6 letters, 3 or more letters before the
      // end (TeX has no Russian patterns here; a narrow table column needs the break).
      if (run_done >= 6 && run_done % 6 == 0 && run_letters - run_done >= 3) out += "\\-";
      out += cy;
      ++run_done;
      ++word;
      continue;
    }
    close_cyrillic();
    if (is_cjk(c)) {
      close_math();
      const bool jp = japanese || cjk_needs_japanese_font(c);
      if (jp != run_japanese) flush_cjk();
      run_japanese = jp;
      cjk_run += utf8(c);
      word = 0;
      continue;
    }
    if (!cjk_run.empty()) {
      flush_cjk();
      // A line may break after a CJK run followed by other text ("1、2、3、5、8" has no space).
      if (c != ' ' && c != '\n' && c != '\t') out += "\\igvcjkbreak{}";
    }
    const auto m = math_symbols().find(c);
    if (m != math_symbols().end()) {
      if (!in_math) out += '$';
      in_math = true;
      out += m->second;
      out += ' ';
      continue;
    }
    if (const char* d = subscript_digit(c)) {
      close_math();
      out += "\\textsubscript{";
      out += d;
      out += '}';
      continue;
    }
    if (const char* d = superscript_digit(c)) {
      close_math();
      out += "\\textsuperscript{";
      out += d;
      out += '}';
      continue;
    }
    close_math();
    if (c < 0x80) {
      const char ch = static_cast<char>(c);
      // A combining accent over an ASCII letter: the accent command.
      std::size_t j = i;
      const char32_t next_cp = j < s.size() ? next_code_point(s, j) : 0;
      if (const char* acc = combining_accent(next_cp);
          acc != nullptr && std::isalpha(static_cast<unsigned char>(ch))) {
        out += acc;
        out += '{';
        out += ch == 'i' ? std::string("\\i") : std::string(1, ch);
        out += '}';
        i = j;
        ++word;
        continue;
      }
      const char next = i < s.size() ? s[i] : '\0';
      out += ascii_char(ch, next);
      if (ch == ' ' || ch == '\n' || ch == '\t') {
        word = 0;
      } else if (break_after(ch) && next != ' ' && next != '\0') {
        out += "\\igvbreak{}";
        word = 0;
      } else if (++word >= 10 && next != ' ' && next != '\0') {
        // A long word without punctuation (a number, a hash): a costly break.
        out += "\\igvlongbreak{}";
        word = 0;
      }
      continue;
    }
    ++word;
    const auto t = text_symbols().find(c);
    if (t != text_symbols().end()) {
      out += t->second;
      continue;
    }
    if (latin_accent(c, out)) continue;
    // Anything else: its code point, visibly.
    out += code_point_text(c);
  }
  close_cyrillic();
  close_math();
  flush_cjk();
  return out;
}

}  // namespace igv
