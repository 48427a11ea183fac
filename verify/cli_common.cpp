// Helpers shared by the sub-commands of `verify` (verify/cli.h): option parsing, run options,
// sizes and formats. Every input error is an InputError (one line, exit 2).
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <sstream>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/process_supervisor.h"
#include "core/base/terminal_text.h"
#include "core/base/trusted/errors.h"
#include "core/base/trusted/limits.h"
#include "core/base/trusted/memory_budget.h"
#include "properties/base/claims_file.h"
#include "properties/base/runner.h"
#include "properties/kernels/cross_check.h"
#include "reports/base/report.h"
#include "reports/base/report_tools.h"
#include "verify/cli.h"

namespace po = boost::program_options;

namespace igv::cli {

namespace {

/// The options' help text without the options that only carry the positional arguments
/// (`--args`, `--game`, `--file`, …: the usage line names them as GAME, RANGE, FILE).
std::string visible_options(const po::options_description& opts,
                            const po::positional_options_description& pos) {
  std::vector<std::string> hidden;
  const unsigned count = std::min(pos.max_total_count(), 64U);
  for (unsigned i = 0; i < count; ++i) {
    const std::string& name = pos.name_for_position(i);
    if (std::find(hidden.begin(), hidden.end(), name) == hidden.end()) hidden.push_back(name);
  }
  std::ostringstream all;
  all << opts;
  std::istringstream lines(all.str());
  std::string out, line;
  bool skipping = false;
  while (std::getline(lines, line)) {
    // An option's first line is "  --name …" (or "  -x [ --name ] …"); its wrapped description
    // continues on lines indented further.
    if (skipping && line.rfind("   ", 0) == 0) continue;
    skipping = false;
    for (const auto& name : hidden) {
      if (line.rfind("  --" + name + " ", 0) == 0) skipping = true;
    }
    if (!skipping) out += line + "\n";
  }
  return out;
}

}  // namespace

Parsed parse(const std::vector<std::string>& args, po::options_description& opts,
             const po::positional_options_description& pos, const std::string& usage) {
  opts.add_options()("help,h", "this help");
  Parsed p;
  // The positional arguments are taken out before boost parses the options: its parser erases
  // each token from the front of its list, which made 100,000 positions take 28 s of parsing
  // before any limit applied (issue 37). A token is positional unless it starts with '-' (an
  // option) or is the value of the option before it (one that takes a value and was given
  // without '='); after "--" every token is. Every command has one positional name taking all
  // (pos.add(NAME, -1)), so the positional tokens keep their order in one list.
  std::vector<std::string> options;
  std::vector<std::string> positionals;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& t = args[i];
    if (t == "--") {
      positionals.insert(positionals.end(), args.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                         args.end());
      break;
    }
    if (t.size() < 2 || t[0] != '-') {
      positionals.push_back(t);
      continue;
    }
    options.push_back(t);
    const bool is_long = t[1] == '-';
    const std::string name =
        is_long
            ? t.substr(2, t.find('=') == std::string::npos ? std::string::npos : t.find('=') - 2)
            : t.substr(0, 2);
    const bool attached = is_long ? t.find('=') != std::string::npos : t.size() > 2;
    const po::option_description* d = opts.find_nothrow(name, false);
    if (d != nullptr && !attached && d->semantic()->max_tokens() > 0 && i + 1 < args.size() &&
        !(args[i + 1].size() >= 2 && args[i + 1][0] == '-')) {
      options.push_back(args[++i]);
    }
  }
  po::store(po::command_line_parser(options).options(opts).run(), p.vm);
  if (!positionals.empty()) {
    const std::string& name = pos.name_for_position(0);
    if (name.empty() || pos.max_total_count() != std::numeric_limits<unsigned>::max()) {
      throw po::too_many_positional_options_error();
    }
    auto it = p.vm.find(name);
    if (it == p.vm.end()) {
      p.vm.insert({name, po::variable_value(boost::any(positionals), false)});
    } else {
      auto& held = boost::any_cast<std::vector<std::string>&>(it->second.value());
      held.insert(held.end(), positionals.begin(), positionals.end());
    }
  }
  po::notify(p.vm);
  if (p.vm.count("help") != 0U) {
    std::cout << "usage: " << usage << "\n\n" << visible_options(opts, pos) << "\n";
    p.help = true;
  }
  return p;
}

std::vector<std::string> positional(const po::variables_map& vm, const char* name) {
  if (vm.count(name) == 0U) return {};
  return vm[name].as<std::vector<std::string>>();
}

std::vector<std::string> claims_files_from(const po::variables_map& vm) {
  auto files = positional(vm, "claims");
  return files.empty() ? default_claims_files() : files;
}

std::uint64_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
}

