// The evidence tables for spreadsheets and CI: CSV and JUnit XML (one testcase per claim, so CI
// systems show claims); the LaTeX report is latex_writer.cpp. Like the Markdown writer, each is a
// function of the one result set.
//
// An evidence table is what a checker puts under evidence.table: a list of row objects with the
// same keys (e.g. the {2,3,5,7,c} table: c, computed ℓ_c and p_c, the slide's formula, agree?).
#include <set>
#include <sstream>
#include <string_view>

#include "reports/base/plots.h"  // xml_escape
#include "reports/base/report.h"
#include "reports/base/writers.h"

namespace igv {

namespace {

std::string plain(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "";
  return v.dump();
}

}  // namespace

bool csv_plain_number(std::string_view s) {
  // -?digits(.digits)?([eE][+-]?digits)?, as JSON writes a number.
  std::size_t i = 0;
  const auto digits = [&] {
    const std::size_t from = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i > from;
  };
  if (i < s.size() && s[i] == '-') ++i;
  if (!digits()) return false;
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (!digits()) return false;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == s.size();
}

std::string csv_field(const std::string& s) {
  // Formula injection (OWASP "CSV Injection"): a cell a spreadsheet could read as a formula — one
  // starting with = + - @, a tab or a carriage return — is prefixed with a single quote, unless
  // it is a plain number (-3 stays a number). A cell that starts with a quote is prefixed too, so
  // that a reader recovers every field by removing one leading quote (reports/REPORTS.md).
  std::string cell = s;
  if (!s.empty() && std::string_view("=+-@\t\r'").find(s.front()) != std::string_view::npos &&
      !csv_plain_number(s))
    cell = "'" + s;
  if (cell.find_first_of(",\"\n\r") == std::string::npos) return cell;
  std::string out = "\"";
  for (char ch : cell) {
    if (ch == '"') out += '"';
    out += ch;
  }
  return out + "\"";
}

std::string document_name(const Claim& c) {
  return c.document_title.empty() ? c.document : shorten_text(c.document_title, 200);
}

std::string shorten_text(const std::string& s, std::size_t max) {
  if (s.size() <= max) return s;
  std::size_t cut = max;  // on a UTF-8 character boundary
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut) + "…";
}

std::vector<std::string> evidence_table_columns(const nlohmann::json& evidence) {
  std::vector<std::string> cols;
  std::set<std::string> seen;
  // A checker may fix the column order (JSON objects keep their keys sorted).
  if (evidence.contains("table_columns") && evidence["table_columns"].is_array()) {
    for (const auto& c : evidence["table_columns"]) {
      if (c.is_string() && seen.insert(c.get<std::string>()).second)
        cols.push_back(c.get<std::string>());
    }
  }
  const auto& table = evidence.contains("table") ? evidence["table"] : nlohmann::json();
  if (!table.is_array()) return cols;
  for (const auto& row : table) {
    if (!row.is_object()) continue;
    for (const auto& [k, v] : row.items()) {
      if (seen.insert(k).second) cols.push_back(k);
    }
  }
  return cols;
}

bool has_evidence_table(const ClaimResult& r) {
  const auto& e = r.outcome.evidence;
  return e.is_object() && e.contains("table") && e["table"].is_array() && !e["table"].empty() &&
         e["table"][0].is_object();
}

std::string report_to_csv(const Report& report) {
  std::ostringstream csv;
  // The first nine columns are those of earlier reports; statement, counterexample (compact
  // JSON, empty when there is none) and attention (REFUTED, INCONCLUSIVE or ERROR: the claims a
  // reader must look at) follow.
  csv << "id,document,locator,kind,verdict,expected_verdict,as_expected,seconds,summary,"
         "statement,counterexample,attention\n";
  for (const auto& r : report.results) {
    const auto& ce = r.outcome.counterexample();
    std::string attention;
    if (needs_attention(r.outcome.verdict)) {
      for (char ch : std::string(to_string(r.outcome.verdict)))
        attention += static_cast<char>(ch - 'a' + 'A');
    }
    csv << csv_field(r.claim.id) << ',' << csv_field(r.claim.document) << ','
        << csv_field(r.claim.locator) << ',' << csv_field(r.claim.kind) << ','
        << to_string(r.outcome.verdict) << ',' << to_string(r.claim.expected_verdict) << ','
        << (r.as_expected() ? "true" : "false") << ',' << r.seconds << ','
        << csv_field(r.outcome.summary) << ',' << csv_field(r.claim.statement) << ','
        << csv_field(ce.is_null() ? std::string() : ce.dump()) << ',' << attention << "\n";
  }
  return csv.str();
}

std::string evidence_table_to_csv(const nlohmann::json& evidence) {
  std::ostringstream csv;
  const auto cols = evidence_table_columns(evidence);
  const auto& table = evidence["table"];
  for (std::size_t i = 0; i < cols.size(); ++i) csv << (i ? "," : "") << csv_field(cols[i]);
  csv << "\n";
  for (const auto& row : table) {
    for (std::size_t i = 0; i < cols.size(); ++i) {
      csv << (i ? "," : "") << csv_field(plain(row.value(cols[i], nlohmann::json())));
    }
    csv << "\n";
  }
  return csv.str();
}

std::string report_to_junit(const Report& report) {
  std::ostringstream x;
  int failures = 0, errors = 0;
  double total = 0;
  for (const auto& r : report.results) {
    if (!r.as_expected()) ++failures;
    if (r.outcome.verdict == Verdict::error) ++errors;
    total += r.seconds;
  }
  x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<testsuites name=\"verify\" tests=\"" << report.results.size() << "\" failures=\""
    << failures << "\" time=\"" << total << "\">\n";
  std::string current;
  for (std::size_t i = 0; i < report.results.size(); ++i) {
    const auto& r = report.results[i];
    if (r.claim.document != current) {
      if (!current.empty()) x << "  </testsuite>\n";
      current = r.claim.document;
      int n = 0, f = 0;
      for (const auto& s : report.results) {
        if (s.claim.document == current) {
          ++n;
          f += s.as_expected() ? 0 : 1;
        }
      }
      x << "  <testsuite name=\"" << xml_escape(current) << "\" tests=\"" << n << "\" failures=\""
        << f << "\">\n";
    }
    x << "    <testcase classname=\"" << xml_escape(r.claim.document) << "\" name=\""
      << xml_escape(r.claim.id) << "\" time=\"" << r.seconds << "\">\n";
    if (!r.as_expected()) {
      x << "      <failure message=\""
        << xml_escape(std::string(to_string(r.outcome.verdict)) + ", expected " +
                      std::string(to_string(r.claim.expected_verdict)))
        << "\">" << xml_escape(r.outcome.summary) << "</failure>\n";
    }
    x << "      <system-out>"
      << xml_escape(std::string(to_string(r.outcome.verdict)) + ": " + r.outcome.summary)
      << "</system-out>\n    </testcase>\n";
  }
  if (!current.empty()) x << "  </testsuite>\n";
  x << "</testsuites>\n";
  (void)errors;
  return x.str();
}

}  // namespace igv
