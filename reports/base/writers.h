// The writers over one result set. Each returns the text of one file; write_report() in
// report.h renders all the requested ones first and then writes them atomically.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "reports/base/report.h"

namespace igv {

/// LaTeX: one booktabs longtable per source document, then one per evidence table; ready to
/// \input (needs booktabs and longtable).
std::string report_to_latex(const Report& report);

/// CSV: one row per claim.
std::string report_to_csv(const Report& report);

/// A claim's evidence table (evidence.table, a list of row objects) as CSV.
std::string evidence_table_to_csv(const nlohmann::json& evidence);

/// JUnit XML: one testsuite per document, one testcase per claim; a claim whose verdict is not
/// the expected one is a failure.
std::string report_to_junit(const Report& report);

/// The columns of a claim's evidence table: evidence.table_columns first (a checker's chosen
/// order), then any other keys of the rows in first-seen order.
std::vector<std::string> evidence_table_columns(const nlohmann::json& evidence);

/// True when the claim's evidence holds a table (evidence.table, a list of objects).
bool has_evidence_table(const ClaimResult& r);

}  // namespace igv
