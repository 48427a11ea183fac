// libFuzzer target for every input a user hands the harness: positions of every family, game
// specifications, claims files (raw text, and structure-aware: valid TOML whose claims carry
// hostile parameter values, run through their checkers), reports (as `diff` and `merge` read
// them), shard specs and period certificates of every family. The first input byte picks the
// target. A parser may reject input only with InputError; any other exception, crash, leak,
// out-of-bounds access (_GLIBCXX_ASSERTIONS, ASan) or undefined behaviour is a finding.
//
// Issue 27 adds three modes with properties of their own: ids (an id the validator accepts gives a
// file name with no '/', not "." or "..", of bounded length, one name per id; a refused one
// never names a file), `@FILE` (a positions file reads as the same items given inline; a claims
// file whose parameters hold `@FILE` is refused and the file is never opened, which inotify
// watches) and the external-kernel protocol (the reply bytes of a kernel, written by `cat`,
// read by run_kernel: exactly the values an independent reading of the line or binary protocol
// gives, or a KernelDefect).
//
// Built only with -DIGV_FUZZ=ON and clang (see tests/README.md, "Hardening"); the corpus of inputs
// that once failed, and seeds for every family (tests/fuzz/fuzz_parsers/), is replayed by every
// run.
//
// With IGV_FUZZ_PYTHON_CHECKER=verify/check_certificate.py in the environment, each certificate
// is also handed to the Python checker (`python3 SCRIPT FILE`), and a certificate that one checker
// accepts and the other refuses is a finding: a differential fuzz of the two checkers (issue 27;
// about twenty inputs a second, the Python start-up dominates).
#include <fcntl.h>
#include <sys/inotify.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <iterator>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "core/base/game_family.h"
#include "core/base/terminal_text.h"
#include "core/base/trusted/errors.h"
#include "core/base/trusted/json_input.h"
#include "core/base/trusted/position.h"
#include "igv_build_info.h"
#include "properties/base/claims_file.h"
#include "properties/base/ids.h"
#include "properties/base/runner.h"
#include "properties/kernels/kernel_process.h"
#include "reports/base/figures.h"
#include "reports/base/plots.h"
#include "reports/base/report.h"
#include "reports/base/report_tools.h"
#include "reports/base/writers.h"

