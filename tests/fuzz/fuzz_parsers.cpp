// libFuzzer target for every input a user hands the harness: positions of every family, game
// specifications, claims files (raw text, and structure-aware: valid TOML whose claims carry
// hostile parameter values, run through their checkers), reports (as `diff` and `merge` read
// them), shard specs and period certificates of every family. The first input byte picks the
// target. A parser may reject input only with InputError; any other exception, crash, leak,
// out-of-bounds access (_GLIBCXX_ASSERTIONS, ASan) or undefined behaviour is a finding.
//
// Built only with -DIGV_FUZZ=ON and clang (see tests/README.md, "Hardening"); the corpus of inputs
// that once failed, and seeds for every family (tests/fuzz/fuzz_parsers/), is replayed by every
// run.
//
// With IGV_FUZZ_PYTHON_CHECKER=verify/check_certificate.py in the environment, each certificate
// is also handed to the Python checker (`python3 SCRIPT FILE`), and a certificate that one checker
// accepts and the other refuses is a finding: a differential fuzz of the two checkers (issue 27;
// about twenty inputs a second, the Python start-up dominates).
#include <sys/wait.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/base/errors.h"
#include "core/base/game_family.h"
#include "core/base/json_input.h"
#include "igv_build_info.h"
#include "properties/base/claims_file.h"
#include "properties/base/runner.h"
#include "reports/base/report.h"
#include "reports/base/report_tools.h"

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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const int which = data[0] % 7;
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
