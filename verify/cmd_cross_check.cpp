// verify cross-check: kernels compared exhaustively, at random, and timed.
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <thread>

#include "core/base/errors.h"
#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "properties/base/claims_file.h"
#include "properties/base/cross_check.h"
#include "properties/base/runner.h"
#include "reports/base/report.h"
#include "reports/base/report_tools.h"
#include "verify/cli.h"

namespace po = boost::program_options;

namespace igv::cli {

int cmd_cross_check(const std::vector<std::string>& args) {
  po::options_description opts("verify cross-check options");
  opts.add_options()("kernels", po::value<std::string>(),
                     "comma list; the first is the baseline (default: the family's reference, then "
                     "every other kernel)")("range", po::value<std::int64_t>()->default_value(12),
                                            "exhaustive domain size (the family's domain(range))")(
      "cases", po::value<int>()->default_value(200),
      "RapidCheck cases on random positions beyond the range")(
      "seed", po::value<std::string>()->default_value("1"), "RapidCheck seed")(
      "format", po::value<std::string>()->default_value("text"), "text or json")(
      "game", po::value<std::vector<std::string>>(), "GAME");
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
  const auto format = split_formats(p.vm["format"].as<std::string>(), {"text", "json"});
  const auto game = make_game(rest[0]);
  const std::string family = rest[0].substr(0, rest[0].find(':'));
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
