#include "reports/report.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include "core/errors.h"
#include "reports/figures.h"
#include "reports/writers.h"

namespace igv {

namespace {

std::string run_command(const std::string& cmd) {
  std::string out;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe == nullptr) return out;
  std::array<char, 256> buf{};
  while (fgets(buf.data(), static_cast<int>(buf.size()), pipe) != nullptr) out += buf.data();
  pclose(pipe);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

std::string git_commit() {
  const std::string dir = IGV_SOURCE_DIR;
  std::string commit = run_command("git -C '" + dir + "' rev-parse HEAD 2>/dev/null");
  if (commit.empty()) return "unknown";
  if (!run_command("git -C '" + dir + "' status --porcelain --untracked-files=no 2>/dev/null")
           .empty()) {
    commit += "-dirty";
  }
  return commit;
}

std::string utc_now() {
  const auto t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  std::array<char, 32> buf{};
  std::strftime(buf.data(), buf.size(), "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf.data();
}

std::string hostname() {
  std::array<char, 256> buf{};
  if (gethostname(buf.data(), buf.size() - 1) != 0) return "unknown";
  return buf.data();
}

}  // namespace

nlohmann::json make_context(const RunOptions& options, const std::vector<std::string>& selection,
                            const std::vector<std::string>& claims_files) {
  nlohmann::json files = nlohmann::json::array();
  const std::string src = std::string(IGV_SOURCE_DIR) + "/";
  for (const auto& f : claims_files) {
    files.push_back(f.rfind(src, 0) == 0 ? f.substr(src.size()) : f);
  }
  return {{"harness", "impartial-games verify"},
          {"harness_version", IGV_VERSION},
          {"git_commit", git_commit()},
          {"compiler", IGV_COMPILER},
          {"build_type", IGV_BUILD_TYPE},
          {"date", utc_now()},
          {"host", hostname()},
          {"hardware_threads", std::thread::hardware_concurrency()},
          {"seed", options.seed},
          {"budget", options.budget},
          {"random_cases", options.random_cases},
          {"jobs", options.jobs},
          {"time_limit_seconds", options.time_limit_seconds},
          {"memory_limit_bytes", options.memory_limit_bytes},
          {"selection", selection},
          {"claims_files", files}};
}

nlohmann::json claim_result_to_json(const ClaimResult& r) {
  const Claim& c = r.claim;
  nlohmann::json j = {
      {"id", c.id},
      {"source", {{"document", c.document}, {"title", c.document_title}, {"locator", c.locator}}},
      {"statement", c.statement},
      {"tags", c.tags},
      {"kind", c.kind},
      {"checker", c.checker},
      {"verdict", std::string(to_string(r.outcome.verdict))},
      {"expected_verdict", std::string(to_string(c.expected_verdict))},
      {"as_expected", r.as_expected()},
      {"summary", r.outcome.summary},
      {"evidence", r.outcome.evidence.is_object() ? r.outcome.evidence
                                                  : nlohmann::json{{"value", r.outcome.evidence}}},
      {"counterexample", r.outcome.counterexample},
      {"asserted", c.asserted},
      {"params", c.params},
      {"seed", r.seed},
      {"position", r.position},
      {"seconds", r.seconds},
  };
  if (!c.reading.empty()) j["reading"] = c.reading;
  return j;
}

Report report_from_json(const nlohmann::json& j) {
  Report report;
  report.context = j.value("context", nlohmann::json::object());
  for (const auto& c : j.at("claims")) {
    try {
      ClaimResult r;
      r.claim.id = c.at("id").get<std::string>();
      r.claim.document = c.at("source").at("document").get<std::string>();
      r.claim.document_title = c.at("source").value("title", "");
      r.claim.locator = c.at("source").at("locator").get<std::string>();
      r.claim.statement = c.at("statement").get<std::string>();
      r.claim.reading = c.value("reading", "");
      r.claim.tags = c.value("tags", std::vector<std::string>{});
      r.claim.kind = c.value("kind", "");
      r.claim.checker = c.value("checker", "");
      r.claim.params = c.value("params", nlohmann::json::object());
      r.claim.asserted = c.value("asserted", nlohmann::json());
      const auto ev = parse_verdict(c.at("expected_verdict").get<std::string>());
      const auto v = parse_verdict(c.at("verdict").get<std::string>());
      if (!ev || !v) throw InputError("claim '" + r.claim.id + "' has an unknown verdict");
      r.claim.expected_verdict = *ev;
      r.outcome.verdict = *v;
      r.outcome.summary = c.value("summary", "");
      r.outcome.evidence = c.value("evidence", nlohmann::json::object());
      r.outcome.counterexample = c.value("counterexample", nlohmann::json());
      r.seed = c.value("seed", std::uint64_t{0});
      r.position = c.value("position", std::size_t{0});
      r.seconds = c.value("seconds", 0.0);
      report.results.push_back(std::move(r));
    } catch (const nlohmann::json::exception& e) {
      throw InputError(std::string("a claim of the report lacks a field: ") + e.what());
    }
  }
  return report;
}

nlohmann::json report_summary(const std::vector<ClaimResult>& results) {
  std::map<std::string, int> by_verdict;
  for (const char* v : {"proved", "verified", "passed", "refuted", "inconclusive", "error"})
    by_verdict[v] = 0;
  int unexpected = 0;
  for (const auto& r : results) {
    ++by_verdict[std::string(to_string(r.outcome.verdict))];
    if (!r.as_expected()) ++unexpected;
  }
  return {{"claims", results.size()}, {"by_verdict", by_verdict}, {"not_as_expected", unexpected}};
}

nlohmann::json report_to_json(const Report& report) {
  nlohmann::json claims = nlohmann::json::array();
  for (const auto& r : report.results) claims.push_back(claim_result_to_json(r));
  return {{"schema_version", kReportSchemaVersion},
          {"context", report.context},
          {"summary", report_summary(report.results)},
          {"claims", claims}};
}

// ---------------------------------------------------------------------------------------------
// Interrupts: a Ctrl-C (SIGINT) or SIGTERM while a report file is being written removes the
// temporary file and re-raises the signal, so no half-written report is ever left behind (the
// report proper appears only by the final rename). The path is kept in a fixed buffer because a
// signal handler may only call async-signal-safe functions (unlink, signal, raise).
// ---------------------------------------------------------------------------------------------
namespace {
char g_tmp_path[4096];
volatile std::sig_atomic_t g_tmp_active = 0;

extern "C" void remove_temporary_and_reraise(int sig) {
  if (g_tmp_active != 0) unlink(g_tmp_path);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}
}  // namespace

void install_interrupt_cleanup() {
  std::signal(SIGINT, remove_temporary_and_reraise);
  std::signal(SIGTERM, remove_temporary_and_reraise);
}

void atomic_write(const std::string& path, const std::string& content) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  std::string tmp_name = ".";
  tmp_name.append(target.filename().string()).append(".tmp.").append(std::to_string(getpid()));
  const fs::path tmp = target.parent_path() / tmp_name;
  const std::string tmp_string = tmp.string();
  if (tmp_string.size() < sizeof g_tmp_path) {
    std::memcpy(g_tmp_path, tmp_string.c_str(), tmp_string.size() + 1);
    g_tmp_active = 1;
  }
  struct Deactivate {
    ~Deactivate() { g_tmp_active = 0; }
  } deactivate;
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out)
      throw std::runtime_error("cannot write '" + tmp.string() + "': " + std::strerror(errno));
    out << content;
    out.flush();
    if (!out) {
      std::error_code ec;
      fs::remove(tmp, ec);
      throw std::runtime_error("cannot write '" + tmp.string() + "'");
    }
  }
  std::error_code ec;
  fs::rename(tmp, target, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw std::runtime_error("cannot move the report into place at '" + path +
                             "': " + ec.message());
  }
}

