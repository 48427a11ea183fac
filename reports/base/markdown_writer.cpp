// The Markdown evidence report: what a referee reads. A summary table of verdicts, then one
// section per source document with one row per claim (verdict, expected, what was established),
// then the figures (linked, figures/NAME.svg), the evidence tables, and the details of every
// refuted, inconclusive or unexpected claim.
#include <map>
#include <sstream>

#include "reports/base/report.h"
#include "reports/base/writers.h"

namespace igv {

namespace {

/// True when s[i] is a '<' that could open raw HTML in CommonMark (a tag, a closing tag, a
/// comment, a declaration or a processing instruction): '<' followed by a letter, '/', '!' or '?'.
/// Such a '<' is written as "&lt;", so that no markup from a claims file reaches a Markdown
/// renderer; "0 <= n < 5" stays as it is.
bool opens_markup(const std::string& s, std::size_t i) {
  if (s[i] != '<' || i + 1 >= s.size()) return false;
  const char next = s[i + 1];
  return (next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z') || next == '/' ||
         next == '!' || next == '?';
}

std::string cell(std::string s) {
  // A Markdown table cell: no newlines, pipes escaped, no markup.
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char ch = s[i];
    if (ch == '\n' || ch == '\r') {
      out += ' ';
    } else if (opens_markup(s, i)) {
      out += "&lt;";
    } else if (ch == '|') {
      out += "\\|";
    } else {
      out += ch;
    }
  }
  return out;
}

/// Free text (a paragraph): a '<' that could open markup written as an entity.
std::string text(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i)
    out += opens_markup(s, i) ? std::string("&lt;") : std::string(1, s[i]);
  return out;
}

/// Text for the alternative text of an image: brackets escaped, no newline, no markup.
std::string alt_text(const std::string& s) {
  std::string out;
  for (char ch : s) {
    if (ch == '[' || ch == ']' || ch == '\\') out += '\\';
    out += ch == '\n' || ch == '\r' ? ' ' : ch;
  }
  return cell(out);
}

std::string shorten(const std::string& s, std::size_t max) {
  if (s.size() <= max) return s;
  // Cut on a UTF-8 character boundary.
  std::size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut) + "…";
}

}  // namespace

std::string report_to_markdown(const Report& report) {
  return report_to_markdown(report, {});
}

std::string report_to_markdown(const Report& report, const std::vector<Figure>& figures) {
  std::ostringstream md;
  const auto& ctx = report.context;
  const auto summary = report_summary(report.results);
  md << "# Verification report\n\n";
  md << "Harness " << ctx.value("harness_version", "?") << ", commit `"
     << ctx.value("git_commit", "?") << "`, " << ctx.value("build_type", "?") << " build, seed "
     << ctx.value("seed", nlohmann::json(0)).dump() << ", budget "
     << ctx.value("budget", nlohmann::json(1)).dump() << ".\n\n";
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

  std::map<std::string, std::vector<const ClaimResult*>> by_doc;
  std::vector<std::string> order;
  for (const auto& r : report.results) {
    if (by_doc.find(r.claim.document) == by_doc.end()) order.push_back(r.claim.document);
    by_doc[r.claim.document].push_back(&r);
  }
  for (const auto& doc : order) {
    const auto& rows = by_doc[doc];
    md << "## " << cell(doc);
    if (!rows.front()->claim.document_title.empty())
      md << " — " << cell(rows.front()->claim.document_title);
    md << "\n\n| claim | locator | verdict | expected | established | seconds |\n"
          "|---|---|---|---|---|---:|\n";
    for (const auto* r : rows) {
      std::ostringstream secs;
      secs.precision(3);
      secs << std::fixed << r->seconds;
      md << "| `" << r->claim.id << "` | " << cell(r->claim.locator) << " | **"
         << to_string(r->outcome.verdict) << "** | " << to_string(r->claim.expected_verdict)
         << (r->as_expected() ? "" : " ⚠") << " | " << cell(shorten(r->outcome.summary, 300))
         << " | " << secs.str() << " |\n";
    }
    md << "\n";
  }

  if (!figures.empty()) {
    md << "## Figures\n\nDrawn from what this run computed; each caption says how. The files are "
          "in `figures/`.\n\n";
    for (const auto& f : figures) {
      md << "### " << cell(f.title) << "\n\n![" << alt_text(f.title) << "](figures/" << f.name
         << ")\n\n"
         << cell(f.caption) << " Illustrates:";
      for (std::size_t i = 0; i < f.claims.size(); ++i) {
        md << (i ? ", `" : " `") << f.claims[i] << "`";
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
    md << "### `" << r.claim.id << "` — " << r.claim.document << ", " << cell(r.claim.locator)
       << " (" << to_string(r.outcome.verdict) << ")\n\n|";
    for (const auto& c : cols) md << " " << cell(c) << " |";
    md << "\n|";
    for (std::size_t i = 0; i < cols.size(); ++i) md << "---|";
    md << "\n";
    for (const auto& row : table) {
      md << "|";
      for (const auto& c : cols) {
        const auto v = row.value(c, nlohmann::json());
        md << " " << cell(v.is_string() ? v.get<std::string>() : (v.is_null() ? "" : v.dump()))
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
    md << "### `" << r.claim.id << "` — " << to_string(r.outcome.verdict) << "\n\n";
    md << "*" << text(r.claim.document) << ", " << text(r.claim.locator) << "*\n\n";
    md << "> " << cell(r.claim.statement) << "\n\n";
    if (!r.claim.reading.empty()) md << "Reading checked: " << text(r.claim.reading) << "\n\n";
    md << text(r.outcome.summary) << "\n\n";
    if (!r.outcome.counterexample.is_null()) {
      const auto& ce = r.outcome.counterexample;
      if (ce.is_object() && ce.contains("reproduce")) {
        md << "Counterexample (random; reproduce with `" << ce.at("reproduce").get<std::string>()
           << "`):\n\n```json\n";
      } else {
        md << "Counterexample (deterministic):\n\n```json\n";
      }
      md << ce.dump(2) << "\n```\n\n";
    }
  }
  return md.str();
}

}  // namespace igv
