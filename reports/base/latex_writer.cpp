// The LaTeX report: report.tex, a complete document that compiles with pdflatex and lualatex as
// Debian's TeX Live ships them, and the same tables as fragments to \input into a paper
// (tables/documents/<document>.tex, one per source document; tables/<claim>.tex, one per
// evidence table). Like the other writers, a function of the one result set.
//
// Every string of the report goes through latex_text() (latex_text.h: Unicode as
// LaTeX text); this file is the layout: the document, its tables and their macros.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <sstream>

#include "reports/base/latex_tables.h"
#include "reports/base/latex_text.h"
#include "reports/base/report.h"
#include "reports/base/statement_markup.h"
#include "reports/base/writers.h"

namespace igv {

namespace {

std::string plain(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "";
  return v.dump();
}

/// A claim or document id in typewriter type, breakable after its punctuation.
std::string tt(const std::string& id) {
  return "\\texttt{" + latex_text(id) + "}";
}

/// The domain the evidence covered, as text ("" when the evidence names none).
std::string domain_text(const nlohmann::json& evidence) {
  if (!evidence.is_object() || !evidence.contains("domain")) return "";
  const auto& d = evidence["domain"];
  if (d.is_string()) return d.get<std::string>();
  if (d.is_object()) {
    std::string out;
    for (const auto& [k, v] : d.items()) {
      if (!out.empty()) out += "; ";
      out += k + ": " + plain(v);
    }
    return out;
  }
  if (d.is_array()) {
    std::string out;
    for (const auto& v : d) out += (out.empty() ? "" : "; ") + plain(v);
    return out;
  }
  return plain(d);
}

/// What the verdict established: the domain covered for a verified or passed claim when the
/// evidence names one, else the checker's summary (the proof, the counterexample, the reason).
std::string established_cell(const ClaimResult& r) {
  const auto v = r.outcome.verdict;
  const std::string domain = domain_text(r.outcome.evidence);
  // A proof covers every case: its summary says what was proved (the evidence's domain is then
  // only the finite part the certificate replays).
  if ((v == Verdict::verified || v == Verdict::passed) && !domain.empty()) {
    return "\\emph{on} " + latex_text_with_math(shorten_text(domain, 400));
  }
  return latex_text_with_math(shorten_text(r.outcome.summary, 400));
}

/// A verdict; for the claims a reader must look at, in colour (when the document loads xcolor)
/// with a mark whose shape survives greyscale: $\times$ refuted, ? inconclusive, ! error.
std::string verdict_cell(const ClaimResult& r) {
  const std::string name(to_string(r.outcome.verdict));
  std::string out;
  switch (r.outcome.verdict) {
    case Verdict::refuted:
      out = "\\igvattention{red}{$\\times$}{" + name + "}";
      break;
    case Verdict::inconclusive:
      out = "\\igvattention{orange}{?}{" + name + "}";
      break;
    case Verdict::error:
      out = "\\igvattention{violet}{!}{" + name + "}";
      break;
    default:
      out = name;
  }
  if (!r.claim.expected_verdict) {
    out += " (undecided)";
  } else if (!r.as_expected()) {
    out += " \\emph{(expected " + std::string(to_string(*r.claim.expected_verdict)) + ")}";
  }
  return out;
}

/// The longest statement a footnote gives whole.
constexpr std::size_t kFootnote = 4000;
/// The longest span of a statement's markup typeset as math in a table cell (a longer one stays
/// text, which may break across the narrow column's lines).
constexpr std::size_t kCellMath = 24;
/// The longest statement a note under a float gives whole.
constexpr std::size_t kFloatNote = 1000;
/// A document table of fewer claims is a float (table*), split into floats of at most
/// kDocumentPartLines estimated lines; a longer one is a longtable.
constexpr std::size_t kDocumentFloatRows = 20;
constexpr double kDocumentPartLines = 38;

/// The claim column of a document table: the id, then the statement (shortened, with the full
/// text in a footnote when long; in a float, where a footnote is lost, in a numbered note that
/// `notes` collects).
std::string claim_cell(const ClaimResult& r, std::vector<std::string>* notes = nullptr) {
  // A claim with details links to them (in report.tex; plain text in a paper).
  std::string out = has_details(r)
                        ? "\\igvref{igv:details:" + r.claim.id + "}{" + tt(r.claim.id) + "}"
                        : tt(r.claim.id);
  out += "\\newline " + latex_statement(shorten_text(r.claim.statement, kStatementCell), kCellMath);
  if (r.claim.statement.size() > kStatementCell) {
    if (notes != nullptr) {
      // Under the float: up to 1000 bytes (report.json holds the statement whole).
      notes->push_back("(" + std::to_string(notes->size() + 1) + ") " + tt(r.claim.id) + ": " +
                       latex_statement(shorten_text(r.claim.statement, kFloatNote)));
      out += " (" + std::to_string(notes->size()) + ")";
      return out;
    }
    // TeX keeps a longtable's footnotes in memory until the page is out: a statement of a
    // hundred thousand bytes would exhaust it, so the footnote holds up to 4000 bytes of it
    // (report.json, and the Details section for a notable claim, hold it whole).
    out += "\\footnote{" + tt(r.claim.id) + ": " +
           latex_statement(shorten_text(r.claim.statement, kFootnote)) + "}";
  }
  return out;
}

/// The column specification of a table whose columns share \linewidth: `fixed` columns of that
/// many em first (0: none), then columns of the given shares of what is left; 0.5em between
/// columns, none at the sides, so that the table is exactly \linewidth wide. Every column is a
/// ragged p{} column (numbers ragged left).
std::string columns(const std::vector<std::pair<double, bool>>& shares,
                    const std::vector<std::pair<std::size_t, double>>& fixed, bool numbers) {
  const std::size_t n = shares.size() + fixed.size();
  double fixed_em = 0;
  for (const auto& f : fixed) fixed_em += f.second;
  std::ostringstream c;
  c << "@{}";
  std::size_t share = 0;
  long given = 0;  // thousandths given to the shared columns so far
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) c << "@{\\hspace{0.5em}}";
    // \hspace{0pt}: TeX may then hyphenate a cell's first word.
    c << ">{" << (numbers ? "\\raggedleft" : "\\raggedright") << "\\arraybackslash\\hspace{0pt}}p{";
    const auto f =
        std::find_if(fixed.begin(), fixed.end(),
                     [i](const std::pair<std::size_t, double>& x) { return x.first == i; });
    if (f != fixed.end()) {
      c << f->second << "em}";
      continue;
    }
    // Thousandths of the rest, rounded down; the last column takes what the others leave, so
    // that the columns never add up to more than \linewidth.
    long permille = static_cast<long>(shares[share].first * 1000);
    if (share + 1 == shares.size()) permille = 1000 - given;
    given += permille;
    ++share;
    c << "\\dimexpr(\\linewidth-" << (fixed_em + 0.5 * static_cast<double>(n - 1)) << "em)*"
      << permille << "/1000\\relax}";
  }
  c << "@{}";
  return c.str();
}

