// verify show: one claim in full (runs it, or reads it from --report).
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

namespace {

/// A claim of a report as `verify show` prints it. Every field is read with at(): a missing or
/// mistyped field throws before anything is printed (the caller renders into a string first).
void render_claim(const nlohmann::json& j, const std::string& format, std::ostream& out) {
  if (format == "json") {
    out << j.dump(2) << "\n";
    return;
  }
  // Every text of the claim on its one line (terminal_text): a line break in a title or a
  // statement never starts a line of its own ("verdict: proved").
  const auto text = [](const nlohmann::json& v) { return terminal_text(v.get<std::string>()); };
  const auto& source = j.at("source");
  out << text(j.at("id")) << "\n"
      << "  source:    " << text(source.at("document")) << " — "
      << terminal_text(source.value("title", "")) << ", " << text(source.at("locator")) << "\n"
      << "  statement: " << text(j.at("statement")) << "\n";
  if (j.contains("reading")) out << "  reading:   " << text(j.at("reading")) << "\n";
  out << "  verdict:   " << text(j.at("verdict")) << " (expected " << text(j.at("expected_verdict"))
      << ")\n"
      << "  summary:   " << terminal_text(j.value("summary", "")) << "\n"
      << "  evidence:  " << j.at("evidence").dump(2) << "\n";
  const auto counterexample = j.value("counterexample", nlohmann::json());
  if (!counterexample.is_null()) {
    // A random (RapidCheck) counterexample carries its seed and RC_PARAMS; a deterministic one
    // is the least in its documented order and needs no seed to reproduce.
    if (counterexample.is_object() && counterexample.contains("reproduce")) {
      out << "  counterexample (random; " << text(counterexample.at("reproduce"))
          << "): " << counterexample.dump(2) << "\n";
    } else {
      out << "  counterexample (deterministic): " << counterexample.dump(2) << "\n";
    }
  }
}

}  // namespace

int cmd_show(const std::vector<std::string>& args) {
  po::options_description opts("verify show options");
  add_run_options(opts);
  add_format_option(opts, "text", "text or json");
  opts.add_options()("report", po::value<std::string>(),
                     "show the claim from this report.json instead of running it")(
      "claim", po::value<std::vector<std::string>>(), "claim id");
  po::positional_options_description pos;
  pos.add("claim", -1);
  const auto p = parse(args, opts, pos, "verify show CLAIM [--report report.json] [options]");
  if (p.help) return 0;
  const auto ids = positional(p.vm, "claim");
  if (ids.size() != 1) throw InputError("verify show takes exactly one claim id");
  const auto format = formats_from(p.vm, {"text", "json"});
  nlohmann::json j;
  if (p.vm.count("report") != 0U) {
    const auto path = p.vm["report"].as<std::string>();
    const nlohmann::json report = read_report(path);
    for (const auto& c : report["claims"]) {
      if (c.value("id", "") == ids[0]) j = c;
    }
    if (j.is_null()) throw InputError("claim '" + ids[0] + "' is not in report '" + path + "'");
  } else {
    const RunOptions options = run_options_from(p.vm);
    const auto all = load_claims_files(claims_files_from(p.vm));
    const auto it =
        std::find_if(all.begin(), all.end(), [&](const Claim& c) { return c.id == ids[0]; });
    if (it == all.end()) throw InputError("no claim with id '" + ids[0] + "' (see `verify list`)");
    j = claim_result_to_json(run_claims({*it}, options).front());
  }
  // The whole text is rendered before anything is printed: a record that lacks a field is one
  // error line, never half a record followed by an error.
  std::ostringstream os;
  try {
    render_claim(j, format.front(), os);
  } catch (const nlohmann::json::exception& e) {
    throw InputError("claim '" + ids[0] + "' of the report lacks a field or has one of the wrong " +
                     "type: " + e.what());
  }
  std::cout << os.str();
  return j.at("verdict") == j.at("expected_verdict") || j.at("expected_verdict") == "undecided" ? 0
                                                                                                : 1;
}

}  // namespace igv::cli
