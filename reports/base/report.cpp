#include "reports/base/report.h"

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <thread>

#include "core/base/process_supervisor.h"
#include "core/base/trusted/errors.h"
#include "core/base/trusted/json_input.h"
#include "core/base/trusted/sha256.h"
#include "igv_build_info.h"
#include "properties/base/ids.h"
#include "properties/base/verdict_read_back.h"
#include "reports/base/figures.h"
#include "reports/base/writers.h"

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
  // Each file's SHA-256: `verify merge` re-reads the claims files and refuses shards run from
  // other contents (report_tools.h, shard_selection).
  nlohmann::json hashes = nlohmann::json::array();
  const std::string src = std::string(IGV_SOURCE_DIR) + "/";
  for (const auto& f : claims_files) {
    files.push_back(f.rfind(src, 0) == 0 ? f.substr(src.size()) : f);
    hashes.push_back(sha256_hex(read_input_file(f, "claims file '" + f + "'")));
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
          {"claims_files", files},
          {"claims_files_sha256", hashes}};
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
      {"expected_verdict", std::string(to_string(c.expected_verdict))},
      {"as_expected", r.as_expected()},
      {"asserted", c.asserted},
      {"params", c.params},
      {"seed", r.seed},
      {"position", r.position},
      {"seconds", r.seconds},
      {"peak_memory_bytes", r.peak_memory_bytes},
  };
  // The outcome's own fields (verdict, summary, evidence, counterexample): one writer.
  j.update(outcome_json(r.outcome));
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
      const auto expected = c.at("expected_verdict").get<std::string>();
      const auto ev = parse_verdict(expected);
      const auto v = parse_verdict(c.at("verdict").get<std::string>());
      if ((!ev && expected != "undecided") || !v) {
        throw InputError("claim '" + r.claim.id + "' has an unknown verdict");
      }
      r.claim.expected_verdict = ev;
      r.outcome = outcome_read_back(*v, c.value("summary", ""),
                                    c.value("evidence", nlohmann::json::object()),
                                    c.value("counterexample", nlohmann::json()), nullptr);
      r.peak_memory_bytes = c.value("peak_memory_bytes", std::uint64_t{0});
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
  int undecided = 0;
  for (const auto& r : results) {
    ++by_verdict[std::string(to_string(r.outcome.verdict))];
    if (!r.as_expected()) ++unexpected;
    if (!r.claim.expected_verdict) ++undecided;
  }
  return {{"claims", results.size()},
          {"by_verdict", by_verdict},
          {"not_as_expected", unexpected},
          {"undecided", undecided}};
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
// Interrupts: a Ctrl-C (SIGINT) or SIGTERM while a single file is being written by atomic_write
// removes the temporary file and re-raises the signal. The path is kept in a fixed buffer because
// a signal handler may only call async-signal-safe functions (unlink, signal, raise). A report
// set is protected differently (write_report, below): signals are held back while it is written.
// ---------------------------------------------------------------------------------------------
namespace {
char g_tmp_path[4096];
volatile std::sig_atomic_t g_tmp_active = 0;
char g_side_path[4096];  // remove_on_interrupt
volatile std::sig_atomic_t g_side_active = 0;

extern "C" void remove_temporary_and_reraise(int sig) {
  if (g_tmp_active != 0) unlink(g_tmp_path);
  if (g_side_active != 0) unlink(g_side_path);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

/// Writes `content` to a new file at `path`, checking every write and the close; throws
/// std::runtime_error naming the file and the system's reason (e.g. "No space left on device").
void write_file_checked(const std::string& path, const std::string& content) {
  // A new file only: never through a symbolic link, never over a file already there.
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int e = n < 0 ? errno : EIO;
      close(fd);
      throw std::runtime_error("cannot write '" + path + "': " + std::strerror(e));
    }
    done += static_cast<std::size_t>(n);
  }
  if (close(fd) != 0)
    throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
}
}  // namespace

