// verify period: a proved preperiod, period and saltus, with the certificate.
#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
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
#include "core/base/trusted/errors.h"
#include "core/base/trusted/limits.h"
#include "core/base/trusted/memory_budget.h"
#include "properties/base/claims_file.h"
#include "properties/base/runner.h"
#include "properties/kernels/cross_check.h"
#include "reports/base/report.h"
#include "reports/base/report_tools.h"
#include "verify/cli.h"

namespace po = boost::program_options;

namespace igv::cli {

namespace {

/// Prints the inconclusive answer; returns its exit code, 3.
int print_inconclusive(const std::string& game, const std::string& format, const BudgetExceeded& e,
                       double elapsed, double time_limit, std::uint64_t memory_limit) {
  nlohmann::json reached = nlohmann::json::object();
  std::string limit = "budget";
  if (const auto* l = dynamic_cast<const LimitReached*>(&e)) {
    if (l->reached.is_object()) reached = l->reached;
    limit = l->limit;
  }
  reached["limit"] = limit;
  reached["seconds"] = std::round(elapsed * 100) / 100;
  reached["time_limit_seconds"] = time_limit;
  reached["memory_limit_bytes"] = memory_limit;
  const nlohmann::json j = {
      {"game", game}, {"verdict", "inconclusive"}, {"reason", e.what()}, {"reached", reached}};
  if (format == "json") {
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << "game:       " << game << "\n"
              << "verdict:    inconclusive\n"
              << "reason:     " << one_line(e.what()) << "\n"
              << "reached:    " << reached.dump() << "\n";
  }
  return 3;
}

/// The certificate file --certificate-out names: PATH when it ends in `.json`, else the folder
/// PATH (created if missing) with the game's name (its characters other than letters, digits and
/// `.,_-` replaced by `-`) and `.json`.
std::string certificate_out_path(const std::string& out, const std::string& spec) {
  namespace fs = std::filesystem;
  if (out.empty())
    throw InputError("--certificate-out needs a file name ending in .json or a folder");
  if (out.size() > 5 && out.ends_with(".json")) {
    const fs::path folder = fs::path(out).parent_path();
    if (!folder.empty() && !fs::is_directory(folder))
      throw InputError("--certificate-out: no folder '" + folder.string() + "'");
    return out;
  }
  std::error_code ec;
  fs::create_directories(out, ec);
  if (!fs::is_directory(out))
    throw InputError("--certificate-out: cannot create the folder '" + out + "'");
  std::string name = spec;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != ',' && c != '_' &&
        c != '-')
      c = '-';
  }
  return (fs::path(out) / (name + ".json")).string();
}

/// Writes the certificate atomically; when that fails, the values file already moved into place
/// beside it is removed (no partial output).
void save_certificate(const nlohmann::json& j, const std::string& path) {
  try {
    atomic_write(path, j.dump(2) + "\n");
  } catch (...) {
    if (j.contains("certificate") && j["certificate"].contains("values_file")) {
      std::error_code ec;
      std::filesystem::remove(std::filesystem::path(path).parent_path() /
                                  j["certificate"]["values_file"]["path"].get<std::string>(),
                              ec);
    }
    throw;
  }
}

/// The answer `verify period` prints (`--format json`; the text shows the same): the game, the
/// verdict, the checked numbers, one period of values, how the certificate was checked (its
/// checker, theorem and the checker's account) and the file it was saved to (null: not saved).
nlohmann::json period_summary(const std::string& game, const PeriodAnswer& answer,
                              const std::string& certificate_path) {
  const nlohmann::json& doc = answer.document;
  nlohmann::json out = {{"game", game},
                        {"verdict", "proved"},
                        {"preperiod", answer.preperiod},
                        {"period", answer.period},
                        {"saltus", answer.saltus}};
  if (const auto last = answer.last_exceptional_value()) out["last_exceptional_value"] = *last;
  if (doc.contains("convention")) out["convention"] = doc["convention"];
  if (doc.contains("block")) out["block"] = doc["block"];
  nlohmann::json how = nlohmann::json::object();
  const nlohmann::json cert = doc.value("certificate", nlohmann::json::object());
  for (const char* key : {"checker", "theorem"}) {
    if (cert.contains(key) && cert[key].is_string()) how[key] = cert[key];
  }
  // The checker's own account: the string the family recorded, else the accepted verdict's.
  how["checked"] = cert.contains("checked") && cert["checked"].is_string()
                       ? cert["checked"].get<std::string>()
                       : answer.verdict.reason();
  out["proved_by"] = how;
  out["certificate_file"] =
      certificate_path.empty() ? nlohmann::json(nullptr) : nlohmann::json(certificate_path);
  return out;
}

