// verify list: the selected claims, one line each (or JSON).
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

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/terminal_text.h"
#include "core/base/trusted/errors.h"
#include "properties/base/claims_file.h"
#include "properties/base/runner.h"
#include "properties/kernels/cross_check.h"
#include "reports/base/report.h"
#include "reports/base/report_tools.h"
#include "verify/cli.h"

namespace po = boost::program_options;

namespace igv::cli {

int cmd_list(const std::vector<std::string>& args) {
  po::options_description opts("verify list options");
  add_format_option(opts, "text", "text or json");
  opts.add_options()("claims", po::value<std::vector<std::string>>()->composing(),
                     "a claims file instead of the shipped ones; repeatable")(
      "spec", po::value<std::vector<std::string>>(), "claim selection");
  po::positional_options_description pos;
  pos.add("spec", -1);
  const auto p =
      parse(args, opts, pos, "verify list [SPEC…] [--claims FILE]… [--format text|json]");
  if (p.help) return 0;
  const auto format = formats_from(p.vm, {"text", "json"});
  const auto claims =
      select_claims(load_claims_files(claims_files_from(p.vm)), positional(p.vm, "spec"));
  if (format.front() == "json") {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& c : claims) {
      out.push_back({{"id", c.id},
                     {"source", {{"document", c.document}, {"locator", c.locator}}},
                     {"tags", c.tags},
                     {"kind", c.kind},
                     {"checker", c.checker},
                     {"expected_verdict", std::string(to_string(c.expected_verdict))}});
    }
    std::cout << out.dump(2) << "\n";
    return 0;
  }
  for (const auto& c : claims) {
    std::string tags;
    for (const auto& t : c.tags) tags += (tags.empty() ? "" : ",") + terminal_text(t);
    std::cout << std::left << std::setw(44) << terminal_text(c.id) << " " << std::setw(12)
              << to_string(c.expected_verdict) << " " << terminal_text(c.document) << " "
              << terminal_text(c.locator) << " [" << tags << "]\n";
  }
  std::cout << claims.size() << " claims\n";
  return 0;
}

}  // namespace igv::cli