const std::vector<std::string>& report_formats() {
  static const std::vector<std::string> formats{"json", "md", "tex", "csv", "junit", "svg"};
  return formats;
}

std::vector<std::string> write_report(const Report& report, const std::string& dir,
                                      const std::vector<std::string>& formats) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec)
    throw std::runtime_error("cannot create the output folder '" + dir + "': " + ec.message());
  // Render everything first, then write: a failure while rendering leaves nothing behind.
  std::vector<std::pair<std::string, std::string>> files;
  for (const auto& f : formats) {
    if (f == "json") {
      files.emplace_back((fs::path(dir) / "report.json").string(),
                         report_to_json(report).dump(2) + "\n");
    } else if (f == "md") {
      files.emplace_back((fs::path(dir) / "report.md").string(), report_to_markdown(report));
    } else if (f == "tex") {
      files.emplace_back((fs::path(dir) / "report.tex").string(), report_to_latex(report));
    } else if (f == "csv") {
      files.emplace_back((fs::path(dir) / "report.csv").string(), report_to_csv(report));
      for (const auto& r : report.results) {
        if (has_evidence_table(r)) {
          files.emplace_back((fs::path(dir) / "tables" / (r.claim.id + ".csv")).string(),
                             evidence_table_to_csv(r.outcome.evidence));
        }
      }
    } else if (f == "junit") {
      files.emplace_back((fs::path(dir) / "junit.xml").string(), report_to_junit(report));
    } else if (f == "svg") {
      // Pictures are written by the modules' figure writers after the report files (below).
    } else {
      throw InputError("unknown report format '" + f + "'");
    }
  }
  std::vector<std::string> written;
  for (const auto& [path, content] : files) {
    fs::create_directories(fs::path(path).parent_path(), ec);
    atomic_write(path, content);
    written.push_back(path);
  }
  if (std::find(formats.begin(), formats.end(), "svg") != formats.end()) {
    const auto figures = (fs::path(dir) / "figures").string();
    fs::create_directories(figures, ec);
    for (const auto* w : figure_writers()) {
      for (auto& path : w->write(figures)) written.push_back(std::move(path));
    }
  }
  return written;
}

}  // namespace igv