void add_format_option(po::options_description& opts, const std::string& default_value,
                       const std::string& help) {
  opts.add_options()("format", po::value<std::string>()->default_value(default_value),
                     help.c_str());
}

std::vector<std::string> formats_from(const po::variables_map& vm,
                                      const std::vector<std::string>& known) {
  return split_formats(vm["format"].as<std::string>(), known);
}

void add_time_limit_option(po::options_description& opts, double default_seconds,
                           const std::string& help) {
  opts.add_options()("time-limit", po::value<double>()->default_value(default_seconds),
                     help.c_str());
}

double time_limit_from(const po::variables_map& vm) {
  const double s = vm["time-limit"].as<double>();
  if (!std::isfinite(s) || s < 0 || s > kMaxTimeLimitSeconds) {
    std::ostringstream got;
    got << s;
    throw InputError("--time-limit must be a number of seconds from 0 (none) to 10^6, got '" +
                     got.str() + "'");
  }
  return s;
}

void add_memory_limit_option(po::options_description& opts, const std::string& default_text,
                             const std::string& help) {
  if (default_text.empty()) {
    opts.add_options()("memory-limit", po::value<std::string>(), help.c_str());
  } else {
    opts.add_options()("memory-limit", po::value<std::string>()->default_value(default_text),
                       help.c_str());
  }
}

std::uint64_t memory_limit_from(const po::variables_map& vm, std::uint64_t fallback) {
  if (vm.count("memory-limit") == 0U) return fallback;
  const auto text = vm["memory-limit"].as<std::string>();
  const std::uint64_t bytes = parse_size(text, "--memory-limit");
  const auto phys = physical_memory_bytes();
  if (phys != 0 && bytes > phys) {
    throw InputError("--memory-limit " + text + " is more than this machine's memory (" +
                     std::to_string(phys >> 20) + " MiB)");
  }
  return bytes;
}

void add_command_limit_options(po::options_description& opts, const std::string& stops,
                               const std::string& holds, const std::string& time_note) {
  add_time_limit_option(
      opts, kDefaultTimeLimitSeconds,
      "seconds before " + stops + " stops with nothing written (exit 3); 0: none" + time_note);
  add_memory_limit_option(opts, "",
                          "memory " + holds +
                              " may hold (K, M, G suffixes; default two thirds of this machine's "
                              "memory); past it, exit 3 with nothing written");
}

void add_budget_option(po::options_description& opts, const std::string& help) {
  opts.add_options()("budget", po::value<double>()->default_value(1.0, "1"), help.c_str());
}

double budget_from(const po::variables_map& vm) {
  const double budget = vm["budget"].as<double>();
  if (!(budget > 0) || budget > kMaxBudget) {
    std::ostringstream got;
    got << budget;
    throw InputError(
        "--budget must be a number more than 0 and at most 10^6 (1 is the default), "
        "got '" +
        got.str() + "'");
  }
  return budget;
}

std::uint64_t default_memory_limit() {
  const std::uint64_t phys = physical_memory_bytes();
  return phys == 0 ? std::uint64_t{8} << 30 : phys / 3 * 2;
}

CommandLimits command_limits_from(const po::variables_map& vm) {
  CommandLimits limits;
  limits.seconds = time_limit_from(vm);
  limits.memory_bytes = memory_limit_from(vm, default_memory_limit());
  return limits;
}

std::string one_line(const std::string& message) {
  return terminal_text(message);
}

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kCapAddressSpace = false;  // the sanitizer reserves terabytes of address space
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kCapAddressSpace = false;
#else
constexpr bool kCapAddressSpace = true;
#endif
#else
constexpr bool kCapAddressSpace = true;
#endif

/// Room the address space gets beyond the memory limit (code, stacks, allocator arenas): the
/// resident memory is what the parent compares with the limit.
constexpr std::uint64_t kAddressSpaceSlack = std::uint64_t{1} << 30;

std::string seconds_text(double s) {
  std::ostringstream out;
  out << s;
  return out.str();
}

std::string memory_reason(const CommandLimits& limits) {
  return "the memory limit of " + mebibytes(limits.memory_bytes) +
         " was reached (--memory-limit M to allow more); nothing was written";
}

/// The child's side of run_limited: the body's exit code, every exception turned into one line.
int run_child(const std::string& command, const CommandLimits& limits,
              const std::function<int()>& body) {
  // Needs known up front are compared with the limit before anything is allocated
  // (memory_budget.h).
  set_memory_budget(limits.memory_bytes);
  int code = 2;
  try {
    code = body();
    std::cout.flush();
    if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0 || !std::cout) {
      const int e = errno;
      std::cerr << "verify: error: cannot write the output: "
                << (e != 0 ? std::strerror(e) : "the output stream failed") << "\n";
      code = 2;
    }
  } catch (const InputError& e) {
    std::cerr << "verify: error: " << one_line(e.what()) << "\n";
    code = 2;
  } catch (const BudgetExceeded& e) {
    std::cerr << "verify: " << command << ": " << one_line(e.what()) << "; nothing was written\n";
    code = 3;
  } catch (const std::bad_alloc&) {
    std::cerr << "verify: " << command << ": " << memory_reason(limits) << "\n";
    code = 3;
  } catch (const std::exception& e) {
    std::cerr << "verify: error: " << one_line(e.what()) << "\n";
    code = 2;
  }
  std::cerr.flush();
  std::fflush(nullptr);
  return code;
}

}  // namespace