namespace {

bool small_numbers(const nlohmann::json& j) {
  if (j.is_number())
    return j.is_number_integer() ? (j.get<std::int64_t>() > -5000 && j.get<std::int64_t>() < 5000)
                                 : true;
  if (j.is_array() || j.is_object()) {
    if (j.size() > 2000) return false;
    for (const auto& x : j) {
      if (!small_numbers(x)) return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Structure-aware claims: a shipped or generic test claim (every checker has one) with one
// parameter, or the asserted value, replaced by a hostile value, written back as TOML, loaded as a
// claims file and run with a small budget and a time limit.
// ---------------------------------------------------------------------------------------------

/// Reads bytes from the fuzz input; zero once it is used up.
struct Bytes {
  const std::uint8_t* p;
  std::size_t n;
  std::uint8_t next() {
    if (n == 0) return 0;
    --n;
    return *p++;
  }
};

nlohmann::json hostile_value(Bytes& in) {
  constexpr auto kMax = std::numeric_limits<std::int64_t>::max();
  constexpr auto kMin = std::numeric_limits<std::int64_t>::min();
  switch (in.next() % 20) {
    case 0:
      return -1;
    case 1:
      return 0;
    case 2:
      return -1000000;
    case 3:
      return std::int64_t{1} << 31;
    case 4:
      return -(std::int64_t{1} << 31);
    case 5:
      return std::int64_t{1} << 53;
    case 6:
      return kMax;
    case 7:
      return kMin;
    case 8:
      return 1e300;
    case 9:
      return -0.5;
    case 10:
      return "";
    case 11:
      return "0.7z";
    case 12:
      return nlohmann::json::array();
    case 13:
      return nlohmann::json::object();
    case 14:
      return true;
    case 15:
      return nlohmann::json::array({nlohmann::json::array({-1, kMax})});
    case 16:
      return nlohmann::json::array({33, 0});
    default:
      return static_cast<int>(in.next() % 25) - 8;  // small, often just out of range
  }
}

std::string toml_string(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned char>(c));
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

/// A JSON value as a TOML inline value (null, which TOML lacks, as an empty table).
std::string to_toml(const nlohmann::json& j) {
  if (j.is_object()) {
    std::string out = "{";
    bool first = true;
    for (const auto& [k, v] : j.items()) {
      out += (first ? " " : ", ") + toml_string(k) + " = " + to_toml(v);
      first = false;
    }
    return out + (first ? "}" : " }");
  }
  if (j.is_array()) {
    std::string out = "[";
    for (std::size_t i = 0; i < j.size(); ++i) out += (i ? ", " : "") + to_toml(j[i]);
    return out + "]";
  }
  if (j.is_string()) return toml_string(j.get<std::string>());
  if (j.is_boolean()) return j.get<bool>() ? "true" : "false";
  if (j.is_number_float()) {
    std::ostringstream os;
    os.precision(17);
    os << j.get<double>();
    std::string s = os.str();
    if (s.find_first_of(".eE") == std::string::npos && s.find("inf") == std::string::npos &&
        s.find("nan") == std::string::npos)
      s += ".0";
    return s;
  }
  if (j.is_number()) return j.dump();
  return "{}";
}

const std::vector<igv::Claim>& shipped_claims() {
  // The shipped claims, and the generic claims of the test data (game.values, game.value,
  // game.p_positions, game.formula and game.period have no shipped claim).
  static const std::vector<igv::Claim> claims = [] {
    auto files = igv::default_claims_files();
    files.push_back(std::string(IGV_SOURCE_DIR) + "/tests/data/generic_claims.toml");
    return igv::load_claims_files(files);
  }();
  return claims;
}

void fuzz_claim_parameters(Bytes in) {
  const auto& claims = shipped_claims();
  if (claims.empty()) return;
  const std::size_t which = (static_cast<std::size_t>(in.next()) << 8 | in.next()) % claims.size();
  igv::Claim c = claims[which];
  // One to three edits: a parameter of the claim (or a new one), or the asserted value.
  const int edits = 1 + in.next() % 3;
  for (int e = 0; e < edits; ++e) {
    const auto target = in.next();
    if (target % 4 == 3) {
      if (c.asserted.is_array() && !c.asserted.empty() && target % 8 == 3) {
        c.asserted[in.next() % c.asserted.size()] = hostile_value(in);
      } else {
        c.asserted = hostile_value(in);
      }
    } else if (!c.params.empty()) {
      auto it = c.params.begin();
      std::advance(it, static_cast<std::ptrdiff_t>(in.next() % c.params.size()));
      it.value() = hostile_value(in);
    }
  }
  // Legitimate but slow requests are not findings: Frolov rows 10..12 take seconds to a minute
  // to prove (rows outside 0..12 must be refused at once, and stay in the fuzzed domain).
  for (const char* key : {"row", "rows", "rows_at_large_budget"}) {
    if (c.params.contains(key) && c.params[key].is_number_integer()) {
      const auto v = c.params[key].get<std::int64_t>();
      if (v > 9 && v <= 12) return;
    }
  }
  std::string toml = "[document]\nid = " + toml_string(c.document) + "\n[[claim]]\n";
  toml += "id = " + toml_string(c.id) + "\nlocator = \"fuzz\"\nstatement = \"fuzz\"\n";
  toml += "kind = " + toml_string(c.kind) + "\nchecker = " + toml_string(c.checker) + "\n";
  toml += "expected_verdict = \"refuted\"\nparams = " + to_toml(c.params) + "\n";
  if (!c.asserted.is_null()) toml += "asserted = " + to_toml(c.asserted) + "\n";
  std::vector<igv::Claim> parsed;
  try {
    parsed = igv::parse_claims(toml, "fuzz-claims.toml");
  } catch (const igv::InputError&) {
    return;  // refused at load time: fine
  }
  igv::RunOptions options;
  options.budget = 0.01;
  options.random_cases = 20;
  // A claim runs in a worker process, as in `verify run`: a stated domain is checked whole (never
  // scaled), so a hostile but legal parameter may ask for minutes of work; the runner stops it at
  // the limits (inconclusive, not a finding). A crash of the checker in the worker is a finding:
  // the worker's sanitizer report is on stderr and the input is kept by aborting here.
  options.isolate = true;
  options.jobs = 1;
  options.time_limit_seconds = 2;
  options.memory_limit_bytes = std::uint64_t{1} << 30;
  for (const auto& r : igv::run_claims(parsed, options)) {
    if (r.outcome.verdict == igv::Verdict::error &&
        (r.outcome.evidence.contains("signal") ||
         r.outcome.summary.rfind("the checker's worker exited", 0) == 0)) {
      std::fprintf(stderr, "fuzz: checker %s crashed in its worker: %s\n", r.claim.checker.c_str(),
                   r.outcome.summary.c_str());
      std::abort();
    }
    // A claim whose parameters were made hostile may be refuted, inconclusive or an error, but
    // never a crash; and its result must render.
    (void)igv::claim_result_to_json(r).dump();
  }
}

// ---------------------------------------------------------------------------------------------
// Reports, as diff and merge read them.
// ---------------------------------------------------------------------------------------------
void fuzz_report(const std::string& text) {
  const auto j = igv::validate_report(igv::parse_json_strict(text, "fuzz report"), "fuzz report");
  (void)igv::diff_reports(j, j).to_text();
  const auto report = igv::report_from_json(j);
  (void)igv::report_to_markdown(report);
  (void)igv::report_to_json(report).dump();
  try {
    (void)igv::merge_reports({j});
    (void)igv::merge_reports({j, j});
  } catch (const igv::InputError&) {
  }
}

/// The Python checker's exit code on `text` written to a file (0 accepted, 1 rejected, 2
/// malformed), or -1 when IGV_FUZZ_PYTHON_CHECKER is not set.
int python_checker_exit(const std::string& text) {
  static const char* const script = std::getenv("IGV_FUZZ_PYTHON_CHECKER");
  if (script == nullptr) return -1;
  char path[] = "/tmp/igv-fuzz-certificate-XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) __builtin_trap();
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n <= 0) __builtin_trap();
    done += static_cast<std::size_t>(n);
  }
  close(fd);
  const std::string command =
      std::string("python3 '") + script + "' '" + path + "' > /dev/null 2> /dev/null";
  const int status = std::system(command.c_str());
  unlink(path);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 99;
}

/// A period certificate of any family, as `verify check-certificate` reads it: accepted or not
/// (InputError and BudgetExceeded: refused). Compared with the Python checker when asked.
void fuzz_certificate(const std::string& text) {
  bool accepted = false;
  bool compare = true;
  try {
    const nlohmann::json j = igv::parse_json_strict(text, "fuzz certificate");
    if (j.is_object() && j.contains("game") && j["game"].is_string()) {
      // Numbers are kept small so that each check stays fast (the checkers' own limits guard
      // large ones; see the tests).
      if (small_numbers(j)) {
        accepted =
            igv::make_game(j["game"].get<std::string>())->check_certificate(j).verdict.accepted();
      } else {
        compare = false;
      }
    }
  } catch (const igv::InputError&) {
    // The one way a parser may refuse input.
  } catch (const igv::BudgetExceeded&) {
    // A certificate too large to re-check: refused before any allocation.
  }
  if (!compare) return;
  const int python = python_checker_exit(text);
  if (python < 0) return;
  if (python > 2 || (python == 0) != accepted) {
    std::fprintf(stderr, "the checkers disagree: C++ %s, Python exit %d\n",
                 accepted ? "accepted" : "refused", python);
    __builtin_trap();
  }
}

// ---------------------------------------------------------------------------------------------
// Ids: the validator and the one function that makes file names from ids.
// ---------------------------------------------------------------------------------------------
void check_id(const std::string& id) {
  const bool valid = igv::is_valid_id(id);
  if (valid != igv::id_fault(id).empty()) __builtin_trap();
  // The id as an error message shows it: printable ASCII only, bounded, the id itself when valid.
  // printable ASCII, and "…" after the first 60 bytes of a long id.
  std::string shown = igv::printable_id(id);
  if (id.size() > 60 && !valid) {
    if (shown.size() < 3 || shown.substr(shown.size() - 3) != "\u2026") __builtin_trap();
    shown.resize(shown.size() - 3);
  }
  for (const char c : shown) {
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7F)
      __builtin_trap();
  }
  if (shown.size() > 4 * 60 + 8 || (valid && shown != id)) __builtin_trap();
  for (const std::string ext : {"csv", "tex"}) {
    std::string name;
    try {
      name = igv::id_file_name(id, ext);
    } catch (const igv::InputError&) {
      if (valid) __builtin_trap();  // a valid id always names a file
      continue;
    }
    if (!valid) __builtin_trap();  // a refused id never names one
    if (name != id + "." + ext || name.find('/') != std::string::npos ||
        name.find('\0') != std::string::npos || name.front() == '.' ||
        name.size() > igv::kMaxIdLength + 1 + ext.size())
      __builtin_trap();
    for (const char c : id) {  // ASCII letters, digits, '.', '_', '-' only
      const bool letter_or_digit =
          (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
      if (!letter_or_digit && c != '.' && c != '_' && c != '-') __builtin_trap();
    }
    if (id == "." || id == ".." || id.front() == '-') __builtin_trap();
  }
  if (valid) {
    const std::string doc = igv::latex_document_fragment_path(id);
    const std::string table = igv::latex_evidence_fragment_path(id);
    if (doc != "tables/documents/" + id + ".tex" || table != "tables/" + id + ".tex")
      __builtin_trap();
  }
}

void fuzz_ids(const std::string& text) {
  // Two ids, split at the first newline: each checked, and two different valid ids never share
  // a file name.
  const auto nl = text.find('\n');
  const std::string a = text.substr(0, nl);
  const std::string b = nl == std::string::npos ? a + "a" : text.substr(nl + 1);
  check_id(a);
  check_id(b);
  if (a != b && igv::is_valid_id(a) && igv::is_valid_id(b)) {
    for (const std::string ext : {"csv", "tex"}) {
      if (igv::id_file_name(a, ext) == igv::id_file_name(b, ext)) __builtin_trap();
    }
    if (igv::latex_document_fragment_path(a) == igv::latex_document_fragment_path(b))
      __builtin_trap();
  }
}

// ---------------------------------------------------------------------------------------------
// @FILE: on the command line a positions file reads as its items given inline; in a claims file
// it is refused and never opened.
// ---------------------------------------------------------------------------------------------

/// A private file of this process, rewritten for each input.
const std::string& scratch_file(const char* tag) {
  // A deque: the references handed out (a static one among them) stay valid as files are added.
  static std::deque<std::pair<std::string, std::string>> files;
  for (const auto& [t, path] : files) {
    if (t == tag) return path;
  }
  std::string path = std::string("/tmp/igv-fuzz-") + tag + "-XXXXXX";
  const int fd = mkstemp(path.data());
  if (fd < 0) __builtin_trap();
  close(fd);
  files.emplace_back(tag, path);
  return files.back().second;
}

void write_file(const std::string& path, const std::string& text) {
  const int fd = open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0) __builtin_trap();
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n <= 0) __builtin_trap();
    done += static_cast<std::size_t>(n);
  }
  close(fd);
}

