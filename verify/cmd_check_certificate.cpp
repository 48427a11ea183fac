// verify check-certificate: re-check a period certificate file.
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <thread>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/certificate.h"
#include "core/base/trusted/errors.h"
#include "core/base/trusted/json_input.h"
#include "properties/base/claims_file.h"
#include "properties/base/runner.h"
#include "properties/kernels/cross_check.h"
#include "reports/base/report.h"
#include "reports/base/report_tools.h"
#include "verify/cli.h"

namespace po = boost::program_options;

namespace igv::cli {

int cmd_check_certificate(const std::vector<std::string>& args) {
  po::options_description opts("verify check-certificate options");
  add_format_option(opts, "text", "text or json");
  // Which games declare --max-columns is in the help only (listing them makes every family).
  const std::string columns_help =
      "the column budget of the checker (" +
      declared_period_option_help(&PeriodOptions::column_budget, args) + ")";
  opts.add_options()("max-columns", po::value<std::int64_t>(), columns_help.c_str())(
      "file", po::value<std::vector<std::string>>(), "CERTIFICATE.json");
  add_command_limit_options(opts, "the check", "the check",
                            " (a re-check of Table 2 row 13 or 14 takes longer: pass 0)");
  po::positional_options_description pos;
  pos.add("file", -1);
  const auto p = parse(args, opts, pos,
                       "verify check-certificate CERTIFICATE.json (saved by `verify period GAME "
                       "--certificate-out CERTIFICATE.json`)");
  if (p.help) return 0;
  const auto files = positional(p.vm, "file");
  if (files.size() != 1) throw InputError("verify check-certificate takes one certificate file");
  const auto format = formats_from(p.vm, {"text", "json"});
  nlohmann::json j = read_json_file_strict(files[0], "certificate '" + files[0] + "'");
  if (!j.is_object()) throw InputError("certificate '" + files[0] + "' is not a JSON object");
  if (!j.contains("game") || !j["game"].is_string())
    throw InputError("certificate '" + files[0] + "' names no game");
  CertificateCheckRequest request;
  // Side files a certificate names (a binary values file) are read from its folder.
  request.folder = std::filesystem::path(files[0]).parent_path().string();
  const GameFamily& family = find_game_family(j["game"].get<std::string>());
  const auto game = make_game(j["game"].get<std::string>());
  if (p.vm.count("max-columns") != 0U) {
    require_period_option(family, game->spec(),
                          {&PeriodOptions::column_budget, "--max-columns", "column budget"});
    request.max_columns = p.vm["max-columns"].as<std::int64_t>();
  }
  const CommandLimits limits = command_limits_from(p.vm);
  // Checked and printed in a child process under the limits (run_limited).
  return run_limited("check-certificate", limits, [&]() -> int {
    CertificateCheck check;
    // On a terminal: the elapsed time against the limit while the checker works (the checkers
    // report no count).
    ProgressLine line("check-certificate " + game->spec());
    std::optional<ProgressTicker> ticker;
    if (line.active()) ticker.emplace(line, "checking", limits.seconds);
    try {
      check = game->check_certificate(j, request);
      ticker.reset();
      line.clear();
    } catch (const BudgetExceeded& e) {
      // A certificate beyond the checker's column budget is an input error (exit 2), as
      // documented; only the time and memory limits end in exit 3.
      throw InputError(e.what());
    }
    const nlohmann::json verdict =
        certificate_verdict_json(check.verdict, game->spec(), check.checker);
    const bool accepted = check.verdict.accepted();
    if (format.front() == "json") {
      std::cout << verdict.dump(2) << "\n";
    } else {
      std::cout << (accepted ? "s VERIFIED" : "s NOT VERIFIED") << "\n"
                << verdict.value("reason", "") << "\n";
    }
    return accepted ? 0 : 1;
  });
}

}  // namespace igv::cli
