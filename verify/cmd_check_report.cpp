// verify check-report: re-check every proved claim of a report folder from the folder alone.
#include <boost/program_options.hpp>
#include <iostream>

#include "core/base/trusted/errors.h"
#include "reports/base/report_recheck.h"
#include "verify/cli.h"

namespace po = boost::program_options;

namespace igv::cli {

int cmd_check_report(const std::vector<std::string>& args) {
  po::options_description opts("verify check-report options");
  opts.add_options()("quiet,q", "no line per claim, only the closing count and the failures")(
      "dir", po::value<std::vector<std::string>>(), "DIR");
  add_command_limit_options(opts, "the re-check", "the re-check");
  po::positional_options_description pos;
  pos.add("dir", -1);
  const auto p = parse(args, opts, pos,
                       "verify check-report DIR (a folder written by `verify run --out DIR`)");
  if (p.help) return 0;
  const auto dirs = positional(p.vm, "dir");
  if (dirs.size() != 1) throw InputError("verify check-report takes one report folder");
  const bool quiet = p.vm.count("quiet") != 0U;
  const CommandLimits limits = command_limits_from(p.vm);
  return run_limited("check-report", limits, [&]() -> int {
    ProgressLine line("check-report");
    const auto each = [&](std::size_t done, std::size_t total, const RecheckedClaim& c) {
      if (!quiet || !c.accepted) {
        line.clear();
        std::cout << (c.accepted ? "accepted     " : "NOT ACCEPTED ") << c.id << "  (" << c.checker
                  << ", " << (c.certificate.empty() ? "no certificate" : c.certificate) << ") "
                  << one_line(c.reason) << "\n"
                  << std::flush;
      }
      line.count(done, total, "proved claims re-checked", !quiet);
    };
    const ReportRecheck r = recheck_report_folder(dirs[0], each);
    line.clear();
    std::cout << r.claims.size() << " proved claims, " << r.certificates
              << " certificate files: " << (r.claims.size() - r.failures()) << " accepted, "
              << r.failures() << " not accepted\n";
    for (const auto& c : r.claims) {
      if (!c.accepted)
        std::cout << "  not accepted: " << c.id << ": " << one_line(c.reason) << "\n";
    }
    return r.failures() == 0 ? 0 : 1;
  });
}

}  // namespace igv::cli