void fuzz_at_file_command_line(const std::string& text) {
  const std::string& path = scratch_file("positions");
  write_file(path, text);
  igv::Position from_file;
  bool file_ok = true;
  try {
    from_file = igv::parse_int_list("@" + path, "fuzz positions", 100000);
  } catch (const igv::InputError&) {
    file_ok = false;
  }
  // The same items inline: whitespace separates like a comma, empty items are dropped.
  std::string inline_text;
  std::string item;
  const auto flush = [&] {
    if (item.empty()) return;
    inline_text += (inline_text.empty() ? "" : ",") + item;
    item.clear();
  };
  for (const char c : text) {
    if (c == ',' || c == '\n' || c == '\r' || c == ' ' || c == '\t') {
      flush();
    } else {
      item += c;
    }
  }
  flush();
  if (!inline_text.empty() && inline_text.front() == '@') return;  // inline, that names a file
  igv::Position given;
  bool inline_ok = true;
  try {
    given = igv::parse_int_list(inline_text, "fuzz positions", 100000);
  } catch (const igv::InputError&) {
    inline_ok = false;
  }
  if (file_ok != inline_ok || (file_ok && from_file != given)) {
    std::fprintf(stderr, "fuzz: @FILE read %s, inline %s\n", file_ok ? "accepted" : "refused",
                 inline_ok ? "accepted" : "refused");
    __builtin_trap();
  }
}