void remove_on_interrupt(const std::string& path) {
  g_side_active = 0;
  if (path.empty() || path.size() >= sizeof g_side_path) return;
  std::memcpy(g_side_path, path.c_str(), path.size() + 1);
  g_side_active = 1;
}

void install_interrupt_cleanup() {
  std::signal(SIGINT, remove_temporary_and_reraise);
  std::signal(SIGTERM, remove_temporary_and_reraise);
  // A file-size limit (ulimit -f) must be a write error with its reason (EFBIG), not a signal
  // that ends the process half-way through a report set.
  std::signal(SIGXFSZ, SIG_IGN);
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
  // The file replaced must be a regular file (rename would replace a link, a pipe or a device
  // node by the file, and a folder cannot be replaced).
  struct stat st {};
  if (lstat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    g_tmp_active = 0;
    throw std::runtime_error("cannot write '" + path + "': it exists and is not a regular file");
  }
  unlink(tmp_string.c_str());  // a temporary left by a killed process of the same id
  try {
    write_file_checked(tmp_string, content);
  } catch (...) {
    unlink(tmp_string.c_str());
    throw;
  }
  if (std::rename(tmp_string.c_str(), path.c_str()) != 0) {
    const int e = errno;
    unlink(tmp_string.c_str());
    throw std::runtime_error("cannot move '" + tmp_string + "' into place at '" + path +
                             "': " + std::strerror(e));
  }
}

const std::vector<std::string>& report_formats() {
  static const std::vector<std::string> formats{"json", "md",    "tex", "pdf",
                                                "csv",  "junit", "svg", "html"};
  return formats;
}

// ---------------------------------------------------------------------------------------------
// The report set. `--out DIR` must always hold one complete run: the whole set is written into a
// temporary sibling folder (.DIR.verify-new.PID) and switched into place at once, by exchanging
// the two folders (renameat2 RENAME_EXCHANGE) or, on a file system without exchange, by two
// renames. A reader of DIR sees the old set or the new one, never a mixture, and files of an
// older run (a report.tex the new run does not write) go with the old set. SIGINT, SIGTERM and
// SIGHUP are held back while the set is written and delivered once it is in place; a run killed
// outright (SIGKILL) leaves only a hidden sibling named after its process id, which the next run
// that writes beside it removes.
// ---------------------------------------------------------------------------------------------
namespace {

namespace fs = std::filesystem;

const std::set<std::string>& report_artefacts() {
  // report.pdf and the by-products of compiling report.tex by hand in DIR (REPORTS.md: `cd DIR
  // && pdflatex report.tex`) are part of the set: the next run replaces them with the rest.
  static const std::set<std::string> names{
      "report.json", "report.md",  "report.tex",        "report.csv",        "report.html",
      "junit.xml",   "tables",     "figures",           "report.pdf",        "report.aux",
      "report.log",  "report.toc", "report.out",        "report.synctex.gz", "report.fls",
      "report.lof",  "report.lot", "report.fdb_latexmk"};
  return names;
}

struct OutputFolder {
  fs::path target;   ///< the folder, absolute, symbolic links resolved
  fs::path parent;   ///< where the temporary sibling is made
  std::string name;  ///< target's last component
  fs::path shown;    ///< the folder as the user named it (relative stays relative), for messages
};

OutputFolder output_folder(const std::string& dir) {
  if (dir.empty()) throw InputError("--out names no folder");
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(dir), ec);
  if (ec) throw InputError("--out '" + dir + "': " + ec.message());
  if (!p.has_filename()) p = p.parent_path();
  const std::string name = p.filename().string();
  if (name.empty() || name == "." || name == ".." || p == p.root_path()) {
    throw InputError("--out '" + dir + "' cannot hold a report set: name a folder of its own");
  }
  return {p, p.parent_path(), name, fs::path(dir)};
}

std::string temporary_prefix(const OutputFolder& out) {
  return "." + out.name + ".verify-";
}

