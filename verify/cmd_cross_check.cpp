// verify cross-check: kernels compared exhaustively, at random, and timed.
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <memory>
#include <span>
#include <sstream>
#include <thread>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "core/base/trusted/json_input.h"
#include "core/base/trusted/position.h"
#include "properties/base/claims_file.h"
#include "properties/base/game_values.h"
#include "properties/base/runner.h"
#include "properties/kernels/cross_check.h"
#include "properties/kernels/kernel_process.h"
#include "properties/kernels/kernel_regression.h"
#include "reports/base/plots.h"
#include "reports/base/report.h"
#include "reports/base/report_tools.h"
#include "verify/cli.h"

namespace po = boost::program_options;

namespace igv::cli {

namespace {

/// One b-file line: `n a(n)`.
struct BfileTerm {
  std::size_t line = 0;
  std::int64_t n = 0;
  std::int64_t value = 0;
};

/// Reads an OEIS b-file: `n a(n)` per line, '#' comments and blank lines skipped, n increasing.
std::vector<BfileTerm> read_bfile(const std::string& path) {
  const std::string text = read_input_file(path, "b-file '" + path + "'");
  std::istringstream in(text);
  std::string line;
  std::vector<BfileTerm> out;
  std::size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    std::istringstream fields(line);
    std::string a, b, extra;
    fields >> a >> b;
    const std::string where = "b-file '" + path + "', line " + std::to_string(number);
    if (b.empty() || (fields >> extra))
      throw InputError(where + ": expected `n a(n)`, got '" + line + "'");
    BfileTerm t{number, parse_int(a, where + ": n"), parse_int(b, where + ": a(n)")};
    if (t.n < 0) throw InputError(where + ": n must not be negative");
    if (!out.empty() && t.n <= out.back().n) throw InputError(where + ": n must increase");
    if (t.n >= 20'000'000) throw InputError(where + ": n beyond 20,000,000");
    out.push_back(t);
  }
  if (out.empty()) throw InputError("b-file '" + path + "' holds no term");
  return out;
}

/// `verify cross-check GAME --values FILE`: the b-file against the harness's values.
int cross_check_bfile(const std::string& spec, const std::string& path, const std::string& kernel,
                      const std::string& format) {
  const auto terms = read_bfile(path);
  const auto gk = GameKernels::make(spec, kernel);
  std::vector<Position> ps;
  for (const auto& t : terms) ps.push_back(integer_position(*gk.game, {t.n}));
  std::size_t naive = 0;
  const auto values = game_values(gk, ps, 300, &naive);
  nlohmann::json j = {{"game", gk.game->spec()},
                      {"b_file", path},
                      {"terms", terms.size()},
                      {"kernel", gk.kernel->name},
                      {"naive_checked", naive}};
  for (std::size_t i = 0; i < terms.size(); ++i) {
    if (values[i] != terms[i].value) {
      j["agree"] = false;
      j["disagreement"] = {{"line", terms[i].line},
                           {"n", terms[i].n},
                           {"b_file", terms[i].value},
                           {"computed", values[i]}};
      if (format == "json") {
        std::cout << j.dump(2) << "\n";
      } else {
        std::cout << "game:      " << gk.game->spec() << "\nb-file:    " << path
                  << "\nagree:     NO\nline " << terms[i].line << ": a(" << terms[i].n
                  << ") = " << terms[i].value << " in the b-file, " << values[i]
                  << " computed (kernel " << gk.kernel->name << ")\n";
      }
      return 1;
    }
  }
  j["agree"] = true;
  if (format == "json") {
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << "game:      " << gk.game->spec() << "\nb-file:    " << path << " (" << terms.size()
              << " terms, n = " << terms.front().n << ".." << terms.back().n
              << ")\nkernel:    " << gk.kernel->name << " (the reference recomputed the first "
              << naive << ")\nagree:     yes\n";
  }
  return 0;
}

/// One line on the result: "agree", the wrong value, or the defect.
std::string verdict_line(const RegressionResult& r) {
  if (r.verdict == "agree") return "the kernel agrees with the harness on every position checked";
  if (r.verdict == "wrong") {
    const auto& d = r.disagreement;
    return "wrong at " + d["position"].get<std::string>() + ": the kernel says " +
           std::to_string(d["kernel"].get<Value>()) + ", the harness " +
           std::to_string(d["harness"].get<Value>()) + " (" +
           d["harness_kernels"].get<std::string>() + ")";
  }
  return r.defect["message"].get<std::string>();
}

/// The JUnit file: one test case per phase of the coverage; a wrong value is a failure of the
/// phase that found it, a defect an error of the run.
std::string regression_junit(const RegressionResult& r) {
  std::ostringstream o;
  const auto failures = std::count_if(r.phases.begin(), r.phases.end(),
                                      [](const RegressionPhase& ph) { return ph.wrong > 0; });
  const int errors = r.verdict == "defect" ? 1 : 0;
  const std::string found_by =
      r.verdict == "wrong" ? r.disagreement["found_by"].get<std::string>() : "";
  const std::size_t tests = r.phases.size() + (errors != 0 ? 1 : 0);
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<testsuites name=\"verify cross-check\" tests=\"" << tests << "\" failures=\"" << failures
    << "\" errors=\"" << errors << "\" time=\"" << r.total_seconds << "\">\n"
    << "  <testsuite name=\"" << xml_escape(r.game + " " + r.kernel) << "\" tests=\"" << tests
    << "\" failures=\"" << failures << "\" errors=\"" << errors << "\" time=\"" << r.total_seconds
    << "\">\n";
  for (const auto& ph : r.phases) {
    o << "    <testcase classname=\"" << xml_escape(r.game) << "\" name=\""
      << xml_escape(ph.name + ": " + ph.what) << "\">\n";
    if (ph.wrong > 0 && found_by.rfind(ph.name + " ", 0) == 0) {
      o << "      <failure message=\"" << xml_escape(verdict_line(r)) << "\">"
        << xml_escape(r.disagreement.dump(2)) << "</failure>\n";
    } else if (ph.wrong > 0) {
      o << "      <failure message=\"" << ph.wrong << " of " << ph.answered
        << " positions disagree with the harness\"/>\n";
    }
    o << "    </testcase>\n";
  }
  if (errors != 0) {
    o << "    <testcase classname=\"" << xml_escape(r.game) << "\" name=\"the kernel runs\">\n"
      << "      <error type=\"" << xml_escape(r.defect["kind"].get<std::string>())
      << "\" message=\"" << xml_escape(verdict_line(r)) << "\"/>\n    </testcase>\n";
  }
  o << "  </testsuite>\n</testsuites>\n";
  return o.str();
}

/// The Markdown summary (for a CI job's summary page).
std::string regression_markdown(const RegressionResult& r) {
  std::ostringstream o;
  const char* mark = r.verdict == "agree" ? "✅" : r.verdict == "wrong" ? "❌" : "⚠️";
  o << "### " << mark << " `verify cross-check " << r.game << "`: "
    << (r.verdict == "agree"   ? "agrees"
        : r.verdict == "wrong" ? "wrong value"
                               : "kernel defect")
    << "\n\n"
    << "Kernel: " << r.kernel << " (" << r.kernel_shape << ", largest position " << r.max_position
    << "); harness values: " << r.how_known << ".\n\n"
    << "| phase | positions | what | result |\n|---|---:|---|---|\n";
  for (const auto& ph : r.phases) {
    o << "| " << ph.name << " | " << ph.positions << " | " << ph.what << " | "
      << (ph.wrong > 0 ? "**" + ph.status() + "**" : ph.status()) << " |\n";
  }
  o << "\n"
    << verdict_line(r) << "\n\n"
    << std::fixed << std::setprecision(2) << r.positions << " positions; kernel "
    << r.kernel_seconds << " s, harness " << r.reference_seconds << " s, total " << r.total_seconds
    << " s.\n";
  return o.str();
}

void print_regression(const RegressionResult& r, std::ostream& out) {
  const auto largest = [](std::int64_t m) {
    if (m == std::numeric_limits<std::int64_t>::max()) return std::string("2^63 - 1");
    if (m == std::numeric_limits<std::int64_t>::max() / 2) return std::string("2^62 - 1");
    return std::to_string(m);
  };
  out << "game:      " << r.game << "\nkernel:    " << one_line(r.kernel) << " (" << r.kernel_shape
      << (r.kernel_shape == "positions" ? "" : ", largest " + largest(r.max_position))
      << ")\nharness:   " << r.how_known << "\n";
  out << "checked:   " << r.positions << " positions\n";
  for (const auto& ph : r.phases) {
    out << "  " << std::left << std::setw(11) << ph.name << std::right << std::setw(9)
        << ph.positions << "  " << ph.what << (ph.status() == "ok" ? "" : ": " + ph.status())
        << "\n";
  }
  if (!r.orders.empty()) out << "orders:    " << r.orders << "\n";
  const auto positions = static_cast<double>(r.asked);
  out << std::fixed << std::setprecision(2) << "time:      ";
  if (r.kernel_own_seconds >= 0) {
    const double harness = r.harness_cpu_seconds;
    out << "kernel " << r.kernel_own_seconds << " s in its own code (" << std::setprecision(0)
        << (r.kernel_own_seconds > 0 ? positions / r.kernel_own_seconds : 0.0)
        << " positions/s), harness and protocol " << std::setprecision(2) << harness
        << " s of CPU (" << (r.kernel_own_seconds > 0 ? harness / r.kernel_own_seconds : 0.0)
        << "x the kernel's";
    if (r.proof_cpu_seconds >= 0.005)
      out << "; " << r.proof_cpu_seconds << " s of it proving the period, "
          << (r.kernel_own_seconds > 0 ? (harness - r.proof_cpu_seconds) / r.kernel_own_seconds
                                       : 0.0)
          << "x without";
    out << "), total " << r.total_seconds << " s\n";
  } else {
    out << "kernel runs " << r.kernel_seconds << " s (" << std::setprecision(0)
        << (r.kernel_seconds > 0 ? positions / r.kernel_seconds : 0.0) << " positions/s), harness "
        << std::setprecision(2) << r.reference_seconds << " s, total " << r.total_seconds << " s\n";
  }
  if (r.stderr_seen.stderr_bytes > 0) {
    out << "stderr:    the kernel wrote " << r.stderr_seen.stderr_bytes
        << " bytes on stderr (not an error; the first "
        << std::min<std::uint64_t>(r.stderr_seen.stderr_bytes, r.stderr_seen.stderr_head.size())
        << " kept in --format json)\n";
  }
  if (r.verdict == "agree") {
    out << "agree:     yes\n";
  } else if (r.verdict == "wrong") {
    const auto& d = r.disagreement;
    out << "agree:     NO\n"
        << "wrong at:  " << d["position"].get<std::string>() << ": the kernel says "
        << d["kernel"].get<Value>() << ", the harness " << d["harness"].get<Value>() << "\n"
        << "known:     the harness's value " << d["harness_kernels"].get<std::string>() << "\n"
        << "least:     " << d["least"].get<std::string>() << "\n"
        << "found by:  " << d["found_by"].get<std::string>() << "\n";
    if (d.contains("cause")) out << "cause:     " << d["cause"].get<std::string>() << "\n";
  }
}

/// The options of `--external` and `--plugin`. --time-limit and --memory-limit are the shared
/// ones (add_command_limit_options), read here with their documented meaning for a kernel's
/// check: no limit unless given (the default of 600 s is the other modes').
RegressionOptions regression_options(const po::variables_map& vm) {
  RegressionOptions o;
  const auto integer = [&](const char* name, std::int64_t least, std::int64_t most,
                           std::int64_t fallback) {
    return vm.count(name) != 0U ? parse_int_in_range(vm[name].as<std::string>(),
                                                     std::string("--") + name, least, most)
                                : fallback;
  };
  o.sums = vm.count("sums") != 0U;
  if (o.sums && vm.count("one-heap") != 0U)
    throw InputError("--sums and --one-heap exclude each other");
  o.max_position = integer("max-position", 1, std::numeric_limits<std::int64_t>::max(), 0);
  o.exhaustive = integer("exhaustive", 0, kMaxRegressionPositions, -1);
  o.range = integer("range", 0, 10'000'000, -1);
  o.cases = integer("cases", 0, kMaxRegressionPositions, -1);
  o.seed = parse_seed(vm["seed"].as<std::string>());
  o.process.silence_seconds = static_cast<double>(integer("timeout", 1, 86'400, 10));
  o.process.startup_seconds = static_cast<double>(integer("startup-timeout", 1, 86'400, 60));
  o.time_limit = vm["time-limit"].defaulted() ? 0.0 : time_limit_from(vm);
  o.memory_bytes = memory_limit_from(vm, 0);
  return o;
}
}  // namespace

int cmd_cross_check(const std::vector<std::string>& args) {
  po::options_description opts("verify cross-check options");
  add_format_option(opts, "text", "text or json");
  opts.add_options()("kernels", po::value<std::string>(),
                     "comma list; the first is the baseline (default: the family's reference, then "
                     "every other kernel)")(
      "range", po::value<std::string>(),
      "exhaustive domain size (--kernels: the family's domain(N), default 12; --external/--plugin: "
      "the heaps 0..N of a heap game, as --exhaustive, else domain(N), default the family's "
      "cross-check range)")(
      "cases", po::value<std::string>(),
      "random positions (--kernels: 200 RapidCheck cases; --external/--plugin: 10000 heaps of a "
      "heap game, 200 other positions)")("seed", po::value<std::string>()->default_value("1"),
                                         "seed of the random positions")(
      "values", po::value<std::string>(),
      "an OEIS b-file (`n a(n)` per line): compare it with the harness's values")(
      "kernel", po::value<std::string>(),
      "with --values: the kernel the values come from (default: the first fast one)")(
      "external", po::value<std::string>(),
      "a command (run by /bin/sh -c) that reads positions one per line and writes one value per "
      "line, in order: compare it with the harness (verify/CROSS_CHECK.md)")(
      "plugin", po::value<std::string>(),
      "a shared library with the C ABI of core/base/igv_kernel.h: compare it with the harness")(
      "one-heap", "the kernel takes one heap per position (the default for heap games)")(
      "sums", "the kernel also takes sums of heaps (octal, hex, grundy, nim, octal-misere)")(
      "max-position", po::value<std::string>(),
      "the largest heap the kernel computes (default: the plugin's, else 2^63 - 1 where the "
      "game's period is proved (a row of Frolov's g or f: 2^62 - 1), else what the harness "
      "computes in about 5 s, at most 10^6)")(
      "exhaustive", po::value<std::string>(),
      "heap games: check every heap 0..N (default with a proved period: the preperiod + 2 "
      "periods, at least 10^5, 10^6 for a plugin, at most 8*10^6; else 10^5, or 10^4 when the "
      "harness is slow)")(
      "timeout", po::value<std::string>(),
      "seconds a kernel that owes values may stay silent before it is stopped, once it has "
      "written its first value (default 10)")(
      "startup-timeout", po::value<std::string>(),
      "seconds a kernel may take before its first value of a run (it may build a table first; "
      "default 60)")(
      "protocol", po::value<std::string>(),
      "--external: `lines` (the default: one position a line, one value a line) or `binary` "
      "(the records of a plugin's kernel-host, verify/CROSS_CHECK.md)")(
      "junit", po::value<std::string>(), "also write the result as a JUnit XML file")(
      "summary", po::value<std::string>(), "also write a short Markdown summary")(
      "game", po::value<std::vector<std::string>>(), "GAME");
  add_command_limit_options(
      opts, "--kernels or --values", "the check",
      " (--external/--plugin: seconds for the kernel's runs in the whole check, no limit unless "
      "given, past it exit 2; their --memory-limit is estimated before allocating, none unless "
      "given)");
  po::positional_options_description pos;
  pos.add("game", -1);
  const auto p = parse(args, opts, pos,
                       "verify cross-check GAME [--kernels A,B | --values B-FILE | --external "
                       "'CMD' | --plugin LIB.so] [options]");
  if (p.help) return 0;
  const auto rest = positional(p.vm, "game");
  if (rest.size() != 1)
    throw InputError(
        "verify cross-check takes one GAME, e.g. `verify cross-check subtraction:1,3,4`");
  const auto format = formats_from(p.vm, {"text", "json"});
  const auto game = make_game(rest[0]);
  const std::string family = GameKernels::family_name(rest[0]);
  if (p.vm.count("values") + p.vm.count("external") + p.vm.count("kernels") + p.vm.count("plugin") >
      1)
    throw InputError("--values, --external, --plugin and --kernels go one at a time");
  if (p.vm.count("values") != 0U) {
    const CommandLimits limits = command_limits_from(p.vm);
    return run_limited("cross-check", limits, [&]() -> int {
      return cross_check_bfile(rest[0], p.vm["values"].as<std::string>(),
                               p.vm.count("kernel") ? p.vm["kernel"].as<std::string>() : "",
                               format.front());
    });
  }
  if (p.vm.count("external") != 0U || p.vm.count("plugin") != 0U) {
    auto options = regression_options(p.vm);
    KernelCommand command;
    if (p.vm.count("external") != 0U) {
      const auto text = p.vm["external"].as<std::string>();
      if (text.find_first_not_of(" \t") == std::string::npos)
        throw InputError("--external needs a command");
      const std::string protocol =
          p.vm.count("protocol") != 0U ? p.vm["protocol"].as<std::string>() : "lines";
      if (protocol != "lines" && protocol != "binary")
        throw InputError("--protocol: `lines` or `binary`, not '" + protocol + "'");
      command = protocol == "binary" ? external_binary_command(text) : external_command(text);
    } else {
      if (p.vm.count("protocol") != 0U)
        throw InputError("--protocol goes with --external (a plugin speaks the binary one)");
      const auto library = p.vm["plugin"].as<std::string>();
      const auto d = describe_plugin(library, game->spec(), options.process);
      if (options.max_position == 0 && d.max_position > 0) {
        options.max_position = d.max_position;
        options.max_position_lowered = true;
      }
      if (p.vm.count("sums") == 0U && p.vm.count("one-heap") == 0U) options.sums = d.sums;
      command = plugin_command(library, game->spec());
      if (!d.name.empty()) command.shown = "the plugin '" + library + "' (" + d.name + ")";
    }
    const auto r = regression_check(*game, family, command, options);
    if (p.vm.count("junit") != 0U)
      atomic_write(p.vm["junit"].as<std::string>(), regression_junit(r));
    if (p.vm.count("summary") != 0U)
      atomic_write(p.vm["summary"].as<std::string>(), regression_markdown(r));
    if (format.front() == "json") {
      std::cout << r.to_json().dump(2) << "\n";
    } else if (r.verdict != "defect") {
      print_regression(r, std::cout);
    }
    if (r.verdict == "defect") std::cerr << "verify: error: " << one_line(verdict_line(r)) << "\n";
    return r.exit_code();
  }
  for (const char* name : {"sums", "one-heap", "max-position", "exhaustive", "timeout",
                           "startup-timeout", "protocol", "junit", "summary"}) {
    if (p.vm.count(name) != 0U)
      throw InputError(std::string("--") + name + " goes with --external or --plugin");
  }
  std::vector<const Kernel*> ks;
  if (p.vm.count("kernels") != 0U) {
    std::stringstream ss(p.vm["kernels"].as<std::string>());
    std::string name;
    while (std::getline(ss, name, ',')) ks.push_back(&find_kernel(family, name));
  } else {
    ks = kernels(family);
  }
  if (ks.size() < 2)
    throw InputError("cross-check needs two kernels; family '" + family + "' has " +
                     std::to_string(ks.size()));
  CrossCheckOptions options;
  options.range = p.vm.count("range") != 0U ? parse_int_in_range(p.vm["range"].as<std::string>(),
                                                                 "--range", 0, 10'000'000)
                                            : 12;
  options.random_cases = p.vm.count("cases") != 0U
                             ? static_cast<int>(parse_int_in_range(p.vm["cases"].as<std::string>(),
                                                                   "--cases", 0, 10'000'000))
                             : 200;
  options.seed = parse_seed(p.vm["seed"].as<std::string>());
  const CommandLimits limits = command_limits_from(p.vm);
  // Compared and printed in a child process under the limits (run_limited).
  return run_limited("cross-check", limits, [&]() -> int {
    const auto result = cross_check(*game, ks, options);
    if (format.front() == "json") {
      std::cout << result.to_json().dump(2) << "\n";
    } else {
      std::cout << "game:      " << result.game << "\n"
                << "checked:   " << result.exhaustive_positions << " positions (range "
                << options.range << "), " << result.random_cases
                << " random positions beyond (seed " << options.seed << ")\n"
                << "timing on the exhaustive range:\n";
      for (std::size_t i = 0; i < result.kernels.size(); ++i) {
        std::cout << "  " << std::left << std::setw(16) << result.kernels[i] << std::fixed
                  << std::setprecision(4) << result.seconds[i] << " s  (x" << std::setprecision(3)
                  << (result.seconds[0] > 0 ? result.seconds[i] / result.seconds[0] : 0.0) << " of "
                  << result.kernels[0] << ")\n";
      }
      std::cout << (result.agree()
                        ? "agree:     yes\n"
                        : "agree:     NO\ndisagreement: " + result.disagreement.dump(2) + "\n");
    }
    return result.agree() ? 0 : 1;
  });
}

}  // namespace igv::cli