int run_limited(const std::string& command, const CommandLimits& limits,
                const std::function<int()>& body, const std::string& written_file) {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  std::FILE* out = std::tmpfile();
  if (out == nullptr)
    throw std::runtime_error(std::string("cannot create a temporary file for the output: ") +
                             std::strerror(errno));
  struct Close {
    std::FILE* f;
    ~Close() { std::fclose(f); }
  } close_out{out};
  // The child dies with the parent (a parent stopped by `timeout` leaves no computation behind).
  process::SpawnOptions spawn;
  spawn.die_with_parent = true;
  spawn.default_signals = false;
  spawn.out = process::Stream::descriptor(::fileno(out));
  if (kCapAddressSpace && limits.memory_bytes > 0)
    spawn.address_space_bytes = limits.memory_bytes + kAddressSpaceSlack;
  process::Child child =
      process::Child::fork_function([&] { return run_child(command, limits, body); }, spawn);
  const process::Supervision s = process::supervise(child, {limits.seconds, limits.memory_bytes});
  if (s.stop != process::Supervision::Stop::exited) {
    const std::string reason =
        s.stop == process::Supervision::Stop::time_limit
            ? "the time limit of " + seconds_text(limits.seconds) +
                  " s was reached (--time-limit S to allow more); nothing was written"
            : memory_reason(limits);
    if (!written_file.empty()) {
      // The temporary atomic_write (reports/base/report.cpp) names after the writing process:
      // the child's, when it was killed while writing.
      const std::filesystem::path target(written_file);
      std::error_code ec;
      std::filesystem::remove(target.parent_path() / ("." + target.filename().string() + ".tmp." +
                                                      std::to_string(child.pid())),
                              ec);
    }
    std::cerr << "verify: " << command << ": " << reason << "\n";
    return 3;
  }
  if (s.status.signaled()) {
    throw std::runtime_error("the computation of `verify " + command + "` was stopped by signal " +
                             std::to_string(s.status.signal()));
  }
  const int code = s.status.exited() ? s.status.code() : 2;
  if (code == 0 || code == 1) {
    std::cout.flush();
    std::rewind(out);
    std::vector<char> buffer(1 << 16);
    std::size_t n = 0;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), out)) > 0) {
      if (std::fwrite(buffer.data(), 1, n, stdout) != n) break;  // main's check reports it
    }
  }
  return code;
}

bool help_requested(const std::vector<std::string>& args) {
  po::options_description help;
  help.add_options()("help,h", "this help");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(help).allow_unregistered().run(), vm);
  } catch (const po::error&) {
    return false;  // the command's own parser reports it
  }
  return vm.count("help") != 0U;
}

std::string declared_period_option_help(PeriodOptionField field,
                                        const std::vector<std::string>& args) {
  if (!help_requested(args)) return "see --help";
  // The games sharing a text together, in the families' order.
  std::vector<std::pair<std::string, std::string>> texts;  // (text, games)
  for (const GameFamily* f : game_families()) {
    const std::optional<OptionMeaning>& meaning = f->period_options.*field;
    if (!meaning) continue;
    const std::string& text = meaning->text;
    const std::string games = f->period_options.games.empty() ? f->name : f->period_options.games;
    auto it =
        std::find_if(texts.begin(), texts.end(), [&](const auto& t) { return t.first == text; });
    if (it == texts.end())
      texts.emplace_back(text, games);
    else
      it->second += ", " + games;
  }
  if (texts.empty()) return "no game of this build";
  std::string out;
  for (const auto& [text, games] : texts) out += (out.empty() ? "" : "; ") + games + ": " + text;
  return out;
}

void require_period_option(const GameFamily& family, const std::string& spec,
                           const PeriodOptionDeclaration& declaration) {
  if (family.period_options.*declaration.field) return;
  std::string games;
  for (const GameFamily* f : game_families()) {
    if (!(f->period_options.*declaration.field)) continue;
    games += (games.empty() ? "" : ", ") +
             (f->period_options.games.empty() ? f->name : f->period_options.games);
  }
  throw InputError(std::string(declaration.option) + ": '" + spec + "' has no " + declaration.what +
                   (games.empty() ? " (no game of this build has one)" : " (only " + games + ")"));
}