/// The macros the tables use, each \providecommand'ed so that the document and any number of
/// fragments may define them; engine-dependent parts test \directlua (LuaTeX) at use.
const char* const kBreakMacros =
    "\\providecommand\\igvbreak{\\penalty50\\relax}\n"
    "\\providecommand\\igvlongbreak{\\penalty500\\relax}\n";
const char* const kAttentionMacro =
    "\\providecommand\\igvattention[3]{\\ifdefined\\textcolor\\textcolor{#1}{\\textbf{#2}\\,#"
    "3}\\else\\textbf{#2}\\,#3\\fi}\n";
const char* const kCodePointMacro =
    "\\providecommand\\igvU[1]{\\mbox{\\normalfont\\ttfamily[U+#1]}}\n";
/// A symbol that only some font encodings have (the guillemets, \\textquotedbl and \\DH are in
/// T1 and TU, not in OT1, pdflatex's default): the symbol when the current encoding has it, else
/// the second argument, so that a fragment compiles whatever fontenc the paper loads.
const char* const kTextSymbolMacro =
    "\\providecommand\\igvT[2]{\\ifcsname\\csname "
    "f@encoding\\endcsname\\string#1\\endcsname#1\\else#2\\fi}\\MakeRobust\\igvT\n";
/// Cyrillic text (latex_text's \\igvru{\\CYRSH\\cyrp…}): set in the T2A encoding, which the
/// fragment's header names (fontenc with T2A; cm-super's Type 1 fonts) under both engines.
/// Robust: a caption with Cyrillic goes to the list of tables.
const char* const kCyrillicMacro =
    "\\providecommand\\igvru[1]{{\\fontencoding{T2A}\\selectfont#1}}\\MakeRobust\\igvru\n";
