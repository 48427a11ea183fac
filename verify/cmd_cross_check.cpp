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
#include <memory>
#include <span>
#include <sstream>
#include <thread>

#include "core/base/errors.h"
#include "core/base/game_family.h"
#include "core/base/json_input.h"
#include "core/base/kernel_registry.h"
#include "core/base/position.h"
#include "properties/base/claims_file.h"
#include "properties/base/cross_check.h"
#include "properties/base/game_values.h"
#include "properties/base/runner.h"
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

/// A kernel that runs an outside program: positions one per line on its standard input (in the
/// family's syntax), one value per line on its standard output.
Kernel external_kernel(const std::string& family, const std::string& command) {
  return {family, "external", false, "the program `" + command + "`",
          [command](const GameInstance& game, std::span<const Position> ps) {
            const auto dir = std::filesystem::temp_directory_path();
            const std::string stem =
                (dir / ("verify-external-" + std::to_string(::getpid()))).string();
            const std::string in_path = stem + ".in", out_path = stem + ".out";
            {
              std::ofstream in(in_path);
              for (const auto& p : ps) in << game.format_position(p) << "\n";
              if (!in) throw InputError("cannot write the positions for the external program");
            }
            const std::string sh = "( " + command + " ) < '" + in_path + "' > '" + out_path + "'";
            const int status = std::system(sh.c_str());
            std::filesystem::remove(in_path);
            if (status != 0) {
              std::filesystem::remove(out_path);
              throw InputError("the external program `" + command + "` failed (status " +
                               std::to_string(status) + ")");
            }
            const std::string text = read_input_file(out_path, "the external program's output");
            std::filesystem::remove(out_path);
            std::istringstream out(text);
            std::vector<Value> values;
            std::string line;
            while (std::getline(out, line) && values.size() < ps.size()) {
              values.push_back(parse_int(line, "line " + std::to_string(values.size() + 1) +
                                                   " of the external program's output"));
            }
            if (values.size() != ps.size()) {
              throw InputError("the external program `" + command + "` wrote " +
                               std::to_string(values.size()) + " values for " +
                               std::to_string(ps.size()) + " positions");
            }
            return values;
          }};
}

}  // namespace

int cmd_cross_check(const std::vector<std::string>& args) {
  po::options_description opts("verify cross-check options");
  add_format_option(opts, "text", "text or json");
  opts.add_options()("kernels", po::value<std::string>(),
                     "comma list; the first is the baseline (default: the family's reference, then "
                     "every other kernel)")("range", po::value<std::int64_t>()->default_value(12),
                                            "exhaustive domain size (the family's domain(range))")(
      "cases", po::value<int>()->default_value(200),
      "RapidCheck cases on random positions beyond the range")(
      "seed", po::value<std::string>()->default_value("1"), "RapidCheck seed")(
      "values", po::value<std::string>(),
      "an OEIS b-file (`n a(n)` per line): compare it with the harness's values")(
      "kernel", po::value<std::string>(),
      "with --values: the kernel the values come from (default: the first fast one)")(
      "external", po::value<std::string>(),
      "a shell command that reads positions one per line and writes one value per line: "
      "compare it with the reference kernel")("game", po::value<std::vector<std::string>>(),
                                              "GAME");
  po::positional_options_description pos;
  pos.add("game", -1);
  const auto p =
      parse(args, opts, pos,
            "verify cross-check GAME [--kernels A,B] [--range N] [--cases N] [--seed S]");
  if (p.help) return 0;
  const auto rest = positional(p.vm, "game");
  if (rest.size() != 1)
    throw InputError(
        "verify cross-check takes one GAME, e.g. `verify cross-check subtraction:1,3,4`");
  const auto format = formats_from(p.vm, {"text", "json"});
  const auto game = make_game(rest[0]);
  const std::string family = rest[0].substr(0, rest[0].find(':'));
  if (p.vm.count("values") + p.vm.count("external") + p.vm.count("kernels") > 1)
    throw InputError("--values, --external and --kernels go one at a time");
  if (p.vm.count("values") != 0U) {
    return cross_check_bfile(rest[0], p.vm["values"].as<std::string>(),
                             p.vm.count("kernel") ? p.vm["kernel"].as<std::string>() : "",
                             format.front());
  }
  std::vector<const Kernel*> ks;
  std::unique_ptr<Kernel> outside;
  if (p.vm.count("external") != 0U) {
    const auto command = p.vm["external"].as<std::string>();
    if (command.empty()) throw InputError("--external needs a command");
    outside = std::make_unique<Kernel>(external_kernel(family, command));
    ks = {kernels(family).front(), outside.get()};
  } else if (p.vm.count("kernels") != 0U) {
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
  options.range = p.vm["range"].as<std::int64_t>();
  if (options.range < 0) throw InputError("--range must not be negative");
  options.random_cases = p.vm["cases"].as<int>();
  if (options.random_cases < 0) throw InputError("--cases must not be negative");
  options.seed = parse_seed(p.vm["seed"].as<std::string>());
  const auto result = cross_check(*game, ks, options);
  if (format.front() == "json") {
    std::cout << result.to_json().dump(2) << "\n";
  } else {
    std::cout << "game:      " << result.game << "\n"
              << "checked:   " << result.exhaustive_positions << " positions (range "
              << options.range << "), " << result.random_cases << " random positions beyond (seed "
              << options.seed << ")\n"
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
}

}  // namespace igv::cli
