// The report model: one run's result set and its context. Every writer (JSON, Markdown, …) is a
// function of this one model, so the views cannot disagree.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "properties/runner.h"

namespace igv {

/// Version of the JSON report format (reports/report.schema.json). Bump the major part when a
/// field is removed or changes meaning; scripts depend on it.
inline constexpr const char* kReportSchemaVersion = "1.0.0";

struct Report {
  nlohmann::json context = nlohmann::json::object();  ///< harness version, commit, compiler, …
  std::vector<ClaimResult> results;
};

/// The run context: harness version, git commit, compiler, build type, date, host, seed, budget,
/// selection, jobs, claims files. `selection` and `claims_files` are recorded as given.
nlohmann::json make_context(const RunOptions& options, const std::vector<std::string>& selection,
                            const std::vector<std::string>& claims_files);

/// The report as JSON (the machine-facing contract of ARCHITECTURE.md).
nlohmann::json report_to_json(const Report& report);

/// One claim's result as JSON (the objects of report.json's `claims` list).
nlohmann::json claim_result_to_json(const ClaimResult& r);

/// Reads back a report written by report_to_json (for merge and re-rendering); throws
/// InputError when a claim lacks a field the writers need.
Report report_from_json(const nlohmann::json& j);

/// Counts by verdict and how many differ from their expected verdict.
nlohmann::json report_summary(const std::vector<ClaimResult>& results);

/// Writes `content` to `path` atomically: a temporary file in the same folder, then rename.
/// A reader never sees a half-written file. Throws std::runtime_error on failure.
void atomic_write(const std::string& path, const std::string& content);

/// Installs SIGINT/SIGTERM handlers that remove a report file being written and then let the
/// signal end the process as usual (call once, at the start of `verify`).
void install_interrupt_cleanup();

/// The Markdown evidence report: a summary table, then one table per document.
std::string report_to_markdown(const Report& report);

/// Writes the formats asked for (json, md) into `dir` (created if needed), atomically.
/// Returns the paths written.
std::vector<std::string> write_report(const Report& report, const std::string& dir,
                                      const std::vector<std::string>& formats);

/// The formats write_report knows.
const std::vector<std::string>& report_formats();

}  // namespace igv
