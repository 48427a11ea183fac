// verify run: check the selected claims, write the report set.
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

int cmd_run(const std::vector<std::string>& args) {
  po::options_description opts("verify run options");
  add_run_options(opts);
  add_format_option(opts, "json,md", "report formats, comma-separated (needs --out)");
  opts.add_options()("out,o", po::value<std::string>(),
                     "write the report here (report.json, report.md, …)")(
      "quiet,q", "no per-claim lines on stdout, only the closing summary")(
      "keep-going,k",
      "run the claims that load when some do not: each unloadable claim is reported with the "
      "verdict error, and the run exits 2 at the end")(
      "shard", po::value<std::string>(),
      "K/N: run only the K-th of N deterministic shares of the selection (merge with `verify "
      "merge`)")("spec", po::value<std::vector<std::string>>(), "claim selection");
  po::positional_options_description pos;
  pos.add("spec", -1);
  const auto p = parse(args, opts, pos, "verify run [SPEC…] [options]");
  if (p.help) return 0;
  const auto& vm = p.vm;

  // Everything the user gave is validated before any claim runs or any file is written.
  const RunOptions options = run_options_from(vm);
  const auto formats = formats_from(vm, report_formats());
  check_report_formats(formats);
  const auto files = claims_files_from(vm);
  const auto specs = positional(vm, "spec");
  const bool keep_going = vm.count("keep-going") != 0U;
  std::vector<ClaimLoadFault> load_faults;
  const auto loaded = load_claims_files(files, keep_going ? &load_faults : nullptr);
  const auto selected =
      loaded.empty() && !load_faults.empty() ? loaded : select_claims(loaded, specs);
  std::string shard;
  std::vector<Claim> claims;
  std::vector<std::size_t> positions;
  if (vm.count("shard") != 0U) {
    shard = vm["shard"].as<std::string>();
    const auto [k, n] = parse_shard(shard);
    positions = shard_positions(selected.size(), k, n);
    for (auto i : positions) claims.push_back(selected[i]);
  } else {
    claims = selected;
    for (std::size_t i = 0; i < claims.size(); ++i) positions.push_back(i);
  }
  if (vm.count("out") == 0U && !vm["format"].defaulted())
    throw InputError("--format names report files: give the folder with --out DIR");
  std::string out_dir;
  if (vm.count("out") != 0U) {
    out_dir = vm["out"].as<std::string>();
    check_output_folder(out_dir);  // a read-only or foreign --out is found before any claim runs
  }

  const bool quiet = vm.count("quiet") != 0U;
  // On a terminal, a progress line below the per-claim lines: erased before each of them (so
  // that none is glued to it), redrawn after with the claims done, the total and an ETA.
  ProgressLine line("run");
  const auto progress = [&](std::size_t done, std::size_t total, const ClaimResult& r) {
    if (!quiet) {
      line.clear();
      std::cout << std::left << std::setw(14) << verdict_cell(r) << " " << terminal_text(r.claim.id)
                << "  (" << std::fixed << std::setprecision(2) << r.seconds << " s) "
                << terminal_text(r.outcome.summary) << "\n"
                << std::flush;
    }
    line.count(done, total, "claims done", !quiet);
  };
  Report report;
  report.context = make_context(options, specs, files);
  report.context["selection_size"] = selected.size();
  if (!shard.empty()) {
    // What `verify merge` needs to refuse an incomplete or overlapping set of shards.
    report.context["shard"] = shard;
    nlohmann::json owned = nlohmann::json::array();
    for (const auto& c : claims) owned.push_back(c.id);
    report.context["shard_claims"] = owned;
  }
  line.count(0, claims.size(), "claims done", true);
  report.results = run_claims(claims, options, progress);
  for (std::size_t i = 0; i < report.results.size(); ++i) report.results[i].position = positions[i];
  // --keep-going: each claim that did not load, as an error (in the first shard only).
  if (shard.empty() || shard.rfind("1/", 0) == 0) {
    std::set<std::string> ids;
    for (const auto& c : loaded) ids.insert(c.id);
    for (std::size_t i = 0; i < load_faults.size(); ++i) {
      const auto& f = load_faults[i];
      ClaimResult r;
      r.claim.id =
          !f.id.empty() && ids.insert(f.id).second ? f.id : "unloaded." + std::to_string(i + 1);
      r.claim.document = "unloaded";
      r.claim.document_title = "claims that did not load";
      r.claim.locator = f.file;
      r.claim.statement = "(the claim did not load)";
      r.claim.kind = "error";
      r.claim.checker = "(not loaded)";
      r.claim.claims_file = f.file;
      r.outcome.verdict = Finding::error;
      r.outcome.summary = "did not load: " + f.message;
      r.position = selected.size() + i;
      progress(report.results.size() + 1, claims.size() + load_faults.size(), r);
      report.results.push_back(std::move(r));
    }
  }
  line.clear();

  const auto summary = report_summary(report.results);
  if (!out_dir.empty()) {
    for (const auto& path : write_report(report, out_dir, formats))
      std::cerr << "wrote " << path << "\n";
  }
  std::cout << summary["claims"].get<std::size_t>() << " claims:";
  for (const char* v : {"proved", "verified", "passed", "refuted", "inconclusive", "error"}) {
    const int n = summary["by_verdict"][v].get<int>();
    if (n != 0) std::cout << " " << n << " " << v << ",";
  }
  const int unexpected = summary["not_as_expected"].get<int>();
  std::cout << " " << unexpected << " not as expected";
  if (const int undecided = summary["undecided"].get<int>(); undecided != 0) {
    std::cout << ", " << undecided << " under first check (undecided)";
  }
  std::cout << "\n";
  if (unexpected != 0) {
    for (const auto& r : report.results) {
      if (!r.as_expected()) {
        std::cout << "  not as expected: " << terminal_text(r.claim.id) << ": "
                  << to_string(r.outcome.verdict) << ", expected "
                  << to_string(r.claim.expected_verdict) << "\n";
      }
    }
  }
  if (!load_faults.empty()) {
    std::cerr << "verify: error: " << load_faults.size()
              << " claim(s) did not load (reported as error; --keep-going)\n";
    return 2;
  }
  return unexpected == 0 ? 0 : 1;
}

}  // namespace igv::cli