/// Removes the temporary siblings of runs that no longer exist (killed before they could clean
/// up). A sibling of a live process (another run writing beside this one) is left alone.
void remove_stale_temporaries(const OutputFolder& out) {
  const std::string prefix = temporary_prefix(out);
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(out.parent, ec)) {
    const std::string n = entry.path().filename().string();
    if (n.rfind(prefix, 0) != 0) continue;
    const auto dot = n.rfind('.');
    const std::string pid_text = n.substr(dot + 1);
    if (pid_text.empty() || pid_text.find_first_not_of("0123456789") != std::string::npos ||
        pid_text.size() > 9)
      continue;
    const pid_t pid = static_cast<pid_t>(std::stol(pid_text));
    if (pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH)) {
      std::error_code rm;
      fs::remove_all(entry.path(), rm);
    }
  }
}

/// Holds SIGINT, SIGTERM and SIGHUP back for its lifetime; a signal that arrives meanwhile is
/// delivered when it ends (and then ends the process as usual).
class SignalHold {
 public:
  SignalHold() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &set, &old_);
  }
  ~SignalHold() { pthread_sigmask(SIG_SETMASK, &old_, nullptr); }
  SignalHold(const SignalHold&) = delete;
  SignalHold& operator=(const SignalHold&) = delete;

 private:
  sigset_t old_{};
};

/// Puts the folder `fresh` at `target`, atomically when the file system can exchange folders;
/// the old set (if any) ends at `fresh` and is removed.
void switch_into_place(const fs::path& fresh, const OutputFolder& out) {
  std::error_code ec;
  const bool exists = fs::exists(out.target, ec);
  if (!exists) {
    if (std::rename(fresh.c_str(), out.target.c_str()) != 0) {
      throw std::runtime_error("cannot move the report set into place at '" + out.target.string() +
                               "': " + std::strerror(errno));
    }
    return;
  }
  if (renameat2(AT_FDCWD, fresh.c_str(), AT_FDCWD, out.target.c_str(), RENAME_EXCHANGE) != 0) {
    const int e = errno;
    if (e != EINVAL && e != ENOSYS && e != ENOTSUP) {
      throw std::runtime_error("cannot move the report set into place at '" + out.target.string() +
                               "': " + std::strerror(e));
    }
    // No exchange on this file system: move the old set aside, then the new one in.
    const fs::path old = out.parent / (temporary_prefix(out) + "old." + std::to_string(getpid()));
    fs::remove_all(old, ec);
    if (std::rename(out.target.c_str(), old.c_str()) != 0 ||
        std::rename(fresh.c_str(), out.target.c_str()) != 0) {
      const int e2 = errno;
      std::rename(old.c_str(), out.target.c_str());
      throw std::runtime_error("cannot move the report set into place at '" + out.target.string() +
                               "': " + std::strerror(e2));
    }
    fs::remove_all(old, ec);
    return;
  }
  fs::remove_all(fresh, ec);  // now the old set
}

}  // namespace