/// Game specifications whose positions have different syntaxes (heaps, sums, pairs, boards).
const char* const kAtGames[] = {"nim",
                                "welter",
                                "octal:0.07",
                                "grundy",
                                "hex:0.8",
                                "sos:5",
                                "chomp",
                                "wythoff",
                                "misere-nim",
                                "rook-misere:3",
                                "subtraction:1,3,4",
                                "empty-and-divide",
                                "octal-misere:0.07"};

void fuzz_at_file_claims(Bytes in, const std::string& text) {
  // A file that must never be opened: every "@F" of the input names it.
  static const std::string& sentinel = scratch_file("sentinel");
  static const int watch = [] {
    write_file(sentinel, "1,2,3\n");
    const int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd < 0 || inotify_add_watch(fd, sentinel.c_str(), IN_OPEN | IN_ACCESS) < 0)
      __builtin_trap();
    return fd;
  }();
  // Only an open during this input counts: another mode may have read the sentinel (an integer
  // list naming it with '@' is a position file the command line may read).
  alignas(inotify_event) char events[4096];
  while (read(watch, events, sizeof events) > 0) {
  }
  std::string value;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '@' && i + 1 < text.size() && text[i + 1] == 'F') {
      value += "@" + sentinel;
      ++i;
    } else {
      value += text[i];
    }
  }
  const char* game = kAtGames[in.next() % (sizeof kAtGames / sizeof kAtGames[0])];
  const char* const keys[] = {"position", "positions", "game", "range", "left", "right"};
  const char* key = keys[in.next() % 6];
  std::string params = "{ game = " + toml_string(game);
  if (std::string(key) == "game") {
    params = "{ game = " + toml_string(value) + ", position = \"3\" }";
  } else if (std::string(key) == "positions") {
    params += ", positions = [\"1\", " + toml_string(value) + "] }";
  } else {
    params += ", " + std::string(key) + " = " + toml_string(value) + " }";
  }
  const std::string toml =
      "[document]\nid = \"fuzz\"\n\n[[claim]]\nid = \"fuzz.at\"\nlocator = \"l\"\n"
      "statement = \"s\"\nkind = \"example\"\nchecker = \"game.value\"\nparams = " +
      params + "\nasserted = { value = 0 }\n";
  std::vector<igv::Claim> parsed;
  const std::string* const texts[] = {&toml, &value};  // the structured file, the text itself
  for (const std::string* t : texts) {
    try {
      for (auto& c : igv::parse_claims(*t, "fuzz-at.toml")) parsed.push_back(std::move(c));
    } catch (const igv::InputError&) {
    }
  }
  // What a checker would do with an accepted claim's strings: parse them as positions.
  for (const auto& c : parsed) {
    if (!c.params.contains("game") || !c.params["game"].is_string()) continue;
    try {
      const auto g = igv::make_game(c.params["game"].get<std::string>());
      for (const auto& [k, v] : c.params.items()) {
        const auto one = [&](const nlohmann::json& x) {
          if (!x.is_string()) return;
          try {
            (void)g->parse_position(x.get<std::string>());
          } catch (const igv::InputError&) {
          }
        };
        if (v.is_array()) {
          for (const auto& x : v) one(x);
        } else if (k != "game") {
          one(v);
        }
      }
    } catch (const igv::InputError&) {
    }
  }
  if (read(watch, events, sizeof events) > 0) {
    std::fprintf(stderr, "fuzz: a claims file opened the file its @FILE names\n");
    __builtin_trap();
  }
}

