// The report model: one run's result set and its context. Every writer (JSON, Markdown, …) is a
// function of this one model, so the views cannot disagree.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "properties/base/runner.h"

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

/// The report as JSON (the machine-facing contract: reports/REPORTS.md).
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

/// Makes SIGINT/SIGTERM remove `path` too, a temporary file written outside atomic_write (the
/// binary values file of `verify period --certificate-out` while the checker reads it back); ""
/// forgets it. One such file at a time.
void remove_on_interrupt(const std::string& path);

/// The Markdown evidence report: a summary table, then one table per document.
std::string report_to_markdown(const Report& report);

/// Checks that `dir` can receive a report set (call before a long run, so that a read-only or
/// wrong --out is found at once): it is absent, or a folder that holds only a report set
/// (report.*, junit.xml, tables/, figures/), and a new folder can be made beside it. Throws
/// InputError naming the problem.
void check_output_folder(const std::string& dir);

/// Writes the formats asked for (json, md, …) as one set into `dir` (created if needed): the set
/// is written into a temporary sibling folder and switched into place at once, so `dir` always
/// holds one complete run (the old one or the new one) and nothing of an older run. Returns the
/// paths written. Throws InputError (unusable `dir`) or std::runtime_error (a failed write,
/// with the reason); either way `dir` keeps its old set.
std::vector<std::string> write_report(const Report& report, const std::string& dir,
                                      const std::vector<std::string>& formats);

/// A certificate's path in a report folder: "certificates/NAME" or "certificates/HASH/NAME"
/// (HASH: 16 lower-case hexadecimal digits), NAME a plain name of letters, digits, '.', '-', '_'
/// that does not start with '.' and ends in ".json" or ".values".
bool certificate_path_named(std::string_view rel);

/// The formats write_report knows.
const std::vector<std::string>& report_formats();

/// The LaTeX engine `--format pdf` compiles report.tex with: pdflatex, else lualatex, found on
/// the PATH at run time; "" when neither is there.
std::string latex_engine();

/// Throws InputError (one line) when `formats` asks for pdf and no LaTeX engine is installed:
/// called before any claim runs.
void check_report_formats(const std::vector<std::string>& formats);

}  // namespace igv