namespace {

/// True when `name` is `stem.ext` with `stem` an id (properties/base/ids.h) and ext one of `exts`.
bool id_named(const std::string& name, std::initializer_list<const char*> exts) {
  const auto dot = name.rfind('.');
  if (dot == std::string::npos) return false;
  const std::string ext = name.substr(dot + 1);
  return std::any_of(exts.begin(), exts.end(), [&ext](const char* e) { return ext == e; }) &&
         is_valid_id(name.substr(0, dot));
}

/// Throws InputError naming the first entry under `folder` (relative name `rel`) that a report
/// set does not hold: every entry must have a name and a type the writers give (report files
/// and junit.xml, tables/ID.csv, tables/ID.tex, tables/documents/ID.tex, figures/NAME.svg and
/// .pdf), regular files and real folders only (no link, pipe or device). A run replaces the whole
/// set, so anything else would be deleted with it.
/// A certificate's second folder: 16 lower-case hexadecimal digits (attach_certificate_references).
bool certificate_subfolder_named(std::string_view n) {
  return n.size() == 16 && std::all_of(n.begin(), n.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

void check_report_tree(const fs::path& folder, const std::string& rel, const std::string& dir) {
  std::error_code ec;
  const auto foreign = [&dir](const std::string& name, const char* why) {
    throw InputError("--out '" + dir + "' holds '" + name + "', which " + why +
                     "; a run replaces the whole folder, so name a new folder or one that holds "
                     "only a report");
  };
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    const std::string n = entry.path().filename().string();
    const std::string shown = rel.empty() ? n : rel + "/" + n;
    const auto type = entry.symlink_status(ec).type();
    bool file = false;         // a name of a report file
    bool folder_name = false;  // a name of a report folder
    if (rel.empty()) {
      file = n != "tables" && n != "figures" && report_artefacts().count(n) != 0;
      folder_name = n == "tables" || n == "figures" || n == "certificates";
    } else if (rel == "certificates") {
      file = certificate_path_named(rel + "/" + n);
      folder_name = certificate_subfolder_named(n);
    } else if (rel.starts_with("certificates/")) {
      file = certificate_path_named(rel + "/" + n);
    } else if (rel == "tables") {
      file = id_named(n, {"csv", "tex"});
      folder_name = n == "documents";
    } else if (rel == "tables/documents") {
      file = id_named(n, {"tex"});
    } else if (rel == "figures") {
      file = id_named(n, {"svg", "pdf"});
    }
    if (!file && !folder_name) foreign(shown, "is not part of a report set");
    if (file && type != fs::file_type::regular) foreign(shown, "is not a regular file");
    if (folder_name) {
      if (type != fs::file_type::directory) foreign(shown, "is not a folder");
      check_report_tree(entry.path(), shown, dir);
    }
  }
  if (ec) throw InputError("--out '" + dir + "' cannot be read: " + ec.message());
}

}  // namespace

bool certificate_path_named(std::string_view rel) {
  constexpr std::string_view kFolder = "certificates/";
  if (!rel.starts_with(kFolder)) return false;
  rel.remove_prefix(kFolder.size());
  if (const auto slash = rel.find('/'); slash != std::string_view::npos) {
    if (!certificate_subfolder_named(rel.substr(0, slash))) return false;
    rel.remove_prefix(slash + 1);
  }
  if (rel.empty() || rel.front() == '.' || rel.size() > 200) return false;
  if (!rel.ends_with(".json") && !rel.ends_with(".values")) return false;
  return std::all_of(rel.begin(), rel.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '-' || c == '_';
  });
}

std::string id_file_name(const std::string& id, const std::string& extension) {
  const std::string fault = id_fault(id);
  if (!fault.empty()) {
    throw InputError("'" + printable_id(id) + "' cannot name a file of the report: " + fault);
  }
  return id + "." + extension;
}

void check_output_folder(const std::string& dir) {
  const OutputFolder out = output_folder(dir);
  std::error_code ec;
  if (fs::exists(out.target, ec)) {
    if (!fs::is_directory(out.target, ec))
      throw InputError("--out '" + dir + "' exists and is not a folder");
    check_report_tree(out.target, "", dir);
  }
  // The set is made beside the folder: the parent (or its nearest existing ancestor, where the
  // missing folders will be made) must take a new folder. Probed by making one, which also finds
  // a read-only file system and, for root, a read-only mount.
  fs::path probe_in = out.parent;
  while (!probe_in.empty() && !fs::exists(probe_in, ec) && probe_in != probe_in.root_path())
    probe_in = probe_in.parent_path();
  const fs::path probe = probe_in / (temporary_prefix(out) + "probe." + std::to_string(getpid()));
  if (mkdir(probe.c_str(), 0700) != 0) {
    throw InputError("--out '" + dir + "': cannot write in '" + probe_in.string() +
                     "': " + std::strerror(errno));
  }
  rmdir(probe.c_str());
  // The old set is removed after the switch: its files must be removable.
  if (fs::exists(out.target, ec) && access(out.target.c_str(), W_OK) != 0) {
    throw InputError("--out '" + dir + "' is not writable: " + std::strerror(errno));
  }
}