// ---------------------------------------------------------------------------------------------
// The external-kernel protocol: a kernel's reply bytes (the file `cat` writes) as run_kernel
// reads them, compared with an independent reading of the protocol.
// ---------------------------------------------------------------------------------------------

/// A value line: spaces and tabs around, a trailing CR, an optional '-', 1 to 18 digits.
bool reference_value_line(std::string line, igv::Value& v) {
  std::size_t end = line.size();
  while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t' || line[end - 1] == '\r')) --end;
  std::size_t begin = 0;
  while (begin < end && (line[begin] == ' ' || line[begin] == '\t')) ++begin;
  line = line.substr(begin, end - begin);
  const bool negative = !line.empty() && line[0] == '-';
  const std::string digits = negative ? line.substr(1) : line;
  if (digits.empty() || digits.size() > 18 ||
      digits.find_first_not_of("0123456789") != std::string::npos)
    return false;
  v = static_cast<igv::Value>(std::stoll(digits));
  if (negative) v = -v;
  return true;
}

/// The values a well-behaved kernel's reply holds for `n` positions, or nullopt for a defect.
std::optional<std::vector<igv::Value>> reference_reply(const std::string& bytes, bool binary,
                                                       std::size_t n) {
  std::vector<igv::Value> values;
  if (binary) {
    if (bytes.size() % 9 != 0) return std::nullopt;  // a reply ending inside a record
    for (std::size_t at = 0; at < bytes.size(); at += 9) {
      std::int64_t v = 0;
      std::memcpy(&v, bytes.data() + at + 1, sizeof v);
      // kernel-host's trailer (status 3, the nanoseconds in the value function, not negative)
      // may end the reply; any other status is the kernel's own error or a defect.
      if (bytes[at] == 3 && v >= 0 && at + 9 == bytes.size()) break;
      if (bytes[at] != 0) return std::nullopt;
      values.push_back(v);
    }
  } else {
    std::size_t at = 0;
    while (at < bytes.size()) {
      const auto nl = bytes.find('\n', at);
      const std::string line = bytes.substr(at, nl == std::string::npos ? nl : nl - at);
      if (line.size() > 40) return std::nullopt;
      igv::Value v = 0;
      if (!reference_value_line(line, v)) return std::nullopt;
      values.push_back(v);
      if (nl == std::string::npos) break;
      at = nl + 1;
    }
  }
  if (values.size() != n) return std::nullopt;
  return values;
}