/// The links of report.tex (hyperref there; plain text in a paper): a claim's details, its
/// evidence table.
const char* const kLinkMacros =
    "\\providecommand\\igvref[2]{#2}\n\\providecommand\\igvtableref[1]{}\n";
/// Chinese and Japanese text: CJKutf8 under pdflatex, a few lines of Lua over the same fonts
/// under lualatex (only in a fragment whose text holds CJK).
const char* const kCjkMacros =
    R"(\ifdefined\directlua
\directlua{
igv = igv or {}
igv.fonts = igv.fonts or {}
function igv.has(name, lo)
  local f = igv.fonts[name]
  if f == nil then
    f = false
    local path = kpse.find_file(name, "tfm")
    if path then
      local t = font.read_tfm(path, 655360)
      if t and t.characters then f = t.characters end
    end
    igv.fonts[name] = f
  end
  return f and f[lo] and true or false
end
function igv.hex(v, n)
  local digits, out = "0123456789ABCDEF", ""
  for i = 1, n do
    local d = v - (v // 16) * 16
    out = digits:sub(d + 1, d + 1) .. out
    v = v // 16
  end
  return out
end
igv.nobreak = {[0x3001]=true, [0x3002]=true, [0x30FB]=true, [0x30FC]=true, [0x300D]=true,
  [0x300F]=true, [0x300B]=true, [0x3009]=true, [0xFF09]=true, [0xFF0C]=true, [0xFF0E]=true,
  [0xFF1A]=true, [0xFF1B]=true, [0xFF01]=true, [0xFF1F]=true}
function igv.cjk(prefix, other, s)
  local bs = string.char(92)
  local first = true
  for _, c in utf8.codes(s) do
    if not first and not igv.nobreak[c] then tex.sprint(bs .. "igvcjkbreak{}") end
    first = false
    local plane = string.lower(igv.hex(c // 256, 2))
    local lo = c - (c // 256) * 256
    local name = prefix .. plane
    if not igv.has(name, lo) then name = other .. plane end
    if igv.has(name, lo) then
      tex.sprint(bs .. "igvcjkglyph{" .. name .. "}{" .. lo .. "}")
    else
      tex.sprint(bs .. "igvU{" .. igv.hex(c, 4) .. "}")
    end
  end
end
}
\fi
\providecommand\igvcjkbreak{\hskip0pt plus .1em\relax}
\providecommand\igvcjkglyph[2]{{\font\igvcjkfont=#1 at 1em\igvcjkfont\char#2\relax}}
\ifdefined\directlua\else\ifdefined\CJKsymbol\ifdefined\igvcjkfallback\else
\makeatletter
\def\igvcjkfallback#1{\iffontchar\font#1\relax\symbol{#1}\else\begingroup
  \def\igv@tmp{gbsn}\ifx\CJK@family\igv@tmp\def\igv@tmp{min}\fi
  \def\igv@lo{9d}\ifx\CJK@plane\igv@lo\def\igv@tmp{min}\fi
  \usefont{\CJK@enc}{\igv@tmp}{\CJK@series}{\CJK@shape}%
  \iffontchar\font#1\relax\symbol{#1}\else
    \CJK@numbToHex{\igv@lo}{#1}\edef\igv@tmp{\CJK@plane\igv@lo}%
    \uppercase\expandafter{\expandafter\igvU\expandafter{\igv@tmp}}\fi
  \endgroup\fi}
\DeclareRobustCommand\CJKsymbol[1]{\igvcjkfallback{#1}}
\DeclareRobustCommand\CJKpunctsymbol[1]{\igvcjkfallback{#1}}
\makeatother
\fi\fi\fi
\providecommand\igvzh[1]{\ifdefined\directlua\directlua{igv.cjk("gbsnu", "udmj", "\luaescapestring{#1}")}\else\begin{CJK}{UTF8}{gbsn}#1\end{CJK}\fi}
\providecommand\igvja[1]{\ifdefined\directlua\directlua{igv.cjk("udmj", "gbsnu", "\luaescapestring{#1}")}\else\begin{CJK}{UTF8}{min}#1\end{CJK}\fi}
)";

/// The lines a text of `chars` bytes takes in a column of `width` characters (words do not fill
/// a line: a fifth more).
double text_lines(std::size_t chars, double width) {
  return chars == 0 ? 1.0 : std::ceil(static_cast<double>(chars) * 1.2 / width);
}

/// The estimated height, in lines at \small, of a document table's row in the narrowest text
/// block of the classes a fragment is for (345 pt: article, llncs): the claim column holds about
/// 19 characters a line, the locator 17, the verdict 12, what was established 26.
double document_row_lines(const ClaimResult& r) {
  const double claim = text_lines(r.claim.id.size(), 17) +
                       text_lines(std::min(r.claim.statement.size(), kStatementCell + 3), 19);
  const double locator = text_lines(std::min(r.claim.locator.size(), kStatementCell + 3), 17);
  const double verdict = r.as_expected() && r.claim.expected_verdict ? 1.0 : 3.0;
  const double established = text_lines(
      std::min(std::max(r.outcome.summary.size(), domain_text(r.outcome.evidence).size()),
               std::size_t{403}),
      26);
  return std::max({claim, locator, verdict, established});
}

std::string document_row(const ClaimResult& r, bool notes, std::vector<std::string>& footnotes) {
  std::ostringstream tex;
  tex << claim_cell(r, notes ? &footnotes : nullptr) << " & "
      << latex_text(shorten_text(r.claim.locator, kStatementCell)) << " & " << verdict_cell(r)
      << " & " << established_cell(r);
  if (has_evidence_table(r)) tex << "\\igvtableref{" << r.claim.id << "}";
  tex << "\\\\\n";
  return tex.str();
}

std::string document_table(const std::vector<const ClaimResult*>& rows) {
  std::ostringstream tex;
  const auto& first = *rows.front();
  const std::string& doc = first.claim.document;
  const std::string spec = columns({{0.3, false}, {0.28, false}, {0.42, false}}, {{2, 6.5}}, false);
  const std::string caption =
      latex_text(document_name(first.claim)) + ": " +
      (rows.size() == 1 ? std::string("the verdict of its claim")
                        : "the verdicts of its " + std::to_string(rows.size()) + " claims") +
      " and what each established";
  const std::string label = "\\label{igv:document:" + doc + "}";
  const std::string head = "Claim & Locator & Verdict & Established\\\\\n";
  if (rows.size() < kDocumentFloatRows) {
    // A short table is a float across the page (table*: both columns of a two-column class), so
    // that the text flows on around it; a table taller than a float page is set as floats of
    // as many rows as fit (the later ones headed "continued"). Long statements go to numbered
    // notes under their part: a footnote inside a float is lost.
    std::vector<std::vector<const ClaimResult*>> parts(1);
    double lines = 0;
    for (const auto* r : rows) {
      const double row =
          document_row_lines(*r) + (r->claim.statement.size() > kStatementCell ? 14.0 : 0.0);
      if (!parts.back().empty() && lines + row > kDocumentPartLines) {
        parts.emplace_back();
        lines = 0;
      }
      parts.back().push_back(r);
      lines += row;
    }
    for (std::size_t p = 0; p < parts.size(); ++p) {
      tex << "\\begin{table*}[tbp]\n\\centering\\small\n";
      if (p == 0) {
        tex << "\\caption{" << caption << "}" << label << "\n";
      } else {
        tex << "\\emph{Table~\\ref{igv:document:" << doc << "} (continued)}\\par\\smallskip\n";
      }
      tex << "\\begin{tabular}{" << spec << "}\n\\toprule\n" << head << "\\midrule\n";
      std::vector<std::string> notes;
      for (const auto* r : parts[p]) tex << document_row(*r, true, notes);
      tex << "\\bottomrule\n\\end{tabular}\n";
      if (!notes.empty()) {
        tex << "\\par\\smallskip{\\footnotesize\\raggedright ";
        for (std::size_t i = 0; i < notes.size(); ++i) tex << (i ? "\\par " : "") << notes[i];
        tex << "\\par}\n";
      }
      tex << "\\end{table*}\n";
    }
    return tex.str();
  }
  // A long table is a longtable, which LaTeX sets in one column only: in a two-column class the
  // table takes pages of its own (kLatexOneColumn).
  tex << kLatexOneColumn << "\\begin{longtable}{" << spec << "}\n\\caption{" << caption << "}"
      << label << "\\\\\n\\toprule\n"
      << head << "\\midrule\n\\endfirsthead\n"
      << "\\toprule\n"
      << head << "\\midrule\n\\endhead\n"
      << "\\bottomrule\n\\endfoot\n";
  std::vector<std::string> unused;
  for (const auto* r : rows) tex << document_row(*r, false, unused);
  tex << "\\end{longtable}\n\\igvcolumnsagain\n";
  return tex.str();
}

/// A fragment: what it is and the packages it needs, the macros its text uses (and only those:
/// the Lua and CJK lines only when the text holds Chinese or Japanese), then the table.
std::string fragment(const std::string& what, const std::string& body) {
  const auto uses = [&body](const char* macro) { return body.find(macro) != std::string::npos; };
  const bool cjk = uses("\\igvzh") || uses("\\igvja");
  std::string packages = "booktabs";
  if (uses("\\begin{longtable}")) packages += ",longtable";
  if (uses(">{")) packages = "array," + packages;
  if (body.find("\\math") != std::string::npos || uses("\\var") || uses("\\nmid") ||
      uses("\\leqslant") || uses("\\geqslant") || uses("\\square"))
    packages = "amssymb," + packages;
  std::string out = "% " + what +
                    ", generated by `verify run --format tex`: \\input it into a document that "
                    "loads\n%   \\usepackage{" +
                    packages + "}\n";
  if (uses("\\igvattention")) out += "% and, for the verdicts' colours, \\usepackage{xcolor}\n";
  if (uses("\\igvru")) {
    // One line for both engines (T1 stays the default encoding); a lualatex paper may give
    // fontenc the options T2A,TU instead, to keep its Unicode fonts the default.
    out +=
        "% and, for its Cyrillic text (set in T2A: cm-super's fonts), under both engines:\n"
        "%   \\usepackage[T2A,T1]{fontenc}\n"
        "% (under lualatex, the options T2A,TU keep the Unicode fonts as the default)\n";
  }
  if (cjk) {
    out +=
        "% and, for its Chinese or Japanese text, under pdflatex only:\n"
        "%   \\usepackage[T1]{fontenc}\\usepackage{lmodern,CJKutf8}\n";
  }
  out += "% (reports/REPORTS.md, \"Fragments for a paper\").\n";
  if (uses("\\igvbreak") || uses("\\igvlongbreak")) out += kBreakMacros;
  if (uses("\\igvattention")) out += kAttentionMacro;
  if (uses("\\igvU") || uses("\\igvT") || cjk) out += kCodePointMacro;
  if (uses("\\igvT")) out += kTextSymbolMacro;
  if (uses("\\igvref") || uses("\\igvtableref")) out += kLinkMacros;
  if (uses("\\igvru")) out += kCyrillicMacro;
  // Robust: revtex4-2 writes a footnote's text to a file (its notes go to the bibliography), and
  // \igvzh or \igvja expanded there calls Lua and defines fonts where TeX only writes.
  if (cjk) out += std::string(kCjkMacros) + "\\MakeRobust\\igvzh\\MakeRobust\\igvja\n";
  return out + body;
}

/// The figure of report.tex: the PDF (or, when it is missing, how to make it), its caption and
/// label. The caption is prose for a paper: what the figure shows and how its values were
/// established, with its math as math; the claims it illustrates and its file are in the
/// report's body beside it (figure_provenance), never in the caption. The short caption (the
/// list of figures, bookmarks) is braced, so that a `]` in it (Welter's [a|b]) cannot end it.
std::string figure_float(const LatexFigure& f) {
  std::ostringstream tex;
  const std::string title = latex_text_with_math(shorten_text(f.title, 400));
  tex << "\\begin{figure}[tbp]\n\\centering\n\\IfFileExists{" << f.pdf
      << "}{\\includegraphics[width=\\linewidth,height=0.7\\textheight,keepaspectratio]{" << f.pdf
      << "}}{\\fbox{\\parbox{0.9\\linewidth}{\\raggedright " << tt(f.pdf)
      << " is missing: make it from " << tt(f.svg) << " with \\texttt{rsvg-convert -f pdf -o "
      << latex_text(f.pdf) << " " << latex_text(f.svg)
      << "} (Debian: librsvg2-bin), then compile again.}}}\n\\caption[{" << title << "}]{" << title;
  if (!f.caption.empty()) tex << ". " << latex_text_with_math(shorten_text(f.caption, 2000));
  tex << "}\\label{igv:figure:" << f.svg << "}\n\\end{figure}\n\n";
  return tex.str();
}

/// Where a figure comes from, for the report's body: its file and the claims it illustrates.
std::string figure_provenance(const LatexFigure& f) {
  std::string out = "Figure~\\ref{igv:figure:" + f.svg + "} (" + tt(f.svg) + ")";
  if (!f.claims.empty()) {
    out += f.claims.size() == 1 ? " illustrates the claim" : " illustrates the claims";
    for (std::size_t i = 0; i < f.claims.size(); ++i) out += (i ? ", " : " ") + tt(f.claims[i]);
  }
  return out + ".";
}

/// A document's section title: its title, else its id; in the PDF's bookmarks (plain text) the
/// title when it is plain ASCII, else the id.
std::string document_heading(const ClaimResult& r) {
  // Shortened: a heading and a bookmark are one line each (the table's caption has the title).
  const std::string title = shorten_text(r.claim.document_title, 200);
  const std::string text = title.empty() ? tt(r.claim.document) : latex_text(title);
  const bool plain_ascii = !title.empty() && std::all_of(title.begin(), title.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) ||
           std::string(" .,:;()'-").find(c) != std::string::npos;
  });
  std::string bookmark = plain_ascii ? title : r.claim.document;
  for (std::size_t p = bookmark.find('_'); p != std::string::npos; p = bookmark.find('_', p + 2))
    bookmark.replace(p, 1, "\\_");
  return "\\texorpdfstring{" + text + "}{" + bookmark + "}";
}

}  // namespace

std::string latex_document_fragment_path(const std::string& document) {
  return "tables/documents/" + id_file_name(document, "tex");
}

std::string latex_evidence_fragment_path(const std::string& claim) {
  return "tables/" + id_file_name(claim, "tex");
}

std::vector<std::pair<std::string, std::string>> report_to_latex(
    const Report& report, const std::vector<LatexFigure>& figures) {
  std::vector<std::pair<std::string, std::string>> files;
  std::map<std::string, std::vector<const ClaimResult*>> by_doc;
  std::vector<std::string> order;
  for (const auto& r : report.results) {
    if (by_doc.find(r.claim.document) == by_doc.end()) order.push_back(r.claim.document);
    by_doc[r.claim.document].push_back(&r);
  }

  const auto& ctx = report.context;
  const auto summary = report_summary(report.results);
  const std::string commit = ctx.value("git_commit", std::string("?"));
  std::ostringstream tex;
  tex << "% Verification report, generated by `verify run --format tex`: a complete document.\n"
         "% Compile it in its folder with `pdflatex report.tex` or `lualatex report.tex` (twice,\n"
         "% for the table of contents). The tables are also in tables/ as fragments to \\input\n"
         "% into a paper (reports/REPORTS.md, \"Fragments for a paper\").\n"
         "\\documentclass[a4paper,10pt]{article}\n"
         "\\ifdefined\\directlua\n"
         "%<T2A lualatex>\n"
         "\\else\n"
         "%<T2A pdflatex>\n"
         "  \\usepackage[T1]{fontenc}\n"
         "  \\usepackage{lmodern}\n"
         "  \\usepackage{CJKutf8}\n"
         "\\fi\n"
         "\\usepackage[margin=2cm]{geometry}\n"
         "\\usepackage{amssymb,array,booktabs,longtable,graphicx,xcolor}\n"
         "\\usepackage[bookmarksnumbered,bookmarksopen,colorlinks,linkcolor=blue!60!black,"
         "urlcolor=blue!60!black,pdftitle={Verification report},pdfcreator={impartial-games "
         "verify}]{hyperref}\n"
         "\\setlength{\\LTcapwidth}{\\linewidth}\n"
         "\\emergencystretch=2em\n"
         "\\makeatletter\\@ifundefined{extrafloats}{}{\\extrafloats{100}}\\makeatother\n"
         "\\newcommand\\igvref[2]{\\hyperref[#1]{#2}}\n"
         "\\newcommand\\igvtableref[1]{ (Table~\\ref{igv:#1})}\n"
      << kBreakMacros << kAttentionMacro << kCodePointMacro << kTextSymbolMacro << kCyrillicMacro
      << "\\makeatletter\\pdfstringdefDisableCommands{\\let\\igvru\\@firstofone}\\makeatother\n"
      << kCjkMacros
      // Robust: a document's title (Chinese, Japanese) goes to the table of contents.
      << "\\MakeRobust\\igvzh\\MakeRobust\\igvja\\MakeRobust\\igvU\\MakeRobust\\igvbreak"
         "\\MakeRobust\\igvlongbreak\n"
      << "\\begin{document}\n\\begin{titlepage}\n\\centering\n\\vspace*{3cm}\n"
      << "{\\Huge Verification report\\par}\n\\vspace{1cm}\n{\\Large "
      << latex_text("impartial-games verify " + ctx.value("harness_version", std::string("?")))
      << "\\par}\n\\vspace{1cm}\n\\begin{tabular}{@{}ll@{}}\n"
      << "Commit & " << tt(commit) << "\\\\\n"
      << "Budget & " << latex_text(ctx.value("budget", nlohmann::json(1)).dump()) << "\\\\\n"
      << "Seed & " << latex_text(ctx.value("seed", nlohmann::json(0)).dump()) << "\\\\\n"
      << "Build & " << latex_text(ctx.value("build_type", std::string("?"))) << ", "
      << latex_text(ctx.value("compiler", std::string("?"))) << "\\\\\n"
      << "Date & " << latex_text(ctx.value("date", std::string("?"))) << "\\\\\n"
      << "Claims & " << summary["claims"].get<std::size_t>()
      << " (not as expected: " << summary["not_as_expected"].get<int>() << ")\\\\\n"
      << "\\end{tabular}\n\\vfill\n"
      << "\\begin{tabular}{lr}\n\\toprule\nVerdict & Claims\\\\\n\\midrule\n";
  for (const char* v : {"proved", "verified", "passed", "refuted", "inconclusive", "error"}) {
    tex << v << " & " << summary["by_verdict"][v].get<int>() << "\\\\\n";
  }
  tex << "\\midrule\n\\textbf{total} & " << summary["claims"].get<std::size_t>()
      << "\\\\\n\\bottomrule\n\\end{tabular}\n\\vfill\n\\end{titlepage}\n\n"
      << "\\tableofcontents\n\\clearpage\n\n"
      << "\\section{Summary}\n\n"
      << summary["claims"].get<std::size_t>() << " claims";
  for (const char* v : {"proved", "verified", "passed", "refuted", "inconclusive", "error"}) {
    tex << ", " << summary["by_verdict"][v].get<int>() << " " << v;
  }
  tex << "; verdicts not as expected: " << summary["not_as_expected"].get<int>() << ".\n\n"
      << "\\emph{proved}: an infinite claim reduced to a finite certificate that an independent "
         "checker accepted; \\emph{verified}: checked exhaustively on the stated finite domain "
         "(the Established column); \\emph{passed}: random cases (RapidCheck, seed recorded) and "
         "no counterexample; \\emph{refuted}: a counterexample; \\emph{inconclusive}: the budget "
         "ran out first, or the passage cannot be checked; \\emph{error}: the check itself "
         "failed. Refuted, inconclusive and error verdicts are marked "
         "\\igvattention{red}{$\\times$}{}, \\igvattention{orange}{?}{} and "
         "\\igvattention{violet}{!}{} in colour. "
         "A character LaTeX cannot set is "
         "shown as its code point; \\texttt{report.json} holds every text as the source prints "
         "it.\n\n";

  // The claims a referee looks at first: refuted ones, then the others with details.
  std::vector<const ClaimResult*> details;
  for (const auto& r : report.results)
    if (has_details(r) && r.outcome.verdict == Verdict::refuted) details.push_back(&r);
  for (const auto& r : report.results)
    if (has_details(r) && r.outcome.verdict != Verdict::refuted) details.push_back(&r);
  if (!details.empty()) {
    tex << "\\section{Refuted, inconclusive, unexpected and damaged-text claims}\n"
           "\\begin{description}\\raggedright\n";
    for (const auto* p : details) {
      const auto& r = *p;
      tex << "\\item[{" << tt(r.claim.id) << "}]\\phantomsection\\label{igv:details:" << r.claim.id
          << "} " << verdict_cell(r) << ". \\emph{"
          << latex_text(document_name(r.claim) + ", " + r.claim.locator) << ".}\\\\\n"
          << "\\emph{Statement:} " << latex_statement(r.claim.statement) << "\\\\\n";
      if (!r.claim.reading.empty())
        tex << "\\emph{Reading checked:} " << latex_text(r.claim.reading) << "\\\\\n";
      tex << "\\emph{Finding:} " << latex_text(r.outcome.summary) << "\n";
      if (r.outcome.verdict == Verdict::refuted && !r.outcome.counterexample().is_null()) {
        tex << "\\\\\n\\emph{Counterexample:} "
            << tt(shorten_text(r.outcome.counterexample().dump(), 2000)) << "\n";
      }
    }
    tex << "\\end{description}\n\n";
  }

  // One section per document, its figures (those of its claims not shown before) after it.
  std::vector<bool> placed(figures.size(), false);
  tex << "\\section{Claims by document}\n\n";
  for (const auto& doc : order) {
    const std::string path = latex_document_fragment_path(doc);
    files.emplace_back(path,
                       fragment("Claims of the document " + doc, document_table(by_doc[doc])));
    tex << "\\subsection{" << document_heading(*by_doc[doc].front()) << "}\n";
    std::vector<std::size_t> mine;
    for (std::size_t i = 0; i < figures.size(); ++i) {
      if (placed[i]) continue;
      for (const auto* r : by_doc[doc]) {
        const auto& c = figures[i].claims;
        if (std::find(c.begin(), c.end(), r->claim.id) != c.end()) {
          mine.push_back(i);
          placed[i] = true;
          break;
        }
      }
    }
    if (!mine.empty()) {
      // The figures' provenance, out of their captions.
      tex << "\\begin{itemize}\\raggedright\n";
      for (const auto i : mine) tex << "\\item " << figure_provenance(figures[i]) << "\n";
      tex << "\\end{itemize}\n\n";
    }
    tex << "\\input{" << path << "}\n\n";
    for (const auto i : mine) tex << figure_float(figures[i]);
    if (!mine.empty()) tex << "\\clearpage\n\n";
  }
  if (std::find(placed.begin(), placed.end(), false) != placed.end()) {
    tex << "\\section{Other figures}\n\n\\begin{itemize}\\raggedright\n";
    for (std::size_t i = 0; i < figures.size(); ++i)
      if (!placed[i]) tex << "\\item " << figure_provenance(figures[i]) << "\n";
    tex << "\\end{itemize}\n\n";
    for (std::size_t i = 0; i < figures.size(); ++i)
      if (!placed[i]) tex << figure_float(figures[i]);
  }

  bool any_table = false;
  std::size_t floats = 0;
  for (const auto& r : report.results) {
    if (!has_evidence_table(r)) continue;
    if (!any_table) tex << "\\clearpage\n\\section{Evidence tables}\n\n";
    any_table = true;
    const std::string path = latex_evidence_fragment_path(r.claim.id);
    const std::string body = latex_evidence_table(r);
    files.emplace_back(path, fragment("Evidence table of " + r.claim.id, body));
    tex << "\\input{" << path << "}\n";
    // Floats wait for a page with room; a page break now and then keeps them few.
    if (body.find("\\begin{longtable}") == std::string::npos && ++floats % 8 == 0)
      tex << "\\clearpage\n";
    tex << "\n";
  }
  tex << "\n\\end{document}\n";
  // T2A (Cyrillic) only where some text needs it: a report without Cyrillic compiles where the
  // Cyrillic fonts are not installed. T1 (pdflatex) or TU (lualatex) stays the default encoding.
  std::string document = tex.str();
  bool cyrillic = document.find("\\igvru{") != std::string::npos;
  for (const auto& [path, text] : files)
    cyrillic = cyrillic || text.find("\\igvru{") != std::string::npos;
  const auto replace = [&document](const std::string& marker, const std::string& by) {
    const auto at = document.find(marker);
    if (at != std::string::npos) document.replace(at, marker.size(), by);
  };
  replace("%<T2A lualatex>\n", cyrillic ? "  \\usepackage[T2A,TU]{fontenc}\n" : "");
  replace("%<T2A pdflatex>\n", cyrillic ? "  \\usepackage[T2A]{fontenc}\n" : "");
  files.insert(files.begin(), {"report.tex", document});
  return files;
}

}  // namespace igv
