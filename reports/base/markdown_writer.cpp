// The Markdown evidence report: what a referee reads. A summary table of verdicts, then one
// section per source document with one row per claim (verdict, expected, what was established),
// then the figures (linked, figures/NAME.svg), the evidence tables, and the details of every
// refuted, inconclusive or unexpected claim.
#include <algorithm>
#include <map>
#include <sstream>
#include <string_view>

#include "reports/base/report.h"
#include "reports/base/statement_markup.h"
#include "reports/base/writers.h"

namespace igv {

namespace {

bool ascii_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

bool ascii_punct(char c) {
  return c > 0x20 && c < 0x7F && !ascii_alnum(c);
}

/// Any text of the report as Markdown text that renders as exactly that text, inline, in a
/// paragraph, a heading or a table cell (CommonMark and GitHub's extensions): the one escaping
/// function of this writer, applied to every field. Backslash-escaped: every character that could
/// open emphasis, code, a link or an image ('*', '`', '[', ']'; '_' unless inside a word, where it
/// cannot), raw HTML or an autolink ('<' before a letter, '/', '!' or '?'), an entity ('&'),
/// strikethrough ('~'), math ('$'), a heading ('#'), a table cell ('|'), a backslash that would
/// escape what follows, the ':' of "://" and the '.' of "www." (no bare autolink); at the start of
/// a block (`block_start`) a list, quote or heading-underline marker too. Line breaks become
/// spaces and other control characters U+FFFD. No markup of a claims file reaches a renderer.
std::string md_text(const std::string& s, bool block_start = false) {
  std::string out;
  out.reserve(s.size() + s.size() / 8);
  const auto at = [&s](std::size_t k) { return k < s.size() ? s[k] : '\0'; };
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char ch = s[i];
    const auto b = static_cast<unsigned char>(ch);
    bool escape = false;
    switch (ch) {
      case '*':
      case '`':
      case '[':
      case ']':
      case '&':
      case '~':
      case '$':
      case '#':
      case '|':
        escape = true;
        break;
      case '_':
        escape = i == 0 || !ascii_alnum(s[i - 1]) || !ascii_alnum(at(i + 1));
        break;
      case '<': {
        const char n = at(i + 1);
        escape = ascii_alnum(n) || n == '/' || n == '!' || n == '?';
        break;
      }
      case '\\':
        escape = i + 1 == s.size() || ascii_punct(at(i + 1)) || at(i + 1) == '\n';
        break;
      case ':':
        escape = s.compare(i + 1, 2, "//") == 0;
        break;
      case '.':
        escape = i >= 3 && s.compare(i - 3, 3, "www") == 0;
        break;
      default:
        break;
    }
    if (block_start && i == 0 && (ch == '-' || ch == '+' || ch == '=' || ch == '>')) escape = true;
    // "1." or "1)" opening a block: no ordered list.
    if (block_start && (ch == '.' || ch == ')') && i > 0 && i < 10 &&
        s.find_first_not_of("0123456789") == i)
      escape = true;
    if (ch == '\n' || ch == '\r' || ch == '\t') {
      out += ' ';
    } else if (b < 0x20 || b == 0x7F) {
      out += "\xEF\xBF\xBD";
    } else {
      if (escape) out += '\\';
      out += ch;
    }
  }
  return out;
}

/// Inline code (an id, a command), when `s` has no backtick, no pipe and no control character
/// (nothing is interpreted inside a code span); anything else as md_text.
std::string md_code(const std::string& s) {
  const bool plain = !s.empty() && std::none_of(s.begin(), s.end(), [](char ch) {
    const auto b = static_cast<unsigned char>(ch);
    return ch == '`' || ch == '|' || b < 0x20 || b == 0x7F;
  });
  return plain ? "`" + s + "`" : md_text(s);
}

/// A verdict as a table shows it: bold, and for the claims a reader must look at a coloured mark
/// whose shape survives greyscale (❌ refuted, 🔶 inconclusive, ⛔ error).
std::string md_verdict(Verdict v) {
  const std::string name(to_string(v));
  switch (v) {
    case Verdict::refuted:
      return "❌ **" + name + "**";
    case Verdict::inconclusive:
      return "🔶 **" + name + "**";
    case Verdict::error:
      return "⛔ **" + name + "**";
    default:
      return "**" + name + "**";
  }
}

}  // namespace