void add_run_options(po::options_description& opts) {
  opts.add_options()(
      "claims", po::value<std::vector<std::string>>()->composing(),
      "a claims file to load instead of the shipped ones (properties/claims/*.toml); repeatable")(
      "seed", po::value<std::string>()->default_value("1"),
      "run seed (each claim derives its own)")(
      "jobs,j",
      po::value<unsigned>()->default_value(std::max(1U, std::thread::hardware_concurrency())),
      "claims checked at once (default: every core)")("random-cases",
                                                      po::value<int>()->default_value(1000),
                                                      "RapidCheck cases per property at budget 1");
  add_budget_option(opts,
                    "scale of every checker's domains: 1 default, 0.1 quick, 10 a long evidence "
                    "run");
  add_time_limit_option(opts, kDefaultClaimTimeLimitSeconds,
                        "seconds per claim before it is inconclusive (default 600, times --budget "
                        "when that is more than 1, at most 10^6; 0: none)");
  add_memory_limit_option(
      opts, "8G", "memory per claim (K, M, G suffixes); larger computations are inconclusive");
}

RunOptions run_options_from(const po::variables_map& vm) {
  RunOptions o;
  o.budget = budget_from(vm);
  o.seed = parse_seed(vm["seed"].as<std::string>());
  o.jobs = vm["jobs"].as<unsigned>();
  if (o.jobs == 0 || o.jobs > 1024) throw InputError("--jobs must be between 1 and 1024");
  o.random_cases = vm["random-cases"].as<int>();
  if (o.random_cases <= 0) throw InputError("--random-cases must be positive");
  o.time_limit_seconds = time_limit_from(vm);
  // The stated default grows with the budget, which scales every checker's domain (a long
  // evidence run at --budget 50 gets 30,000 s per claim); a --time-limit given is kept as given.
  if (vm["time-limit"].defaulted() && o.budget > 1)
    o.time_limit_seconds = std::min(kMaxTimeLimitSeconds, kDefaultClaimTimeLimitSeconds * o.budget);
  o.memory_limit_bytes = memory_limit_from(vm);
  return o;
}

std::string verdict_cell(const ClaimResult& r) {
  std::string v(to_string(r.outcome.verdict));
  if (!r.as_expected()) v += " (expected " + std::string(to_string(r.claim.expected_verdict)) + ")";
  return v;
}

std::vector<std::string> split_formats(const std::string& text,
                                       const std::vector<std::string>& known) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (std::find(known.begin(), known.end(), item) == known.end()) {
      std::string k;
      for (const auto& s : known) k += (k.empty() ? "" : ", ") + s;
      throw InputError("unknown format '" + item + "' (known: " + k + ")");
    }
    if (std::find(out.begin(), out.end(), item) == out.end()) out.push_back(item);
  }
  if (out.empty()) throw InputError("--format names no format");
  return out;
}

std::int64_t parse_int_in_range(const std::string& text, const std::string& what,
                                std::int64_t least, std::int64_t most) {
  std::int64_t v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc{} || ptr != text.data() + text.size() || v < least ||
      v > most) {
    throw InputError(what + " '" + text + "': expected an integer from " + std::to_string(least) +
                     " to " + std::to_string(most));
  }
  return v;
}

std::uint64_t parse_seed(const std::string& text) {
  // Boost's lexical_cast reads "-1" as 2^64 - 1; a seed is read digit by digit instead.
  std::uint64_t v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc{} || ptr != text.data() + text.size()) {
    throw InputError("--seed '" + text + "': expected an integer from 0 to " +
                     std::to_string(UINT64_MAX));
  }
  return v;
}

std::uint64_t parse_size(const std::string& text, const std::string& what) {
  if (text.empty()) throw InputError(what + ": empty size");
  std::size_t used = 0;
  double v = 0;
  try {
    v = std::stod(text, &used);
  } catch (const std::exception&) {
    throw InputError(what + ": '" + text + "' is not a size (e.g. 512M, 8G)");
  }
  std::string unit = text.substr(used);
  double mult = 1;
  if (unit == "K" || unit == "KiB" || unit == "k")
    mult = 1024.0;
  else if (unit == "M" || unit == "MiB")
    mult = 1024.0 * 1024;
  else if (unit == "G" || unit == "GiB")
    mult = 1024.0 * 1024 * 1024;
  else if (unit == "T" || unit == "TiB")
    mult = 1024.0 * 1024 * 1024 * 1024;
  else if (!unit.empty() && unit != "B")
    throw InputError(what + ": unknown unit in '" + text + "' (use K, M, G, T)");
  if (!(v > 0) || v * mult > 1.8e19)
    throw InputError(what + ": '" + text + "' is not a positive size");
  return static_cast<std::uint64_t>(v * mult);
}

}  // namespace igv::cli
