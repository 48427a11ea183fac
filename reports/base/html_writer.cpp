// The HTML report: one static page a person reads in a browser. The summary, the claims whose
// verdict is not the expected one, the refuted claims with their counterexamples, one table per
// source document, the evidence tables, then the figures, inlined as SVG. No script, no font or
// style sheet from elsewhere, no network: the style is inline and a Content-Security-Policy
// forbids anything else. Every text of the report (statements, locators, summaries: a claims file
// is untrusted) is escaped.
#include <map>
#include <set>
#include <sstream>
#include <string_view>

#include "reports/base/figures.h"
#include "reports/base/plots.h"
#include "reports/base/report.h"
#include "reports/base/statement_markup.h"
#include "reports/base/writers.h"

namespace igv {

namespace {

/// HTML text: ' as "&#39;", and control characters (no place in a page) as U+FFFD.
std::string esc(std::string_view s) {
  return markup_escape(s, "&#39;", "\xEF\xBF\xBD");
}

/// An HTML id built from `text`: letters, digits, '-', '_', '.' kept, anything else '_'.
std::string anchor(const std::string& prefix, const std::string& text) {
  std::string out = prefix;
  for (char ch : text) {
    const bool keep = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                      (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' || ch == '.';
    out += keep ? ch : '_';
  }
  return out;
}

std::string plain(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "";
  return v.dump();
}

/// A verdict's badge: its colour, and for the claims a reader must look at a mark whose shape
/// survives greyscale (✗ refuted, ? inconclusive, ! error).
std::string verdict_badge(const std::string& name) {
  const char* mark = name == "refuted"        ? "✗ "
                     : name == "inconclusive" ? "? "
                     : name == "error"        ? "! "
                                              : "";
  return "<span class=\"badge " + name + "\">" + mark + name + "</span>";
}

std::string verdict_badge(Verdict v) {
  return verdict_badge(std::string(to_string(v)));
}

/// A statement in a table: as it is when short, else shortened with the full text one click away.
std::string statement_cell(const std::string& statement) {
  // TeX-like markup rendered (sub- and superscripts, over- and underlines), everything else
  // escaped (statement_markup.h).
  if (statement.size() <= kStatementCell) return html_statement(statement);
  return "<details class=\"statement\"><summary>" +
         html_statement(shorten_text(statement, kStatementCell)) + "</summary>" +
         html_statement(statement) + "</details>";
}

/// The SVG document made fit to sit inside the page: the XML declaration dropped, and its ids
/// (and the references to them) prefixed so that two figures cannot share one.
std::string inline_svg(const std::string& svg, const std::string& prefix) {
  std::string s = svg;
  if (s.rfind("<?xml", 0) == 0) {
    const auto end = s.find("?>");
    s = end == std::string::npos ? s : s.substr(end + 2);
    while (!s.empty() && (s.front() == '\n' || s.front() == '\r')) s.erase(0, 1);
  }
  const auto replace_all = [&s](const std::string& from, const std::string& to) {
    std::string out;
    std::size_t pos = 0;
    for (auto hit = s.find(from); hit != std::string::npos; hit = s.find(from, pos)) {
      out += s.substr(pos, hit - pos) + to;
      pos = hit + from.size();
    }
    s = out + s.substr(pos);
  };
  replace_all(" id=\"", " id=\"" + prefix);
  replace_all("url(#", "url(#" + prefix);
  replace_all("href=\"#", "href=\"#" + prefix);
  return s;
}

constexpr const char* kStyle = R"(
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;margin:0;
color:#1d1d1f;background:#fafafa;line-height:1.45}
main{max-width:1200px;margin:0 auto;padding:1.5em 2em 4em;background:white}
h1{margin:.2em 0}h2{margin-top:2em;border-bottom:2px solid #ddd;padding-bottom:.2em}
.context{color:#555;font-size:.9em}
nav ul{columns:2;font-size:.92em}
table{border-collapse:collapse;width:100%;margin:.6em 0;font-size:.9em}
th,td{border:1px solid #ddd;padding:.3em .5em;vertical-align:top;text-align:left;
overflow-wrap:anywhere}
th{background:#f2f2f2;white-space:nowrap}
td.num{text-align:right;white-space:nowrap}
table.summary{width:auto}table.summary td{min-width:5em}
code{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:.92em}
.badge{display:inline-block;border-radius:.7em;padding:0 .55em;font-size:.85em;font-weight:600;
color:white;white-space:nowrap}
.proved{background:#1a7f37}.verified{background:#2f9e44}.passed{background:#1c7ed6}
.refuted{background:#c92a2a}.inconclusive{background:#e8890c}.error{background:#862e9c}
.warn{color:#c92a2a;font-weight:600}
.claim{border-left:4px solid #c92a2a;padding:.2em 1em;margin:1em 0;background:#fff8f8}
.claim.unexpected{border-color:#e8890c;background:#fffaf0}
.claim.other{border-color:#999;background:#f8f8f8}
blockquote{margin:.5em 0;padding:.3em .8em;border-left:3px solid #bbb;background:#f7f7f7}
pre{background:#f4f4f4;padding:.6em;overflow-x:auto;font-size:.85em;white-space:pre-wrap;
overflow-wrap:anywhere}
figure{margin:1.5em 0;padding:1em;border:1px solid #ddd;background:white}
figure svg{width:100%;max-width:7in;height:auto;display:block}
figcaption{font-size:.9em;color:#333;margin-top:.5em}
details{margin:.5em 0}summary{cursor:pointer}
details.statement{margin:0}
span.overline{text-decoration:overline}
span.underline{text-decoration:underline}
tr.attention td{background:#fff3f3}tr.attention td:first-child{border-left:4px solid #c92a2a}
tr.attention.inconclusive td{background:#fff8ec}
tr.attention.inconclusive td:first-child{border-left-color:#e8890c}
tr.attention.error td:first-child{border-left-color:#862e9c}
)";

/// A claim id that may break after its dots.
std::string breakable(const std::string& id) {
  std::string out;
  for (char ch : id) {
    out += esc(std::string(1, ch));
    if (ch == '.') out += "<wbr>";
  }
  return out;
}

std::string claim_link(const std::string& id) {
  return "<a href=\"#" + esc(anchor("claim-", id)) + "\"><code>" + esc(id) + "</code></a>";
}

/// What the page is made of: the results grouped by document, the refuted claims, the claims not
/// as expected, and the figures that illustrate each claim.
struct Page {
  const Report& report;
  const std::vector<Figure>& figures;
  nlohmann::json summary;
  std::map<std::string, std::vector<const Figure*>> figures_of;
  std::vector<std::string> docs;
  std::map<std::string, std::vector<const ClaimResult*>> by_doc;
  std::vector<const ClaimResult*> refuted, unexpected;
  bool any_table = false;  ///< some claim has an evidence table
  bool any_other = false;  ///< some claim belongs in the "inconclusive, error, damaged" section

  Page(const Report& r, const std::vector<Figure>& f)
      : report(r), figures(f), summary(report_summary(r.results)) {
    for (const auto& fig : figures) {
      for (const auto& id : fig.claims) figures_of[id].push_back(&fig);
    }
    for (const auto& res : report.results) {
      if (by_doc.find(res.claim.document) == by_doc.end()) docs.push_back(res.claim.document);
      by_doc[res.claim.document].push_back(&res);
      if (res.outcome.verdict == Verdict::refuted) refuted.push_back(&res);
      if (!res.as_expected()) unexpected.push_back(&res);
      any_table = any_table || has_evidence_table(res);
      any_other = any_other || other_notable(res);
    }
  }

  /// Inconclusive, error or damaged-text claims that no earlier section shows in full.
  static bool other_notable(const ClaimResult& r) {
    const bool notable = r.outcome.verdict == Verdict::inconclusive ||
                         r.outcome.verdict == Verdict::error || !r.claim.reading.empty();
    return notable && r.outcome.verdict != Verdict::refuted && r.as_expected();
  }
};

void write_head(std::ostream& h, const Page& page) {
  const auto& ctx = page.report.context;
  h << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
       "style-src 'unsafe-inline'; img-src data:\">\n"
    << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    << "<title>Verification report</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n"
    << "<main>\n<h1>Verification report</h1>\n";
  h << "<p class=\"context\">Harness " << esc(ctx.value("harness_version", "?"))
    << ", commit <code>" << esc(ctx.value("git_commit", "?")) << "</code>, "
    << esc(ctx.value("build_type", "?")) << " build, seed "
    << esc(ctx.value("seed", nlohmann::json(0)).dump()) << ", budget "
    << esc(ctx.value("budget", nlohmann::json(1)).dump()) << ".</p>\n";
}

void write_contents(std::ostream& h, const Page& page) {
  h << "<nav><h2>Contents</h2><ul>\n<li><a href=\"#summary\">Summary</a></li>\n";
  if (!page.unexpected.empty())
    h << "<li><a href=\"#unexpected\">Verdicts not as expected</a></li>\n";
  if (!page.refuted.empty()) h << "<li><a href=\"#refuted\">Refuted claims</a></li>\n";
  for (const auto& d : page.docs) {
    h << "<li><a href=\"#" << esc(anchor("doc-", d)) << "\">"
      << esc(document_name(page.by_doc.at(d).front()->claim)) << "</a></li>\n";
  }
  if (page.any_other) {
    h << "<li><a href=\"#details\">Inconclusive, error and damaged-text claims</a></li>\n";
  }
  if (page.any_table) h << "<li><a href=\"#evidence-tables\">Evidence tables</a></li>\n";
  if (!page.figures.empty()) h << "<li><a href=\"#figures\">Figures</a></li>\n";
  h << "</ul></nav>\n";
}

void write_summary(std::ostream& h, const Page& page) {
  const auto& summary = page.summary;
  h << "<section id=\"summary\">\n<h2>Summary</h2>\n<table class=\"summary\">\n"
    << "<tr><th>verdict</th><th>claims</th></tr>\n";
  for (const char* v : {"proved", "verified", "passed", "refuted", "inconclusive", "error"}) {
    h << "<tr><td>" << verdict_badge(v) << "</td><td class=\"num\">"
      << summary["by_verdict"][v].get<int>() << "</td></tr>\n";
  }
  h << "<tr><th>total</th><th class=\"num\">" << summary["claims"].get<std::size_t>()
    << "</th></tr>\n</table>\n";
  const int not_expected = summary["not_as_expected"].get<int>();
  h << "<p" << (not_expected != 0 ? " class=\"warn\"" : "")
    << ">Verdicts not as expected: " << not_expected << ".";
  if (const int undecided = summary["undecided"].get<int>(); undecided != 0) {
    h << " Claims under first check (no expected verdict yet): " << undecided << ".";
  }
  h << "</p>\n<p><b>proved</b>: an infinite claim reduced to a finite certificate that an "
       "independent checker accepted; <b>verified</b>: checked exhaustively on the stated finite "
       "domain; <b>passed</b>: random cases (RapidCheck, seed given) and no counterexample; "
       "<b>refuted</b>: a counterexample; <b>inconclusive</b>: the budget ran out first, or the "
       "passage cannot be checked; <b>error</b>: the check itself failed.</p>\n</section>\n";
}

/// One claim in full: source, expected verdict, statement, reading, finding, counterexample.
void write_claim_detail(std::ostream& h, const ClaimResult& r, const char* cls) {
  h << "<div class=\"" << cls << "\">\n<h3>" << claim_link(r.claim.id) << " "
    << verdict_badge(r.outcome.verdict) << "</h3>\n<p><i>" << esc(document_name(r.claim)) << ", "
    << esc(r.claim.locator) << "</i>; expected <b>" << esc(to_string(r.claim.expected_verdict))
    << "</b></p>\n<blockquote>" << html_statement(r.claim.statement) << "</blockquote>\n";
  if (!r.claim.reading.empty()) {
    h << "<p>Reading checked: " << esc(r.claim.reading) << "</p>\n";
  }
  h << "<p>" << esc(r.outcome.summary) << "</p>\n";
  const auto& ce = r.outcome.counterexample();
  if (!ce.is_null()) {
    if (ce.is_object() && ce.contains("reproduce") && ce["reproduce"].is_string()) {
      h << "<p>Counterexample (random; reproduce with <code>"
        << esc(ce["reproduce"].get<std::string>()) << "</code>):</p>\n";
    } else {
      h << "<p>Counterexample (deterministic):</p>\n";
    }
    h << "<pre>" << esc(ce.dump(2)) << "</pre>\n";
  }
  h << "</div>\n";
}

void write_unexpected_and_refuted(std::ostream& h, const Page& page) {
  if (!page.unexpected.empty()) {
    h << "<section id=\"unexpected\">\n<h2>Verdicts not as expected (" << page.unexpected.size()
      << ")</h2>\n";
    for (const auto* r : page.unexpected) write_claim_detail(h, *r, "claim unexpected");
    h << "</section>\n";
  }
  if (!page.refuted.empty()) {
    h << "<section id=\"refuted\">\n<h2>Refuted claims (" << page.refuted.size() << ")</h2>\n"
      << "<p>A refuted claim is a finding: the source states something the computation "
         "contradicts, with the counterexample below.</p>\n";
    for (const auto* r : page.refuted) write_claim_detail(h, *r, "claim");
    h << "</section>\n";
  }
}

void write_document_row(std::ostream& h, const Page& page, const ClaimResult& r) {
  std::ostringstream secs;
  secs.precision(3);
  secs << std::fixed << r.seconds;
  h << "<tr id=\"" << esc(anchor("claim-", r.claim.id)) << "\"";
  if (needs_attention(r.outcome.verdict)) {
    h << " class=\"attention " << to_string(r.outcome.verdict) << "\"";
  }
  h << "><td><code>" << breakable(r.claim.id) << "</code></td><td>" << esc(r.claim.locator)
    << "</td><td>" << statement_cell(r.claim.statement) << "</td><td>"
    << verdict_badge(r.outcome.verdict) << "</td><td>" << esc(to_string(r.claim.expected_verdict))
    << (r.as_expected() ? "" : " <span class=\"warn\">not as expected</span>") << "</td><td>"
    << esc(r.outcome.summary);
  const auto it = page.figures_of.find(r.claim.id);
  if (it != page.figures_of.end()) {
    h << " <span class=\"figref\">(";
    for (std::size_t i = 0; i < it->second.size(); ++i) {
      h << (i ? ", " : "") << "<a href=\"#" << esc(anchor("fig-", it->second[i]->name))
        << "\">figure</a>";
    }
    h << ")</span>";
  }
  h << "</td><td class=\"num\">" << secs.str() << "</td></tr>\n";
}

void write_documents(std::ostream& h, const Page& page) {
  for (const auto& d : page.docs) {
    const auto& rows = page.by_doc.at(d);
    h << "<section id=\"" << esc(anchor("doc-", d)) << "\">\n<h2>"
      << esc(document_name(rows.front()->claim));
    h << "</h2>\n<table>\n<tr><th>claim</th><th>locator</th><th>statement</th><th>verdict</th>"
         "<th>expected</th><th>established</th><th>seconds</th></tr>\n";
    for (const auto* r : rows) write_document_row(h, page, *r);
    h << "</table>\n</section>\n";
  }
}

/// The other claims a reader should see in full: inconclusive, error, damaged text.
void write_other_details(std::ostream& h, const Page& page) {
  if (!page.any_other) return;
  h << "<section id=\"details\">\n<h2>Inconclusive, error and damaged-text claims</h2>\n";
  for (const auto& r : page.report.results) {
    if (Page::other_notable(r)) write_claim_detail(h, r, "claim other");
  }
  h << "</section>\n";
}

/// Evidence tables, folded.
void write_evidence_tables(std::ostream& h, const Page& page) {
  if (!page.any_table) return;
  h << "<section id=\"evidence-tables\">\n<h2>Evidence tables</h2>\n";
  for (const auto& r : page.report.results) {
    if (!has_evidence_table(r)) continue;
    const auto cols = evidence_table_columns(r.outcome.evidence);
    h << "<details><summary><code>" << esc(r.claim.id) << "</code> — "
      << esc(document_name(r.claim)) << ", " << esc(r.claim.locator) << " "
      << verdict_badge(r.outcome.verdict) << "</summary>\n<table>\n<tr>";
    for (const auto& c : cols) h << "<th>" << esc(c) << "</th>";
    h << "</tr>\n";
    for (const auto& row : r.outcome.evidence["table"]) {
      h << "<tr>";
      for (const auto& c : cols)
        h << "<td>" << esc(plain(row.value(c, nlohmann::json()))) << "</td>";
      h << "</tr>\n";
    }
    h << "</table>\n</details>\n";
  }
  h << "</section>\n";
}

/// Figures, inlined.
void write_figures(std::ostream& h, const Page& page) {
  if (page.figures.empty()) return;
  h << "<section id=\"figures\">\n<h2>Figures</h2>\n";
  std::size_t k = 0;
  for (const auto& f : page.figures) {
    const std::string id = anchor("fig-", f.name);
    h << "<figure id=\"" << esc(id) << "\" data-figure=\"" << esc(f.name) << "\">\n<h3>"
      << esc(f.title) << "</h3>\n"
      << inline_svg(f.svg, "f" + std::to_string(++k) + "-") << "<figcaption>" << esc(f.caption)
      << " Illustrates: ";
    for (std::size_t i = 0; i < f.claims.size(); ++i) {
      h << (i ? ", " : "") << claim_link(f.claims[i]);
    }
    h << ".</figcaption>\n</figure>\n";
  }
  h << "</section>\n";
}

}  // namespace

std::string html_text(const std::string& s) {
  return esc(s);
}

std::string report_to_html(const Report& report, const std::vector<Figure>& figures) {
  const Page page(report, figures);
  std::ostringstream h;
  write_head(h, page);
  write_contents(h, page);
  write_summary(h, page);
  write_unexpected_and_refuted(h, page);
  write_documents(h, page);
  write_other_details(h, page);
  write_evidence_tables(h, page);
  write_figures(h, page);
  h << "</main>\n</body>\n</html>\n";
  return h.str();
}

}  // namespace igv