std::string markdown_text(const std::string& s, bool block_start) {
  return md_text(s, block_start);
}

std::string markdown_statement(const std::string& s, bool block_start) {
  std::string out;
  for (const auto& piece : statement_pieces(s)) {
    const bool start = block_start && out.empty();
    const std::string latex = piece.math ? markup_latex(piece.text) : "";
    // GitHub's inline math, $`…`$: the LaTeX sits in a code span, which no renderer reads as
    // Markdown (a renderer without math shows it as code). A span whose LaTeX holds a backquote
    // or a '|' (a table cell's end) stays escaped text.
    if (!latex.empty() && latex.find_first_of("`|\n") == std::string::npos &&
        latex.front() != ' ' && latex.back() != ' ') {
      out += "$`" + latex + "`$";
    } else {
      out += md_text(piece.text, start);
    }
  }
  return out;
}

std::string report_to_markdown(const Report& report) {
  return report_to_markdown(report, {});
}

std::string report_to_markdown(const Report& report, const std::vector<Figure>& figures) {
  std::ostringstream md;
  const auto& ctx = report.context;
  const auto summary = report_summary(report.results);
  md << "# Verification report\n\n";
  md << "Harness " << md_text(ctx.value("harness_version", "?")) << ", commit "
     << md_code(ctx.value("git_commit", "?")) << ", " << md_text(ctx.value("build_type", "?"))
     << " build, seed " << md_text(ctx.value("seed", nlohmann::json(0)).dump()) << ", budget "
     << md_text(ctx.value("budget", nlohmann::json(1)).dump()) << ".\n\n";
  md << "| verdict | claims |\n|---|---:|\n";
  for (const char* v : {"proved", "verified", "passed", "refuted", "inconclusive", "error"}) {
    md << "| " << v << " | " << summary["by_verdict"][v].get<int>() << " |\n";
  }
  md << "| **total** | " << summary["claims"].get<std::size_t>() << " |\n\n";
  md << "Verdicts not as expected: " << summary["not_as_expected"].get<int>() << ".\n\n";
  md << "Verdicts: *proved* = an infinite claim reduced to a finite certificate that an "
        "independent checker accepted; *verified* = checked exhaustively on the stated finite "
        "domain; *passed* = random cases (RapidCheck, seed given) and no counterexample; "
        "*refuted* = a counterexample; *inconclusive* = the budget ran out first; *error* = "
        "the check itself failed.\n\n";

  std::vector<const ClaimResult*> full;  // the claims whose statement a table shortened
  std::map<std::string, std::vector<const ClaimResult*>> by_doc;
  std::vector<std::string> order;
  for (const auto& r : report.results) {
    if (by_doc.find(r.claim.document) == by_doc.end()) order.push_back(r.claim.document);
    by_doc[r.claim.document].push_back(&r);
  }
  for (const auto& doc : order) {
    const auto& rows = by_doc[doc];
    md << "## " << md_text(document_name(rows.front()->claim));
    md << "\n\n| claim | locator | statement | verdict | expected | established | seconds |\n"
          "|---|---|---|---|---|---|---:|\n";
    for (const auto* r : rows) {
      std::ostringstream secs;
      secs.precision(3);
      secs << std::fixed << r->seconds;
      // A long statement: shortened here, in full under "Statements in full", one click away
      // (the heading "statement sN" is the anchor GitHub gives it). No footnote syntax: a
      // renderer without footnotes would read it as a link definition.
      std::string statement =
          markdown_statement(shorten_text(r->claim.statement, kStatementCell), false);
      if (r->claim.statement.size() > kStatementCell) {
        full.push_back(r);
        const std::string n = std::to_string(full.size());
        statement += " [(in full: s" + n + ")](#statement-s" + n + ")";
      }
      md << "| " << md_code(r->claim.id) << " | " << md_text(r->claim.locator) << " | " << statement
         << " | " << md_verdict(r->outcome.verdict) << " | " << to_string(r->claim.expected_verdict)
         << (r->as_expected() ? "" : " ⚠") << " | "
         << md_text(shorten_text(r->outcome.summary, 300)) << " | " << secs.str() << " |\n";
    }
    md << "\n";
  }

  if (!figures.empty()) {
    md << "## Figures\n\nDrawn from what this run computed; each caption says how. The files are "
          "in `figures/`.\n\n";
    for (const auto& f : figures) {
      md << "### " << md_text(f.title) << "\n\n![" << md_text(f.title) << "](figures/" << f.name
         << ")\n\n"
         << md_text(f.caption) << " Illustrates:";
      for (std::size_t i = 0; i < f.claims.size(); ++i) {
        md << (i ? ", " : " ") << md_code(f.claims[i]);
      }
      md << ".\n\n";
    }
  }

  bool any_table = false;
  for (const auto& r : report.results) {
    if (!has_evidence_table(r)) continue;
    if (!any_table) {
      md << "## Evidence tables\n\n";
      any_table = true;
    }
    const auto& table = r.outcome.evidence["table"];
    const auto cols = evidence_table_columns(r.outcome.evidence);
    md << "### " << md_code(r.claim.id) << " — " << md_text(document_name(r.claim)) << ", "
       << md_text(r.claim.locator) << " (" << to_string(r.outcome.verdict) << ")\n\n|";
    for (const auto& c : cols) md << " " << md_text(c) << " |";
    md << "\n|";
    for (std::size_t i = 0; i < cols.size(); ++i) md << "---|";
    md << "\n";
    for (const auto& row : table) {
      md << "|";
      for (const auto& c : cols) {
        const auto v = row.value(c, nlohmann::json());
        md << " " << md_text(v.is_string() ? v.get<std::string>() : (v.is_null() ? "" : v.dump()))
           << " |";
      }
      md << "\n";
    }
    md << "\n";
  }

  bool any_detail = false;
  for (const auto& r : report.results) {
    if (!has_details(r)) continue;
    if (!any_detail) {
      md << "## Details: refuted, inconclusive, unexpected, and damaged-text claims\n\n";
      any_detail = true;
    }
    md << "### " << md_code(r.claim.id) << " — " << md_verdict(r.outcome.verdict) << "\n\n";
    // A word first: a title or locator that begins with spaces and `*`, `-` or `+` must not turn
    // the line into a list item (e2e_report_safety's payloads).
    md << "Source: " << md_text(document_name(r.claim)) << ", " << md_text(r.claim.locator)
       << "\n\n";
    md << "> " << markdown_statement(r.claim.statement, true) << "\n\n";
    if (!r.claim.reading.empty()) md << "Reading checked: " << md_text(r.claim.reading) << "\n\n";
    md << md_text(r.outcome.summary) << "\n\n";
    if (!r.outcome.counterexample().is_null()) {
      const auto& ce = r.outcome.counterexample();
      if (ce.is_object() && ce.contains("reproduce")) {
        md << "Counterexample (random; reproduce with "
           << md_code(ce.at("reproduce").is_string() ? ce.at("reproduce").get<std::string>()
                                                     : ce.at("reproduce").dump())
           << "):\n\n```json\n";
      } else {
        md << "Counterexample (deterministic):\n\n```json\n";
      }
      md << ce.dump(2) << "\n```\n\n";
    }
  }
  if (!full.empty()) {
    md << "## Statements in full\n\n";
    for (std::size_t i = 0; i < full.size(); ++i) {
      md << "### statement s" << i + 1 << "\n\n"
         << md_code(full[i]->claim.id) << ": "
         << markdown_statement(full[i]->claim.statement, false) << "\n\n";
    }
  }
  return md.str();
}

}  // namespace igv
