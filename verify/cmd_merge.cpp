// verify merge: one report from the shards of `run --shard K/N`.
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <set>
#include <sstream>
#include <thread>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "properties/base/claims_file.h"
#include "properties/base/cross_check.h"
#include "properties/base/runner.h"
#include "reports/base/report.h"
#include "reports/base/report_tools.h"
#include "verify/cli.h"

namespace po = boost::program_options;

namespace igv::cli {

namespace {

/// The ids of the `proved` claims of `shard` (read from `path`) whose certificates were re-checked
/// here. Re-checking a proved verdict needs the certificates a shard's folder holds and the
/// library function that re-checks a report folder (issue 35, `verify check-report`); until it is
/// called here, no proved claim is re-checked: merge keeps the shard's verdict and names each such
/// claim in the merged report's context (`merge.proved_not_rechecked`), no figure draws a period
/// from it, and the closing line counts them. A claim the re-check refuses must make merge refuse
/// the shard (InputError, one line).
std::set<std::string> recheck_proved_claims(const std::string& path, const nlohmann::json& shard) {
  (void)path;
  (void)shard;
  return {};
}

}  // namespace

int cmd_merge(const std::vector<std::string>& args) {
  po::options_description opts("verify merge options");
  add_format_option(opts, "json,md", "report formats, comma-separated");
  opts.add_options()("out,o", po::value<std::string>(), "write the merged report here")(
      "reports", po::value<std::vector<std::string>>(),
      "shard reports (report.json of each shard)");
  add_command_limit_options(opts, "the merge", "the merge");
  po::positional_options_description pos;
  pos.add("reports", -1);
  const auto p = parse(args, opts, pos, "verify merge SHARD.json… --out DIR [--format json,md,…]");
  if (p.help) return 0;
  const auto paths = positional(p.vm, "reports");
  if (paths.empty()) throw InputError("verify merge takes the shard reports to join");
  if (p.vm.count("out") == 0U) throw InputError("verify merge needs --out DIR");
  const auto formats = formats_from(p.vm, report_formats());
  const auto out = p.vm["out"].as<std::string>();
  check_output_folder(out);
  const CommandLimits limits = command_limits_from(p.vm);
  // Read, checked, drawn and written in a child process under the limits (run_limited): a
  // forged shard (a period of 10^15, a table of millions of cells) stops at a limit, exit 3.
  return run_limited("merge", limits, [&]() -> int {
    std::vector<nlohmann::json> shards;
    for (const auto& path : paths) shards.push_back(read_report(path));
    // The shards agree with one another (merge_reports), then every claim with its claims file
    // and its evidence with its verdict (check_merged_claims).
    nlohmann::json merged = merge_reports(shards);
    check_merged_claims(merged, shard_selection(merged["context"]));
    std::set<std::string> rechecked;
    for (std::size_t i = 0; i < shards.size(); ++i) {
      for (const auto& id : recheck_proved_claims(paths[i], shards[i])) rechecked.insert(id);
    }
    nlohmann::json not_rechecked = nlohmann::json::array();
    for (const auto& c : merged["claims"]) {
      const auto id = c["id"].get<std::string>();
      if (c["verdict"] == "proved" && rechecked.count(id) == 0U) not_rechecked.push_back(id);
    }
    merged["context"]["merge"] = {{"proved_not_rechecked", not_rechecked}};
    const Report report = report_from_json(merged);
    for (const auto& path : write_report(report, out, formats))
      std::cerr << "wrote " << path << "\n";
    const auto summary = report_summary(report.results);
    std::cout << summary["claims"].get<std::size_t>() << " claims merged from " << shards.size()
              << " shards, " << summary["not_as_expected"].get<int>() << " not as expected";
    if (!not_rechecked.empty()) {
      std::cout << "; " << not_rechecked.size()
                << " proved verdicts kept from the shards without re-checking their certificates";
    }
    std::cout << "\n";
    return summary["not_as_expected"].get<int>() == 0 ? 0 : 1;
  });
}

}  // namespace igv::cli
