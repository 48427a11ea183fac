// verify merge: one report from the shards of `run --shard K/N`.
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
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
#include "reports/base/report_recheck.h"
#include "reports/base/report_tools.h"
#include "verify/cli.h"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace igv::cli {

namespace {

/// The bytes of `path`, a file of a shard's folder that the re-check has just read.
std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) throw InputError("cannot read '" + one_line(path.string()) + "'");
  return bytes;
}

/// A shard's `proved` claims, re-checked from the shard's own folder (issue 35's
/// recheck_report_folder: each certificate file against the hash its claim's evidence names, by
/// the checker library, then the inference from the certificate to the claim as stated). A
/// proved claim is kept only so: one that is not accepted, or a shard whose proved claims cannot
/// be read from a folder (its report not named `report.json` beside its `certificates/`), makes
/// merge refuse the shard (InputError, one line). Returns, for each accepted claim id, the
/// certificate file it rests on, read back from the shard's folder, to be written with the
/// merged report.
std::map<std::string, std::shared_ptr<const CertificateFile>> recheck_proved_claims(
    const std::string& path, const nlohmann::json& shard) {
  std::map<std::string, std::shared_ptr<const CertificateFile>> out;
  bool any = false;
  if (shard.contains("claims") && shard["claims"].is_array()) {
    for (const auto& c : shard["claims"])
      any = any || (c.is_object() && c.value("verdict", "") == "proved");
  }
  if (!any) return out;
  const fs::path file(path);
  if (file.filename() != "report.json") {
    throw InputError("shard '" + one_line(path) +
                     "' has proved claims, which merge re-checks from the shard's folder: give "
                     "its report.json, with the certificates/ folder `verify run --out` wrote "
                     "beside it");
  }
  const fs::path dir = file.has_parent_path() ? file.parent_path() : fs::path(".");
  const ReportRecheck recheck = recheck_report_folder(dir.string());
  std::map<std::string, std::shared_ptr<const CertificateFile>> files;
  for (const auto& claim : recheck.claims) {
    if (!claim.accepted) {
      throw InputError("shard '" + one_line(path) + "': proved claim '" + one_line(claim.id) +
                       "' is not re-checked from its certificate: " + one_line(claim.reason));
    }
    auto it = files.find(claim.certificate);
    if (it == files.end()) {
      // The certificate as the shard wrote it, and its side files (the octal values file: the
      // same stem, `.values`); written again byte for byte with the merged report.
      const fs::path cert = dir / claim.certificate;
      const std::string bytes = read_bytes(cert);
      CertificateFile f = certificate_file(nlohmann::json::parse(bytes));
      f.name = cert.filename().string();
      const fs::path side = fs::path(cert).replace_extension(".values");
      std::error_code ec;
      if (fs::is_regular_file(side, ec)) {
        f.side_files.emplace_back(side.filename().string(), read_bytes(side));
      }
      if (f.text() != bytes) {
        throw InputError("shard '" + one_line(path) + "': certificate " +
                         one_line(claim.certificate) +
                         " is not in the form `verify run` writes (compact JSON and a newline)");
      }
      it = files.emplace(claim.certificate, std::make_shared<const CertificateFile>(std::move(f)))
               .first;
    }
    out.emplace(claim.id, it->second);
  }
  return out;
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
    std::map<std::string, std::shared_ptr<const CertificateFile>> rechecked;
    for (std::size_t i = 0; i < shards.size(); ++i) {
      for (auto& [id, file] : recheck_proved_claims(paths[i], shards[i])) rechecked[id] = file;
    }
    nlohmann::json not_rechecked = nlohmann::json::array();
    for (const auto& c : merged["claims"]) {
      const auto id = c["id"].get<std::string>();
      if (c["verdict"] == "proved" && rechecked.count(id) == 0U) not_rechecked.push_back(id);
    }
    // Only a merge that kept a verdict unchecked says so: a merge that re-checked every proof
    // equals the unsharded run's report, field for field.
    if (!not_rechecked.empty())
      merged["context"]["merge"] = {{"proved_not_rechecked", not_rechecked}};
    Report report = report_from_json(merged);
    // Each re-checked proof's certificate goes into the merged folder, where check-report reads it.
    for (auto& r : report.results) {
      if (const auto it = rechecked.find(r.claim.id); it != rechecked.end()) {
        r.outcome.certificate = it->second;
      }
    }
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
