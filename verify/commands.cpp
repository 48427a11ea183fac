// The sub-commands of `verify`. Options are parsed with Boost.Program_options; every input
// error is an InputError (one line, exit 2), raised before anything is written.
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

#include "core/errors.h"
#include "core/game_family.h"
#include "core/kernel_registry.h"
#include "properties/claims_file.h"
#include "properties/cross_check.h"
#include "properties/runner.h"
#include "reports/report.h"
#include "reports/report_tools.h"
#include "verify/cli.h"

namespace po = boost::program_options;

namespace igv::cli {

namespace {

struct Parsed {
  po::variables_map vm;
  bool help = false;
};

Parsed parse(const std::vector<std::string>& args, po::options_description& opts,
             const po::positional_options_description& pos, const std::string& usage) {
  opts.add_options()("help,h", "this help");
  Parsed p;
  po::store(po::command_line_parser(args).options(opts).positional(pos).run(), p.vm);
  po::notify(p.vm);
  if (p.vm.count("help") != 0U) {
    std::cout << "usage: " << usage << "\n\n" << opts << "\n";
    p.help = true;
  }
  return p;
}

std::vector<std::string> positional(const po::variables_map& vm, const char* name) {
  if (vm.count(name) == 0U) return {};
  return vm[name].as<std::vector<std::string>>();
}

std::vector<std::string> claims_files_from(const po::variables_map& vm) {
  auto files = positional(vm, "claims");
  return files.empty() ? default_claims_files() : files;
}

std::uint64_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
}

void add_run_options(po::options_description& opts) {
  opts.add_options()(
      "claims", po::value<std::vector<std::string>>()->composing(),
      "a claims file to load instead of the shipped ones (properties/claims/*.toml); repeatable")(
      "budget", po::value<double>()->default_value(1.0, "1"),
      "scale of every checker's domains: 1 default, 0.1 quick, 10 a long evidence run")(
      "seed", po::value<std::uint64_t>()->default_value(1),
      "run seed (each claim derives its own)")(
      "jobs,j",
      po::value<unsigned>()->default_value(std::max(1U, std::thread::hardware_concurrency())),
      "claims checked at once (default: every core)")("random-cases",
                                                      po::value<int>()->default_value(1000),
                                                      "RapidCheck cases per property at budget 1")(
      "time-limit", po::value<double>()->default_value(0),
      "seconds per claim before it is inconclusive (0: none)")(
      "memory-limit", po::value<std::string>()->default_value("8G"),
      "memory per claim (K, M, G suffixes); larger computations are inconclusive");
}

RunOptions run_options_from(const po::variables_map& vm) {
  RunOptions o;
  o.budget = vm["budget"].as<double>();
  if (!(o.budget > 0) || o.budget > 1e6) {
    throw InputError("--budget must be a positive number (1 is the default), got " +
                     std::to_string(o.budget));
  }
  o.seed = vm["seed"].as<std::uint64_t>();
  o.jobs = vm["jobs"].as<unsigned>();
  if (o.jobs == 0 || o.jobs > 1024) throw InputError("--jobs must be between 1 and 1024");
  o.random_cases = vm["random-cases"].as<int>();
  if (o.random_cases <= 0) throw InputError("--random-cases must be positive");
  o.time_limit_seconds = vm["time-limit"].as<double>();
  if (o.time_limit_seconds < 0) throw InputError("--time-limit must not be negative");
  o.memory_limit_bytes = parse_size(vm["memory-limit"].as<std::string>(), "--memory-limit");
  const auto phys = physical_memory_bytes();
  if (phys != 0 && o.memory_limit_bytes > phys) {
    throw InputError("--memory-limit " + vm["memory-limit"].as<std::string>() +
                     " is more than this machine's memory (" + std::to_string(phys >> 20) +
                     " MiB)");
  }
  return o;
}

std::string verdict_cell(const ClaimResult& r) {
  std::string v(to_string(r.outcome.verdict));
  if (!r.as_expected()) v += " (expected " + std::string(to_string(r.claim.expected_verdict)) + ")";
  return v;
}

}  // namespace

std::vector<std::string> split_formats(const std::string& text,
                                       const std::vector<std::string>& known) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (std::find(known.begin(), known.end(), item) == known.end()) {
      std::string k;
      for (const auto& s : known) k += (k.empty() ? "" : ", ") + s;
      throw InputError("unknown format '" + item + "' (known: " + k + ")");
    }
    if (std::find(out.begin(), out.end(), item) == out.end()) out.push_back(item);
  }
  if (out.empty()) throw InputError("--format names no format");
  return out;
}