/// The options a family declares for `verify period` (PeriodOptions): the command refuses each
/// one the game's family does not declare.
const PeriodOptionDeclaration kBudget{&PeriodOptions::budget, "--budget",
                                      "search bound of its own to scale"};
const PeriodOptionDeclaration kCheckpoint{&PeriodOptions::checkpoint, "--checkpoint",
                                          "checkpoints"};
const PeriodOptionDeclaration kValuesFile{&PeriodOptions::values_file, "--binary-values",
                                          "binary values file"};

}  // namespace

int cmd_period(const std::vector<std::string>& args) {
  po::options_description opts("verify period options");
  add_format_option(opts, "text", "text or json");
  add_time_limit_option(opts, 600, "seconds before the answer is inconclusive (exit 3); 0: none");
  add_memory_limit_option(
      opts, "",
      "memory the search may hold (K, M, G suffixes; default two thirds of this machine's "
      "memory); a search that would need more is inconclusive (exit 3), at once when the need is "
      "known before computing");
  // Which games declare an option is in its help only (listing them makes every family).
  const auto declared = [&args](PeriodOptionField field) {
    return declared_period_option_help(field, args);
  };
  const std::string checkpoint_help =
      "DIR: write checkpoints of the search there (" + declared(&PeriodOptions::checkpoint) + ")";
  const std::string values_help =
      "put the values in a binary file beside the certificate even when they would fit the JSON "
      "(needs --certificate-out; " +
      declared(&PeriodOptions::values_file) + ")";
  opts.add_options()("checkpoint", po::value<std::string>(), checkpoint_help.c_str())(
      "resume", po::bool_switch(), "continue the search saved in --checkpoint DIR")(
      "checkpoint-every", po::value<std::int64_t>(),
      "steps of the search between two checkpoints (see --checkpoint)")(
      "certificate-out", po::value<std::string>(),
      "save the certificate (what `verify check-certificate` re-checks): PATH.json, or a folder "
      "(created if missing) that receives GAME.json; more than 2^20 values go to a binary "
      "file beside it, NAME.values")("binary-values", po::bool_switch(), values_help.c_str());
  add_budget_option(opts, "scales the search's own bound (" + declared(&PeriodOptions::budget) +
                              "); reaching it is inconclusive (exit 3)");
  opts.add_options()("game", po::value<std::vector<std::string>>(), "GAME");
  po::positional_options_description pos;
  pos.add("game", -1);
  const auto p =
      parse(args, opts, pos,
            "verify period GAME [--format text|json] [--time-limit S] "
            "[--memory-limit M] [--budget X] [--certificate-out PATH|DIR [--binary-values]] "
            "[--checkpoint DIR [--resume] [--checkpoint-every N]]\n\nexit 0 proved, 2 usage or "
            "input error, 3 "
            "inconclusive (a limit reached: the reason and what was reached)");
  if (p.help) return 0;
  const auto rest = positional(p.vm, "game");
  if (rest.size() != 1)
    throw InputError("verify period takes one GAME, e.g. `verify period octal:0.07`");
  const auto format = formats_from(p.vm, {"text", "json"});
  const double time_limit = time_limit_from(p.vm);
  const std::uint64_t memory_limit = memory_limit_from(p.vm, default_memory_limit());
  const double budget = budget_from(p.vm);
  const GameFamily& family = find_game_family(rest[0]);
  const auto game = make_game(rest[0]);
  const auto start = std::chrono::steady_clock::now();
  PeriodRequest request;
  request.limits.memory_bytes = memory_limit;
  set_memory_budget(memory_limit);  // the kernels' own needs (core/base/trusted/memory_budget.h)
  request.budget = budget;
  // Each option beyond the limits only where the family declares it (elsewhere it would be
  // silently ignored).
  if (!p.vm["budget"].defaulted()) require_period_option(family, game->spec(), kBudget);
  if (p.vm.count("checkpoint") != 0U) {
    require_period_option(family, game->spec(), kCheckpoint);
    CheckpointRequest checkpoint;
    checkpoint.folder = p.vm["checkpoint"].as<std::string>();
    if (checkpoint.folder.empty()) throw InputError("--checkpoint needs a folder");
    request.checkpoint = std::move(checkpoint);
  }
  if (p.vm["resume"].as<bool>()) {
    if (!request.checkpoint)
      throw InputError("--resume needs --checkpoint DIR (the folder of the run to continue)");
    request.checkpoint->resume = true;
  }
  if (p.vm.count("checkpoint-every") != 0U) {
    if (!request.checkpoint) throw InputError("--checkpoint-every needs --checkpoint DIR");
    request.checkpoint->every = p.vm["checkpoint-every"].as<std::int64_t>();
    if (request.checkpoint->every < 1 || request.checkpoint->every > (std::int64_t{1} << 40))
      throw InputError("--checkpoint-every must be a number of steps from 1 to 2^40");
  }
  if (p.vm.count("certificate-out") != 0U) {
    request.certificate_path =
        certificate_out_path(p.vm["certificate-out"].as<std::string>(), game->spec());
  }
  const bool binary_values = p.vm["binary-values"].as<bool>();
  // Without --certificate-out only the answer is printed: the family may leave the
  // certificate's bulk out of the document (it is checked all the same).
  request.summary_only = request.certificate_path.empty();
  if (binary_values && request.certificate_path.empty())
    throw InputError(
        "--binary-values needs --certificate-out PATH (the values file goes beside it)");
  if (binary_values) require_period_option(family, game->spec(), kValuesFile);
  // A family with a values file may put the values beside a saved certificate.
  if (!request.certificate_path.empty() && family.period_options.values_file)
    request.values_file = ValuesFileRequest{binary_values};
  // Progress only on a terminal: one line, rewritten in place, cleared at the end. A family that
  // counts its steps (octal: heaps; Frolov rows: columns) draws done/total and an ETA; while it
  // says nothing, the elapsed time against the time limit.
  ProgressLine line("period " + game->spec());
  std::optional<ProgressTicker> ticker;
  if (line.active()) {
    request.progress = [&line](const std::string& text) { line.text(text); };
    ticker.emplace(line, "searching", time_limit);
  }
  if (time_limit > 0) {
    request.limits.deadline =
        start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(time_limit));
  }
  PeriodAnswer answer;
  const auto clear_progress = [&] {
    ticker.reset();
    line.clear();
  };
  // A side file the search writes under a temporary name first: an interrupt removes it.
  struct Forget {
    bool active = false;
    ~Forget() {
      if (active) remove_on_interrupt("");
    }
  } forget;
  request.temporary_file = [&forget](const std::string& path) {
    remove_on_interrupt(path);
    forget.active = true;
  };
  try {
    answer = game->period_limited(request);
    clear_progress();
  } catch (const BudgetExceeded& e) {
    clear_progress();
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return print_inconclusive(game->spec(), format.front(), e, elapsed, time_limit, memory_limit);
  } catch (...) {
    clear_progress();
    throw;
  }
  // The certificate (the answer's document) goes to --certificate-out only; stdout gets the
  // answer: the checked numbers, how they were proved and where the certificate is.
  const nlohmann::json& doc = answer.document;
  if (!request.certificate_path.empty()) save_certificate(doc, request.certificate_path);
  const nlohmann::json out = period_summary(game->spec(), answer, request.certificate_path);
  if (format.front() == "json") {
    std::cout << out.dump(2) << "\n";
    return 0;
  }
  std::cout << "game:       " << game->spec() << "\n"
            << "verdict:    proved\n"
            << "preperiod:  " << answer.preperiod << "\n"
            << "period:     " << answer.period << "\n"
            << "saltus:     " << answer.saltus << "\n";
  if (out.contains("block")) {
    // One period of values from the preperiod on (at most kPeriodBlockCap in the JSON; the
    // text shows the first 40).
    const auto& block = out["block"];
    std::cout << "block:      ";
    for (std::size_t i = 0; i < block.size() && i < 40; ++i)
      std::cout << (i == 0 ? "" : " ") << block[i].dump();
    const std::int64_t period = answer.period;
    if (static_cast<std::int64_t>(block.size()) < period || block.size() > 40)
      std::cout << " … (" << period << " values in one period)";
    std::cout << "\n";
  }
  const auto& how = out["proved_by"];
  for (const char* key : {"checker", "theorem", "checked"}) {
    if (how.contains(key))
      std::cout << std::left << std::setw(12) << (std::string(key) + ":")
                << how[key].get<std::string>() << "\n";
  }
  if (request.certificate_path.empty()) {
    std::cout << "certificate: not saved (--certificate-out FILE.json saves it for `verify "
                 "check-certificate`)\n";
  } else {
    std::cout << "certificate: " << request.certificate_path << "\n";
  }
  return 0;
}

}  // namespace igv::cli
