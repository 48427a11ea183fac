// verify merge: one report from the shards of `run --shard K/N`.
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

#include "core/base/trusted/errors.h"
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

int cmd_merge(const std::vector<std::string>& args) {
  po::options_description opts("verify merge options");
  add_format_option(opts, "json,md", "report formats, comma-separated");
  opts.add_options()("out,o", po::value<std::string>(), "write the merged report here")(
      "reports", po::value<std::vector<std::string>>(),
      "shard reports (report.json of each shard)");
  po::positional_options_description pos;
  pos.add("reports", -1);
  const auto p = parse(args, opts, pos, "verify merge SHARD.json… --out DIR [--format json,md,…]");
  if (p.help) return 0;
  const auto paths = positional(p.vm, "reports");
  if (paths.empty()) throw InputError("verify merge takes the shard reports to join");
  if (p.vm.count("out") == 0U) throw InputError("verify merge needs --out DIR");
  const auto formats = formats_from(p.vm, report_formats());
  check_output_folder(p.vm["out"].as<std::string>());
  std::vector<nlohmann::json> shards;
  for (const auto& path : paths) shards.push_back(read_report(path));
  const Report report = report_from_json(merge_reports(shards));
  for (const auto& path : write_report(report, p.vm["out"].as<std::string>(), formats))
    std::cerr << "wrote " << path << "\n";
  const auto summary = report_summary(report.results);
  std::cout << summary["claims"].get<std::size_t>() << " claims merged from " << shards.size()
            << " shards, " << summary["not_as_expected"].get<int>() << " not as expected\n";
  return summary["not_as_expected"].get<int>() == 0 ? 0 : 1;
}

}  // namespace igv::cli