std::uint64_t parse_size(const std::string& text, const std::string& what) {
  if (text.empty()) throw InputError(what + ": empty size");
  std::size_t used = 0;
  double v = 0;
  try {
    v = std::stod(text, &used);
  } catch (const std::exception&) {
    throw InputError(what + ": '" + text + "' is not a size (e.g. 512M, 8G)");
  }
  std::string unit = text.substr(used);
  double mult = 1;
  if (unit == "K" || unit == "KiB" || unit == "k")
    mult = 1024.0;
  else if (unit == "M" || unit == "MiB")
    mult = 1024.0 * 1024;
  else if (unit == "G" || unit == "GiB")
    mult = 1024.0 * 1024 * 1024;
  else if (unit == "T" || unit == "TiB")
    mult = 1024.0 * 1024 * 1024 * 1024;
  else if (!unit.empty() && unit != "B")
    throw InputError(what + ": unknown unit in '" + text + "' (use K, M, G, T)");
  if (!(v > 0) || v * mult > 1.8e19)
    throw InputError(what + ": '" + text + "' is not a positive size");
  return static_cast<std::uint64_t>(v * mult);
}

// ---------------------------------------------------------------------------------------------
// verify run
// ---------------------------------------------------------------------------------------------
int cmd_run(const std::vector<std::string>& args) {
  po::options_description opts("verify run options");
  add_run_options(opts);
  opts.add_options()("out,o", po::value<std::string>(),
                     "write the report here (report.json, report.md, …)")(
      "format", po::value<std::string>()->default_value("json,md"),
      "report formats, comma-separated")("quiet,q",
                                         "no per-claim lines on stdout, only the closing summary")(
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
  const auto formats = split_formats(vm["format"].as<std::string>(), report_formats());
  const auto files = claims_files_from(vm);
  const auto specs = positional(vm, "spec");
  const auto selected = select_claims(load_claims_files(files), specs);
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
  std::string out_dir;
  if (vm.count("out") != 0U) {
    out_dir = vm["out"].as<std::string>();
    if (out_dir.empty()) throw InputError("--out names no folder");
    std::error_code ec;
    if (std::filesystem::exists(out_dir, ec) && !std::filesystem::is_directory(out_dir, ec)) {
      throw InputError("--out '" + out_dir + "' exists and is not a folder");
    }
  }

  const bool quiet = vm.count("quiet") != 0U;
  const bool tty = isatty(STDERR_FILENO) != 0;
  const auto progress = [&](std::size_t done, std::size_t total, const ClaimResult& r) {
    if (!quiet) {
      std::cout << std::left << std::setw(14) << verdict_cell(r) << " " << r.claim.id << "  ("
                << std::fixed << std::setprecision(2) << r.seconds << " s) " << r.outcome.summary
                << "\n"
                << std::flush;
    }
    if (tty) std::cerr << "\r[" << done << "/" << total << "] " << std::flush;
  };
  Report report;
  report.context = make_context(options, specs, files);
  if (!shard.empty()) report.context["shard"] = shard;
  report.results = run_claims(claims, options, progress);
  for (std::size_t i = 0; i < report.results.size(); ++i) report.results[i].position = positions[i];
  if (tty) std::cerr << "\r" << std::string(20, ' ') << "\r";

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
  std::cout << " " << unexpected << " not as expected\n";
  if (unexpected != 0) {
    for (const auto& r : report.results) {
      if (!r.as_expected()) {
        std::cout << "  not as expected: " << r.claim.id << ": " << to_string(r.outcome.verdict)
                  << ", expected " << to_string(r.claim.expected_verdict) << "\n";
      }
    }
  }
  return unexpected == 0 ? 0 : 1;
}

// ---------------------------------------------------------------------------------------------
// verify list / show
// ---------------------------------------------------------------------------------------------
int cmd_list(const std::vector<std::string>& args) {
  po::options_description opts("verify list options");
  opts.add_options()("claims", po::value<std::vector<std::string>>()->composing(),
                     "a claims file instead of the shipped ones; repeatable")(
      "format", po::value<std::string>()->default_value("text"), "text or json")(
      "spec", po::value<std::vector<std::string>>(), "claim selection");
  po::positional_options_description pos;
  pos.add("spec", -1);
  const auto p = parse(args, opts, pos, "verify list [SPEC…] [--format text|json]");
  if (p.help) return 0;
  const auto format = split_formats(p.vm["format"].as<std::string>(), {"text", "json"});
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
    for (const auto& t : c.tags) tags += (tags.empty() ? "" : ",") + t;
    std::cout << std::left << std::setw(44) << c.id << " " << std::setw(12)
              << to_string(c.expected_verdict) << " " << c.document << " " << c.locator << " ["
              << tags << "]\n";
  }
  std::cout << claims.size() << " claims\n";
  return 0;
}

