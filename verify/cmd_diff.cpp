// verify diff: what changed between two reports.
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <cmath>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <thread>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "properties/base/claims_file.h"
#include "properties/base/runner.h"
#include "properties/kernels/cross_check.h"
#include "reports/base/report.h"
#include "reports/base/report_tools.h"
#include "verify/cli.h"

namespace po = boost::program_options;

namespace igv::cli {

int cmd_diff(const std::vector<std::string>& args) {
  po::options_description opts("verify diff options");
  add_format_option(opts, "text", "text or json");
  opts.add_options()("timing-ratio", po::value<double>()->default_value(2.0),
                     "report a claim's time when it changed by more than this factor")(
      "timing-floor", po::value<double>()->default_value(0.5),
      "… and one of the two times is at least this many seconds")(
      "reports", po::value<std::vector<std::string>>(), "OLD.json NEW.json");
  po::positional_options_description pos;
  pos.add("reports", -1);
  const auto p = parse(args, opts, pos, "verify diff OLD.json NEW.json [--format text|json]");
  if (p.help) return 0;
  const auto paths = positional(p.vm, "reports");
  if (paths.size() != 2) throw InputError("verify diff takes two reports, OLD.json and NEW.json");
  const auto format = formats_from(p.vm, {"text", "json"});
  const double ratio = p.vm["timing-ratio"].as<double>();
  const double timing_floor = p.vm["timing-floor"].as<double>();
  if (!std::isfinite(ratio) || ratio < 1) {
    throw InputError("--timing-ratio must be a number of at least 1 (a factor), got " +
                     std::to_string(ratio));
  }
  if (!std::isfinite(timing_floor) || timing_floor < 0) {
    throw InputError("--timing-floor must be a number of seconds, at least 0, got " +
                     std::to_string(timing_floor));
  }
  const auto d = diff_reports(read_report(paths[0]), read_report(paths[1]), ratio, timing_floor);
  if (format.front() == "json") {
    std::cout << nlohmann::json{{"changes", d.changes}, {"worse", d.worse}}.dump(2) << "\n";
  } else {
    std::cout << d.to_text();
  }
  return d.worse == 0 ? 0 : 1;
}

}  // namespace igv::cli