namespace {

/// Runs `args` (a program on the PATH) in `folder`, through the process supervisor, with stdin,
/// stdout and stderr on /dev/null and SOURCE_DATE_EPOCH set (0 unless given: the same PDF from run
/// to run); true when it exits 0 within `seconds` (killed, with its process group, after that).
bool run_in(const fs::path& folder, const std::vector<std::string>& args, double seconds) {
  process::SpawnOptions spawn;
  spawn.own_process_group = true;
  spawn.in = spawn.out = spawn.err = process::Stream::null();
  spawn.working_directory = folder.string();
  try {
    process::Child child = process::Child::exec(
        args, process::environment_with_defaults({"SOURCE_DATE_EPOCH=0"}), spawn,
        /*search_path=*/true);
    const process::Supervision s = process::supervise(child, {seconds, 0});
    return s.stop == process::Supervision::Stop::exited && s.status.success();
  } catch (const std::exception&) {
    return false;  // not installed, or not startable: the caller says what is missing
  }
}

/// The most seconds rsvg-convert may take for one figure.
constexpr double kConvertSeconds = 120;

/// The SVG figures in DIR/figures, each with its PDF made by rsvg-convert (librsvg2-bin) when
/// the program is on the PATH and succeeds; without it the PDF is absent and report.tex says
/// how to make it. SOURCE_DATE_EPOCH (0 unless set) keeps the PDF the same from run to run.
std::vector<LatexFigure> latex_figures(const fs::path& dir, const std::vector<Figure>& drawn) {
  std::vector<LatexFigure> out;
  std::error_code ec;
  const fs::path figures = dir / "figures";
  if (!fs::is_directory(figures, ec)) return out;
  std::vector<fs::path> svgs;
  for (const auto& e : fs::directory_iterator(figures, ec)) {
    if (e.path().extension() == ".svg") svgs.push_back(e.path());
  }
  std::sort(svgs.begin(), svgs.end());
  for (const auto& svg : svgs) {
    LatexFigure f;
    f.svg = (fs::path("figures") / svg.filename()).string();
    f.pdf = (fs::path("figures") / svg.filename().replace_extension(".pdf")).string();
    // The title: the first <title> of the file, XML entities undone.
    std::ifstream in(svg);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto a = text.find("<title>");
    const auto b = a == std::string::npos ? a : text.find("</title>", a);
    if (b != std::string::npos) {
      std::string t = text.substr(a + 7, b - a - 7);
      for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
               {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&amp;", "&"}}) {
        for (auto p = t.find(from); p != std::string::npos; p = t.find(from, p + to.size()))
          t.replace(p, from.size(), to);
      }
      f.title = t;
    }
    for (const auto& d : drawn) {
      if (d.name == svg.filename().string()) {
        f.caption = d.caption;
        f.claims = d.claims;
      }
    }
    const std::string pdf = fs::absolute(dir / f.pdf).string();
    const std::string src = fs::absolute(svg).string();
    const bool ok = run_in(dir, {"rsvg-convert", "-f", "pdf", "-o", pdf, src}, kConvertSeconds);
    if (!ok) fs::remove(pdf, ec);
    out.push_back(f);
  }
  return out;
}

/// The first error line ("! ...") of a LaTeX log, or "".
std::string first_latex_error(const fs::path& log) {
  std::ifstream in(log);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("! ", 0) == 0) return line.substr(2);
  }
  return "";
}

/// The most seconds one LaTeX pass may take.
constexpr double kLatexPassSeconds = 600;