int cmd_show(const std::vector<std::string>& args) {
  po::options_description opts("verify show options");
  add_run_options(opts);
  opts.add_options()("report", po::value<std::string>(),
                     "show the claim from this report.json instead of running it")(
      "format", po::value<std::string>()->default_value("text"), "text or json")(
      "claim", po::value<std::vector<std::string>>(), "claim id");
  po::positional_options_description pos;
  pos.add("claim", -1);
  const auto p = parse(args, opts, pos, "verify show CLAIM [--report report.json] [options]");
  if (p.help) return 0;
  const auto ids = positional(p.vm, "claim");
  if (ids.size() != 1) throw InputError("verify show takes exactly one claim id");
  const auto format = split_formats(p.vm["format"].as<std::string>(), {"text", "json"});
  nlohmann::json j;
  if (p.vm.count("report") != 0U) {
    const auto path = p.vm["report"].as<std::string>();
    std::ifstream in(path);
    if (!in) throw InputError("cannot read report '" + path + "'");
    nlohmann::json report;
    try {
      report = nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception& e) {
      throw InputError("report '" + path + "' is not valid JSON: " + e.what());
    }
    if (!report.contains("claims") || !report["claims"].is_array()) {
      throw InputError("report '" + path + "' has no 'claims' list");
    }
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
    j = claim_result_to_json(run_claim(*it, options));
  }
  if (format.front() == "json") {
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << j["id"].get<std::string>() << "\n"
              << "  source:    " << j["source"]["document"].get<std::string>() << " — "
              << j["source"].value("title", "") << ", " << j["source"]["locator"].get<std::string>()
              << "\n"
              << "  statement: " << j["statement"].get<std::string>() << "\n";
    if (j.contains("reading"))
      std::cout << "  reading:   " << j["reading"].get<std::string>() << "\n";
    std::cout << "  verdict:   " << j["verdict"].get<std::string>() << " (expected "
              << j["expected_verdict"].get<std::string>() << ")\n"
              << "  summary:   " << j.value("summary", "") << "\n"
              << "  evidence:  " << j["evidence"].dump(2) << "\n";
    if (!j["counterexample"].is_null()) {
      std::cout << "  counterexample (seed " << j["seed"].dump()
                << "): " << j["counterexample"].dump(2) << "\n";
    }
  }
  return j["verdict"] == j["expected_verdict"] ? 0 : 1;
}