void fuzz_kernel_reply(Bytes in, const std::string& text) {
  const std::uint8_t how = in.next();
  const bool binary = (how & 0x80) != 0;
  const std::size_t n = how % 5;
  const std::string reply = text.size() > 1 ? text.substr(1) : std::string();
  const std::string& path = scratch_file("reply");
  write_file(path, reply);
  static const auto game = igv::make_game("nim");
  std::vector<igv::Position> positions;
  for (std::size_t i = 0; i < n; ++i) positions.push_back({static_cast<std::int64_t>(i + 1)});
  igv::KernelCommand command{{"/bin/cat", path},
                             binary ? igv::KernelProtocol::binary : igv::KernelProtocol::lines,
                             "the fuzz kernel"};
  igv::KernelProcessOptions options;
  options.silence_seconds = 5;
  std::optional<std::vector<igv::Value>> got;
  try {
    got = igv::run_kernel(command, *game, positions, options);
  } catch (const igv::KernelDefect&) {
  }
  const auto want = reference_reply(reply, binary, n);
  if (got.has_value() != want.has_value() || (got && *got != *want)) {
    std::fprintf(stderr, "fuzz: run_kernel %s a %s reply the protocol %s\n",
                 got ? "accepted" : "refused", binary ? "binary" : "line",
                 want ? "allows" : "refuses");
    __builtin_trap();
  }
}

// ---------------------------------------------------------------------------------------------
// Issue 37: the text a terminal, a file name and an XML file receive from hostile input.
// ---------------------------------------------------------------------------------------------

/// The code point of the UTF-8 sequence at `at` of `s` (s is known valid) and its length.
std::pair<char32_t, std::size_t> decode_utf8(const std::string& s, std::size_t at) {
  const auto b = static_cast<unsigned char>(s[at]);
  const std::size_t len = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
  char32_t cp = len == 1 ? b : b & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
  for (std::size_t k = 1; k < len; ++k)
    cp = (cp << 6) | (static_cast<unsigned char>(s[at + k]) & 0x3F);
  return {cp, len};
}

/// terminal_text: one line of valid UTF-8 with no control, bidirectional or invisible format
/// character, whatever the input; the input itself when it holds none of them and no byte that
/// is not UTF-8.
void fuzz_terminal_text(const std::string& text) {
  const std::string out = igv::terminal_text(text);
  std::size_t at = 0;
  while (at < out.size()) {
    const auto b = static_cast<unsigned char>(out[at]);
    if (b < 0x20 || b == 0x7F || (b >= 0x80 && b < 0xC2) || b > 0xF4) __builtin_trap();
    const auto [cp, len] = decode_utf8(out, at);
    if (at + len > out.size() || igv::terminal_escaped_code_point(cp)) __builtin_trap();
    at += len;
  }
  // Every escape starts with a backslash: an output without one is the input unchanged.
  if (out.find('\\') == std::string::npos && out != text) __builtin_trap();
}