/// report.pdf: report.tex, its fragments and its figures written into a private folder (made
/// by mkdtemp beside nothing of DIR), compiled there twice by latex_engine() (the contents and
/// the references), its PDF returned; the folder and every by-product removed. Throws
/// std::runtime_error with the engine's first error when it fails.
std::string compile_report_pdf(const Report& report, const std::vector<Figure>& figures) {
  const std::string engine = latex_engine();
  if (engine.empty()) {
    throw InputError(
        "--format pdf needs pdflatex or lualatex on the PATH (Debian: texlive-latex-extra)");
  }
  std::string pattern = (fs::temp_directory_path() / "verify-latex.XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) {
    throw std::runtime_error("cannot make a folder to compile report.tex in: " +
                             std::string(std::strerror(errno)));
  }
  const fs::path folder(pattern);
  std::error_code ec;
  try {
    fs::create_directories(folder / "figures", ec);
    for (const auto& fig : figures) {
      if (!id_named(fig.name, {"svg"}))
        throw std::runtime_error("a figure's file name '" + fig.name + "' is not a plain name");
      write_file_checked((folder / "figures" / fig.name).string(), fig.svg);
    }
    const auto latex = latex_figures(folder, figures);
    for (const auto& [rel, content] : report_to_latex(report, latex)) {
      const fs::path path = folder / rel;
      fs::create_directories(path.parent_path(), ec);
      write_file_checked(path.string(), content);
    }
    const std::vector<std::string> args{engine, "-interaction=nonstopmode", "-halt-on-error",
                                        "-no-shell-escape", "report.tex"};
    for (int pass = 0; pass < 2; ++pass) {
      if (!run_in(folder, args, kLatexPassSeconds)) {
        const std::string why = first_latex_error(folder / "report.log");
        throw std::runtime_error(
            fs::path(engine).filename().string() + " could not compile report.tex" +
            (why.empty() ? std::string(" (no error line in its log)") : ": " + why));
      }
    }
    std::ifstream in(folder / "report.pdf", std::ios::binary);
    std::string pdf((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (pdf.empty()) throw std::runtime_error("report.tex compiled without a PDF");
    fs::remove_all(folder, ec);
    return pdf;
  } catch (...) {
    fs::remove_all(folder, ec);
    throw;
  }
}

}  // namespace

std::string latex_engine() {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return "";
  for (const char* name : {"pdflatex", "lualatex"}) {
    std::string dirs = path;
    std::size_t start = 0;
    while (start <= dirs.size()) {
      const std::size_t end = std::min(dirs.find(':', start), dirs.size());
      const std::string d = dirs.substr(start, end - start);
      if (!d.empty()) {
        const fs::path candidate = fs::path(d) / name;
        if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
      }
      start = end + 1;
    }
  }
  return "";
}

void check_report_formats(const std::vector<std::string>& formats) {
  if (std::find(formats.begin(), formats.end(), "pdf") != formats.end() && latex_engine().empty()) {
    throw InputError(
        "--format pdf needs pdflatex or lualatex on the PATH (Debian: texlive-latex-extra); "
        "neither was found");
  }
}

std::vector<std::string> write_report(const Report& report, const std::string& dir,
                                      const std::vector<std::string>& formats) {
  // Render everything first, then write: a failure while rendering leaves nothing behind.
  for (const auto& f : formats) {
    if (std::find(report_formats().begin(), report_formats().end(), f) == report_formats().end()) {
      throw InputError("unknown report format '" + f + "'");
    }
  }
  const auto wants = [&formats](const char* f) {
    return std::find(formats.begin(), formats.end(), f) != formats.end();
  };
  // The figures (reports/base/figures.h): files of their own with svg, inlined in the HTML page,
  // linked from the Markdown report when the files are written.
  std::vector<Figure> figures;
  if (wants("svg") || wants("html") || wants("pdf")) figures = report_figures(report);
  check_report_formats(formats);
  std::vector<std::pair<std::string, std::string>> files;  // relative path, content
  for (const auto& f : formats) {
    if (f == "json") {
      files.emplace_back("report.json", report_to_json(report).dump(2) + "\n");
    } else if (f == "md") {
      files.emplace_back(
          "report.md", report_to_markdown(report, wants("svg") ? figures : std::vector<Figure>{}));
    } else if (f == "tex") {
      // Written after the figures (below): report.tex includes them.
    } else if (f == "pdf") {
      // report.tex compiled in a private folder: no LaTeX by-product reaches DIR.
      files.emplace_back("report.pdf", compile_report_pdf(report, figures));
    } else if (f == "csv") {
      files.emplace_back("report.csv", report_to_csv(report));
      for (const auto& r : report.results) {
        if (has_evidence_table(r)) {
          files.emplace_back("tables/" + id_file_name(r.claim.id, "csv"),
                             evidence_table_to_csv(r.outcome.evidence));
        }
      }
    } else if (f == "junit") {
      files.emplace_back("junit.xml", report_to_junit(report));
    } else if (f == "html") {
      files.emplace_back("report.html", report_to_html(report, figures));
    } else if (f == "svg") {
      for (const auto& fig : figures) {
        if (!id_named(fig.name, {"svg"}))
          throw std::runtime_error("a figure's file name '" + fig.name + "' is not a plain name");
        files.emplace_back((fs::path("figures") / fig.name).string(), fig.svg);
      }
    }
  }
  // The certificates the proved claims rest on (issue 35): where each claim's evidence names it
  // (attach_certificate_references), its side files beside it; one file for claims that share it.
  std::set<std::string> certificate_paths;
  for (const auto& r : report.results) {
    if (!r.outcome.certificate() || !r.outcome.evidence.contains("certificate_file")) continue;
    const std::string rel = r.outcome.evidence["certificate_file"].at("path").get<std::string>();
    if (!certificate_path_named(rel))
      throw std::runtime_error("a certificate's path '" + rel + "' is not a report set's");
    if (!certificate_paths.insert(rel).second) continue;
    const CertificateFile& file = *r.outcome.certificate();
    files.emplace_back(rel, file.text());
    for (const auto& [name, bytes] : file.side_files) {
      const std::string side = (fs::path(rel).parent_path() / name).string();
      if (!certificate_path_named(side))
        throw std::runtime_error("a certificate's side file '" + side + "' is not a plain name");
      files.emplace_back(side, bytes);
    }
  }
  check_output_folder(dir);
  const OutputFolder out = output_folder(dir);
  std::error_code ec;
  fs::create_directories(out.parent, ec);
  if (ec) {
    throw std::runtime_error("cannot create the output folder '" + out.parent.string() +
                             "': " + ec.message());
  }
  remove_stale_temporaries(out);

  const SignalHold hold;
  const fs::path fresh = out.parent / (temporary_prefix(out) + "new." + std::to_string(getpid()));
  fs::remove_all(fresh, ec);
  if (mkdir(fresh.c_str(), 0755) != 0) {
    throw std::runtime_error("cannot create '" + fresh.string() + "': " + std::strerror(errno));
  }
  std::vector<std::string> written;
  try {
    for (const auto& [rel, content] : files) {
      const fs::path path = fresh / rel;
      fs::create_directories(path.parent_path(), ec);
      write_file_checked(path.string(), content);
      written.push_back((out.shown / rel).string());
    }
    if (std::find(formats.begin(), formats.end(), "tex") != formats.end()) {
      // The figures of the set, each converted to PDF for pdflatex when rsvg-convert is there
      // (report.tex otherwise says how to make the PDF, and compiles without it).
      const auto latex = latex_figures(fresh, figures);
      for (const auto& f : latex) {
        if (fs::exists(fresh / f.pdf, ec)) written.push_back((out.shown / f.pdf).string());
      }
      for (const auto& [rel, content] : report_to_latex(report, latex)) {
        const fs::path path = fresh / rel;
        fs::create_directories(path.parent_path(), ec);
        write_file_checked(path.string(), content);
        written.push_back((out.shown / rel).string());
      }
    }
    switch_into_place(fresh, out);
  } catch (...) {
    fs::remove_all(fresh, ec);
    throw;
  }
  return written;
}

}  // namespace igv