// ---------------------------------------------------------------------------------------------
// verify value / period / games / checkers / kernels
// ---------------------------------------------------------------------------------------------
int cmd_value(const std::vector<std::string>& args) {
  po::options_description opts("verify value options");
  opts.add_options()("format", po::value<std::string>()->default_value("text"), "text or json")(
      "args", po::value<std::vector<std::string>>(), "GAME POSITION");
  po::positional_options_description pos;
  pos.add("args", -1);
  const auto p = parse(args, opts, pos, "verify value GAME POSITION [--format text|json]");
  if (p.help) return 0;
  const auto rest = positional(p.vm, "args");
  if (rest.size() != 2)
    throw InputError("verify value takes GAME and POSITION, e.g. `verify value nim 3,5,6`");
  const auto format = split_formats(p.vm["format"].as<std::string>(), {"text", "json"});
  const auto game = make_game(rest[0]);
  const auto position = game->parse_position(rest[1]);
  const auto j = game->value(position);
  if (format.front() == "json") {
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  std::cout << "game:          " << j.value("game", rest[0]) << "\n"
            << "position:      " << j.value("position", rest[1]) << "\n";
  if (j.contains("value")) std::cout << "value:         " << j["value"].dump() << "\n";
  if (j.contains("outcome"))
    std::cout << "outcome:       " << j["outcome"].get<std::string>() << "\n";
  if (j.contains("winning_moves")) {
    std::cout << "winning moves: ";
    if (j["winning_moves"].empty()) std::cout << "none (a P-position: every move loses)";
    bool first = true;
    for (const auto& m : j["winning_moves"]) {
      std::cout << (first ? "" : "; ") << (m.is_string() ? m.get<std::string>() : m.dump());
      first = false;
    }
    std::cout << "\n";
  }
  if (j.contains("kernel"))
    std::cout << "kernel:        " << j["kernel"].get<std::string>() << "\n";
  if (j.contains("how")) std::cout << "how:           " << j["how"].get<std::string>() << "\n";
  return 0;
}

int cmd_period(const std::vector<std::string>& args) {
  po::options_description opts("verify period options");
  opts.add_options()("format", po::value<std::string>()->default_value("text"), "text or json")(
      "game", po::value<std::vector<std::string>>(), "GAME");
  po::positional_options_description pos;
  pos.add("game", -1);
  const auto p = parse(args, opts, pos, "verify period GAME [--format text|json]");
  if (p.help) return 0;
  const auto rest = positional(p.vm, "game");
  if (rest.size() != 1)
    throw InputError("verify period takes one GAME, e.g. `verify period octal:0.07`");
  const auto format = split_formats(p.vm["format"].as<std::string>(), {"text", "json"});
  const auto j = make_game(rest[0])->period();
  if (format.front() == "json") {
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  std::cout << "game:       " << j.value("game", rest[0]) << "\n"
            << "preperiod:  " << j["preperiod"].dump() << "\n"
            << "period:     " << j["period"].dump() << "\n"
            << "saltus:     " << j.value("saltus", nlohmann::json(0)).dump() << "\n";
  if (j.contains("certificate")) std::cout << "certificate: " << j["certificate"].dump(2) << "\n";
  return 0;
}

int cmd_cross_check(const std::vector<std::string>& args) {
  po::options_description opts("verify cross-check options");
  opts.add_options()("kernels", po::value<std::string>(),
                     "comma list; the first is the baseline (default: the family's reference, then "
                     "every other kernel)")("range", po::value<std::int64_t>()->default_value(12),
                                            "exhaustive domain size (the family's domain(range))")(
      "cases", po::value<int>()->default_value(200),
      "RapidCheck cases on random positions beyond the range")(
      "seed", po::value<std::uint64_t>()->default_value(1), "RapidCheck seed")(
      "format", po::value<std::string>()->default_value("text"), "text or json")(
      "game", po::value<std::vector<std::string>>(), "GAME");
  po::positional_options_description pos;
  pos.add("game", -1);
  const auto p =
      parse(args, opts, pos,
            "verify cross-check GAME [--kernels A,B] [--range N] [--cases N] [--seed S]");
  if (p.help) return 0;
  const auto rest = positional(p.vm, "game");
  if (rest.size() != 1)
    throw InputError(
        "verify cross-check takes one GAME, e.g. `verify cross-check subtraction:1,3,4`");
  const auto format = split_formats(p.vm["format"].as<std::string>(), {"text", "json"});
  const auto game = make_game(rest[0]);
  const std::string family = rest[0].substr(0, rest[0].find(':'));
  std::vector<const Kernel*> ks;
  if (p.vm.count("kernels") != 0U) {
    std::stringstream ss(p.vm["kernels"].as<std::string>());
    std::string name;
    while (std::getline(ss, name, ',')) ks.push_back(&find_kernel(family, name));
  } else {
    ks = kernels(family);
  }
  if (ks.size() < 2)
    throw InputError("cross-check needs two kernels; family '" + family + "' has " +
                     std::to_string(ks.size()));
  CrossCheckOptions options;
  options.range = p.vm["range"].as<std::int64_t>();
  if (options.range < 0) throw InputError("--range must not be negative");
  options.random_cases = p.vm["cases"].as<int>();
  if (options.random_cases < 0) throw InputError("--cases must not be negative");
  options.seed = p.vm["seed"].as<std::uint64_t>();
  const auto result = cross_check(*game, ks, options);
  if (format.front() == "json") {
    std::cout << result.to_json().dump(2) << "\n";
  } else {
    std::cout << "game:      " << result.game << "\n"
              << "checked:   " << result.exhaustive_positions << " positions (range "
              << options.range << "), " << result.random_cases << " random positions beyond (seed "
              << options.seed << ")\n"
              << "timing on the exhaustive range:\n";
    for (std::size_t i = 0; i < result.kernels.size(); ++i) {
      std::cout << "  " << std::left << std::setw(16) << result.kernels[i] << std::fixed
                << std::setprecision(4) << result.seconds[i] << " s  (x" << std::setprecision(3)
                << (result.seconds[0] > 0 ? result.seconds[i] / result.seconds[0] : 0.0) << " of "
                << result.kernels[0] << ")\n";
    }
    std::cout << (result.agree()
                      ? "agree:     yes\n"
                      : "agree:     NO\ndisagreement: " + result.disagreement.dump(2) + "\n");
  }
  return result.agree() ? 0 : 1;
}

int cmd_check_certificate(const std::vector<std::string>& args) {
  po::options_description opts("verify check-certificate options");
  opts.add_options()("format", po::value<std::string>()->default_value("text"), "text or json")(
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
  std::ifstream in(files[0]);
  if (!in) throw InputError("cannot read certificate '" + files[0] + "'");
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object())
    throw InputError("certificate '" + files[0] + "' is not a JSON object");
  if (!j.contains("game") || !j["game"].is_string())
    throw InputError("certificate '" + files[0] + "' names no game");
  const auto verdict = make_game(j["game"].get<std::string>())->check_certificate(j);
  const bool accepted = verdict.value("accepted", false);
  if (format.front() == "json") {
    std::cout << verdict.dump(2) << "\n";
  } else {
    std::cout << (accepted ? "s VERIFIED" : "s NOT VERIFIED") << "\n"
              << verdict.value("reason", "") << "\n";
  }
  return accepted ? 0 : 1;
}

int cmd_merge(const std::vector<std::string>& args) {
  po::options_description opts("verify merge options");
  opts.add_options()("out,o", po::value<std::string>(), "write the merged report here")(
      "format", po::value<std::string>()->default_value("json,md"),
      "report formats, comma-separated")("reports", po::value<std::vector<std::string>>(),
                                         "shard reports (report.json of each shard)");
  po::positional_options_description pos;
  pos.add("reports", -1);
  const auto p = parse(args, opts, pos, "verify merge SHARD.json… --out DIR [--format json,md,…]");
  if (p.help) return 0;
  const auto paths = positional(p.vm, "reports");
  if (paths.empty()) throw InputError("verify merge takes the shard reports to join");
  if (p.vm.count("out") == 0U) throw InputError("verify merge needs --out DIR");
  const auto formats = split_formats(p.vm["format"].as<std::string>(), report_formats());
  std::vector<nlohmann::json> shards;
  for (const auto& path : paths) shards.push_back(read_report(path));
  const Report report = report_from_json(merge_reports(shards));
  for (const auto& path : write_report(report, p.vm["out"].as<std::string>(), formats))
    std::cerr << "wrote " << path << "\n";
  const auto summary = report_summary(report.results);
  std::cout << summary["claims"].get<std::size_t>() << " claims merged from " << shards.size()
            << " shards, " << summary["not_as_expected"].get<int>() << " not as expected\n";
  return summary["not_as_expected"].get<int>() == 0 ? 0 : 1;
}

int cmd_diff(const std::vector<std::string>& args) {
  po::options_description opts("verify diff options");
  opts.add_options()("format", po::value<std::string>()->default_value("text"), "text or json")(
      "timing-ratio", po::value<double>()->default_value(2.0),
      "report a claim's time when it changed by more than this factor")(
      "timing-floor", po::value<double>()->default_value(0.5),
      "… and one of the two times is at least this many seconds")(
      "reports", po::value<std::vector<std::string>>(), "OLD.json NEW.json");
  po::positional_options_description pos;
  pos.add("reports", -1);
  const auto p = parse(args, opts, pos, "verify diff OLD.json NEW.json [--format text|json]");
  if (p.help) return 0;
  const auto paths = positional(p.vm, "reports");
  if (paths.size() != 2) throw InputError("verify diff takes two reports, OLD.json and NEW.json");
  const auto format = split_formats(p.vm["format"].as<std::string>(), {"text", "json"});
  const auto d = diff_reports(read_report(paths[0]), read_report(paths[1]),
                              p.vm["timing-ratio"].as<double>(), p.vm["timing-floor"].as<double>());
  if (format.front() == "json") {
    std::cout << nlohmann::json{{"changes", d.changes}, {"worse", d.worse}}.dump(2) << "\n";
  } else {
    std::cout << d.to_text();
  }
  return d.worse == 0 ? 0 : 1;
}

int cmd_catalogue(const std::string& what, const std::vector<std::string>& args) {
  if (!args.empty() && args[0] != "--help" && args[0] != "-h") {
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
