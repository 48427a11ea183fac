// verify migrate: a claims file of an earlier format rewritten in the current one, in place
// (properties/CLAIMS.md, "Format versions").
#include <boost/program_options.hpp>
#include <iostream>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/json_input.h"
#include "properties/base/claims_file.h"
#include "reports/base/report.h"
#include "verify/cli.h"

namespace po = boost::program_options;

namespace igv::cli {

int cmd_migrate(const std::vector<std::string>& args) {
  po::options_description opts("verify migrate options");
  opts.add_options()("dry-run,n", "print the rewritten file on stdout instead of writing it")(
      "file", po::value<std::vector<std::string>>(), "the claims file");
  po::positional_options_description pos;
  pos.add("file", -1);
  const auto p = parse(args, opts, pos, "verify migrate FILE [--dry-run]");
  if (p.help) return 0;
  if (p.vm.count("file") == 0U) throw InputError("verify migrate: name the claims file");
  const auto files = p.vm["file"].as<std::vector<std::string>>();
  if (files.size() != 1U) throw InputError("verify migrate takes one claims file");
  const std::string path = files.front();
  const std::string text = read_input_file(path, "claims file '" + path + "'");
  std::vector<std::string> changes;
  const std::string out = migrate_claims_text(text, path, &changes);
  if (p.vm.count("dry-run") != 0U) {
    std::cout << out;
    if (!out.empty() && out.back() != '\n') std::cout << "\n";
  } else {
    atomic_write(path, out);
  }
  for (const auto& c : changes) std::cerr << "migrated " << path << ": " << c << "\n";
  return 0;
}

}  // namespace igv::cli
