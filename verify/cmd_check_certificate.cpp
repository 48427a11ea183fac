// verify check-certificate: re-check a period certificate file.
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

#include "core/base/certificate.h"
#include "core/base/errors.h"
#include "core/base/game_family.h"
#include "core/base/json_input.h"
#include "core/base/kernel_registry.h"
#include "properties/base/claims_file.h"
#include "properties/base/cross_check.h"
#include "properties/base/runner.h"
#include "reports/base/report.h"
#include "reports/base/report_tools.h"
#include "verify/cli.h"

namespace po = boost::program_options;

namespace igv::cli {

int cmd_check_certificate(const std::vector<std::string>& args) {
  po::options_description opts("verify check-certificate options");
  opts.add_options()("format", po::value<std::string>()->default_value("text"), "text or json")(
      "max-columns", po::value<std::int64_t>(),
      "Frolov rows: the most columns the checker may recompute for one row (default 2^27; "
      "row 13 needs 1.9e9: about 2 bytes and 50 ns a column)")(
      "file", po::value<std::vector<std::string>>(), "CERTIFICATE.json");
  po::positional_options_description pos;
  pos.add("file", -1);
  const auto p = parse(args, opts, pos,
                       "verify check-certificate CERTIFICATE.json (the output of `verify period "
                       "GAME --format json`)");
  if (p.help) return 0;
  const auto files = positional(p.vm, "file");
  if (files.size() != 1) throw InputError("verify check-certificate takes one certificate file");
  const auto format = split_formats(p.vm["format"].as<std::string>(), {"text", "json"});
  nlohmann::json j = read_json_file_strict(files[0], "certificate '" + files[0] + "'");
  if (!j.is_object()) throw InputError("certificate '" + files[0] + "' is not a JSON object");
  if (!j.contains("game") || !j["game"].is_string())
    throw InputError("certificate '" + files[0] + "' names no game");
  CertificateCheckRequest request;
  // Side files a certificate names (an octal binary values file) are read from its folder.
  request.folder = std::filesystem::path(files[0]).parent_path().string();
  if (p.vm.count("max-columns") != 0U) request.max_columns = p.vm["max-columns"].as<std::int64_t>();
  const auto game = make_game(j["game"].get<std::string>());
  const CertificateCheck check = game->check_certificate(j, request);
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
}

}  // namespace igv::cli