/// figure_file_name: always a valid id with room for an extension; two long texts never share a
/// name.
void fuzz_figure_name(const std::string& text) {
  const auto nl = text.find('\n');
  const std::string a = text.substr(0, nl);
  const std::string b = nl == std::string::npos ? a + "x" : text.substr(nl + 1);
  const std::string na = igv::figure_file_name(a);
  const std::string nb = igv::figure_file_name(b);
  for (const auto& n : {na, nb}) {
    if (!igv::is_valid_id(n) || n.size() > igv::kMaxFigureNameLength) __builtin_trap();
  }
  // Two long texts get names ending in 64 bits of their SHA-256: never the same name.
  if (a != b && na == nb && a.size() > igv::kMaxFigureNameLength &&
      b.size() > igv::kMaxFigureNameLength)
    __builtin_trap();
}

/// xml_escape: XML 1.0 character data whatever the bytes: no markup character but in an entity,
/// no control character but tab, newline and carriage return, no U+FFFE or U+FFFF.
void fuzz_xml_escape(const std::string& text) {
  const std::string out = igv::xml_escape(text);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const auto b = static_cast<unsigned char>(out[i]);
    if (b == '<' || b == '>' || b == '"' || b == '\'') __builtin_trap();
    if ((b < 0x20 && b != '\n' && b != '\t' && b != '\r')) __builtin_trap();
    if (b == 0xEF && i + 2 < out.size() && static_cast<unsigned char>(out[i + 1]) == 0xBF &&
        (static_cast<unsigned char>(out[i + 2]) & 0xFE) == 0xBE)
      __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  // IGV_FUZZ_MODE=N runs one mode on every input (the first byte is then ignored).
  static const int forced = [] {
    const char* mode = std::getenv("IGV_FUZZ_MODE");
    return mode == nullptr ? -1 : std::atoi(mode) % 14;
  }();
  // A first byte of 11, 12 or 13 picks the modes of issue 37; any other keeps its meaning of
  // before (% 11), so the kept corpus does too.
  const int which = forced >= 0 ? forced : data[0] >= 11 && data[0] <= 13 ? data[0] : data[0] % 11;
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  if (text.size() > 65536) return 0;
  try {
    switch (which) {
      case 0: {
        // Integer lists; ranges bounded so the fuzzer cannot ask for a billion items.
        const auto p = igv::parse_int_list(text, "fuzz position", 100000);
        const auto again = igv::parse_int_list(igv::format_int_list(p), "round trip", 100000);
        if (again != p) __builtin_trap();
        break;
      }
      case 1: {
        // "SPEC POSITION": a game specification of any family, then a position in its syntax.
        const auto space = text.find(' ');
        const auto game = igv::make_game(text.substr(0, space));
        if (space != std::string::npos) {
          const auto position = game->parse_position(text.substr(space + 1));
          (void)game->format_position(position);
        }
        break;
      }
      case 2:
        (void)igv::parse_claims(text, "fuzz.toml");
        break;
      case 3:
        fuzz_report(text);
        break;
      case 4:
        (void)igv::parse_shard(text);
        break;
      case 5:
        fuzz_claim_parameters(Bytes{data + 1, size - 1});
        break;
      case 7:
        fuzz_ids(text);
        break;
      case 8:
        fuzz_at_file_command_line(text);
        break;
      case 9:
        fuzz_at_file_claims(Bytes{data + 1, size - 1}, text.size() > 2 ? text.substr(2) : "");
        break;
      case 10:
        fuzz_kernel_reply(Bytes{data + 1, size - 1}, text);
        break;
      case 11:
        fuzz_terminal_text(text);
        break;
      case 12:
        fuzz_figure_name(text);
        break;
      case 13:
        fuzz_xml_escape(text);
        break;
      default:
        fuzz_certificate(text);
        break;
    }
  } catch (const igv::InputError&) {
    // The one way a parser may refuse input.
  } catch (const igv::BudgetExceeded&) {
    // A certificate too large to re-check: refused before any allocation.
  }
  return 0;
}
