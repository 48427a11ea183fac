// verify games | checkers | kernels: what the harness knows.
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
#include "core/base/trusted/errors.h"
#include "properties/base/checker.h"
#include "properties/base/claims_file.h"
#include "properties/base/runner.h"
#include "properties/kernels/cross_check.h"
#include "reports/base/report.h"
#include "reports/base/report_tools.h"
#include "verify/cli.h"

namespace po = boost::program_options;

namespace igv::cli {

namespace {

/// `verify checkers NAME [--format text|json]`: the schema, what the checker establishes, and a
/// complete example claim that loads.
int describe_checker(const std::vector<std::string>& args) {
  std::string name;
  std::string format = "text";
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--format" && i + 1 < args.size()) {
      format = args[++i];
    } else if (args[i].rfind("--format=", 0) == 0) {
      format = args[i].substr(9);
    } else if (!args[i].empty() && args[i][0] == '-') {
      throw InputError("verify checkers: unknown option '" + args[i] + "'");
    } else if (name.empty()) {
      name = args[i];
    } else {
      throw InputError("verify checkers takes one checker name");
    }
  }
  format = split_formats(format, {"text", "json"}).front();
  const CheckerInfo* c = find_checker(name);
  if (c == nullptr) {
    throw InputError("no checker named '" + name + "' (see `verify checkers`)");
  }
  if (format == "json") {
    nlohmann::json j = schema_json(c->schema);
    j["name"] = c->name;
    j["description"] = c->description;
    j["example_claim"] = example_claim_toml(c->name, c->schema);
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << schema_text(c->name, c->description, c->schema);
  }
  return 0;
}

}  // namespace

int cmd_catalogue(const std::string& what, const std::vector<std::string>& args) {
  if (std::ranges::any_of(args, [](const std::string& a) { return a == "--help" || a == "-h"; })) {
    if (what == "games") {
      std::cout << "usage: verify games\n\nThe game families: name, what the game is, the "
                   "syntax of its GAME spec and of a POSITION.\n";
    } else if (what == "checkers") {
      std::cout << "usage: verify checkers [NAME [--format text|json]]\n\nWithout NAME: the "
                   "checkers a claim can name, one a line. With NAME: the checker's parameters, "
                   "what it establishes and an example claim that loads.\n";
    } else {
      std::cout << "usage: verify kernels\n\nThe kernels that compute values: family, name, "
                   "whether it is the reference, description (`verify cross-check GAME "
                   "--kernels A,B` compares them).\n";
    }
    return 0;
  }
  if (what == "checkers" && !args.empty()) {
    return describe_checker(args);
  }
  if (!args.empty()) {
    throw InputError("verify " + what + " takes no arguments");
  }
  if (what == "games") {
    for (const auto* f : game_families()) {
      std::cout << std::left << std::setw(20) << f->name << " " << f->summary << "\n"
                << std::setw(20) << ""
                << " spec: " << f->spec_syntax << "; position: " << f->position_syntax << "\n";
    }
  } else if (what == "checkers") {
    for (const auto* c : checkers())
      std::cout << std::left << std::setw(36) << c->name << " " << c->description << "\n";
  } else {
    for (const auto* k : kernels()) {
      std::cout << std::left << std::setw(20) << k->family << " " << std::setw(16) << k->name
                << (k->reference ? " reference " : "           ") << k->description << "\n";
    }
  }
  return 0;
}

}  // namespace igv::cli
