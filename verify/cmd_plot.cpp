// verify plot: a standalone SVG picture of any game's values (reports/base/game_plot.h), computed
// through the generic value path (GameKernels / game_values: the family's preferred kernel, the
// reference kernel recomputing the leading positions). The drawing itself is
// reports/base/plots.cpp.
//
// What is drawn depends on the positions the family takes: a sequence G(n) when it takes "0" or
// "1" (with the proved period marked when the family proves one within --time-limit), a grid
// G(x, y) when it takes "x,y", P/N colours for families whose values are outcomes, Chomp's
// P-positions of 3-row boards, every board of an SOS strip.
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <optional>

#include "core/base/trusted/errors.h"
#include "core/base/trusted/limits.h"
#include "core/base/trusted/position.h"
#include "properties/base/game_values.h"
#include "reports/base/game_plot.h"
#include "reports/base/report.h"
#include "verify/cli.h"

namespace po = boost::program_options;

namespace igv::cli {

namespace {

/// The most seconds the proof of a period may take.
constexpr double kPeriodProofSeconds = 30;

/// The family's proved period within the limits, or nullopt (no notion of period, a limit reached
/// first, or an answer this picture cannot use); `why` receives the reason for none.
std::optional<PlotPeriod> proved_period(const GameInstance& game, double seconds,
                                        std::uint64_t memory_limit, std::string& why) {
  PeriodRequest request;
  request.summary_only = true;  // only the numbers are used
  request.limits.memory_bytes = std::uint64_t{1} << 30;
  if (memory_limit != 0)
    request.limits.memory_bytes = std::min(request.limits.memory_bytes, memory_limit / 2);
  const auto phys = physical_memory_bytes();
  if (phys != 0) request.limits.memory_bytes = std::min(request.limits.memory_bytes, phys / 3);
  if (seconds > 0) {
    request.limits.deadline = std::chrono::steady_clock::now() +
                              std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                  std::chrono::duration<double>(seconds));
  }
  PeriodAnswer answer;
  try {
    answer = game.period_limited(request);
  } catch (const InputError& e) {
    why = "no period: " + std::string(e.what());
    return std::nullopt;
  } catch (const BudgetExceeded& e) {
    why = "period not proved within the limits: " + std::string(e.what());
    return std::nullopt;
  }
  PlotPeriod p;
  p.preperiod = answer.preperiod;
  p.period = answer.period;
  p.saltus = answer.saltus;
  return p;
}

}  // namespace

int cmd_plot(const std::vector<std::string>& args) {
  po::options_description opts("verify plot options");
  opts.add_options()("out", po::value<std::string>(), "the SVG file to write (required)")(
      "kernel", po::value<std::string>(),
      "the kernel the values come from (`verify kernels`; default: the family's preferred one)")(
      "check", po::value<std::string>()->default_value("300"),
      "how many leading positions the reference (naive) kernel recomputes; a disagreement is "
      "an error (exit 1)")("args", po::value<std::vector<std::string>>(), "GAME [RANGE]");
  add_command_limit_options(opts, "the command", "the computation",
                            ". The proof of a period may take half of it, at most 30 s, before "
                            "the picture is drawn without one");
  po::positional_options_description pos;
  pos.add("args", -1);
  const auto p = parse(
      args, opts, pos,
      "verify plot GAME [RANGE] --out FILE.svg [--kernel NAME] [--check N] "
      "[--time-limit S] [--memory-limit M]\n\nRANGE a..b (or N for 0..N): n for games of one heap "
      "(default: the proved preperiod and two periods after it, else 0..200; a long sequence "
      "is drawn in bins, at most " +
          std::to_string(kMaxSequenceValues) +
          " values), x and y for games of two (default 0..31), the largest "
          "row a for chomp (default 0..60); at most " +
          std::to_string(kMaxPlotCells) + " cells");
  if (p.help) return 0;
  const auto rest = positional(p.vm, "args");
  if (rest.empty() || rest.size() > 2) {
    throw InputError(
        "verify plot takes GAME and an optional RANGE a..b, e.g. `verify plot "
        "octal:0.07 0..200 --out kayles.svg`");
  }
  if (p.vm.count("out") == 0U) throw InputError("verify plot: --out FILE.svg is required");
  const auto out = p.vm["out"].as<std::string>();
  {
    namespace fs = std::filesystem;
    const fs::path target(out);
    const fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
    std::error_code ec;
    if (out.empty() || target.filename().empty() || fs::is_directory(target, ec)) {
      throw InputError("--out '" + out + "': expected a file name");
    }
    if (!fs::is_directory(dir, ec)) {
      throw InputError("--out '" + out + "': the folder '" + dir.string() + "' does not exist");
    }
    // Only a regular file is replaced (atomic_write refuses the rest too, but only after the
    // computation): a link, a pipe or a device node is refused before anything runs.
    const auto st = fs::symlink_status(target, ec);
    if (!ec && fs::exists(st) && !fs::is_regular_file(st)) {
      throw InputError("--out '" + out + "': it exists and is not a regular file");
    }
  }
  const CommandLimits limits = command_limits_from(p.vm);
  // The period proof's share of the time: half of the limit, at most 30 s.
  const double period_seconds =
      limits.seconds > 0 ? std::min(kPeriodProofSeconds, limits.seconds / 2) : kPeriodProofSeconds;
  const auto check = static_cast<std::size_t>(
      parse_int_in_range(p.vm["check"].as<std::string>(), "--check", 0, 1'000'000));
  PlotRange plot_range;
  const bool has_range = rest.size() == 2;
  if (has_range) plot_range = parse_plot_range(rest[1]);
  // Computed, drawn and written in a child process under the limits (run_limited).
  return run_limited(
      "plot", limits,
      [&]() -> int {
        const auto gk = GameKernels::make(
            rest[0], p.vm.count("kernel") ? p.vm["kernel"].as<std::string>() : std::string());
        const GameInstance& game = *gk.game;
        const std::string spec = game.spec();
        GamePlotRequest request;
        if (has_range) request.range = plot_range;
        request.check = check;
        request.period = [&game, period_seconds, &limits](std::string& why) {
          return proved_period(game, period_seconds, limits.memory_bytes, why);
        };
        GamePlot plot;
        try {
          plot = plot_game(gk, request);
        } catch (const std::logic_error& e) {
          std::cerr << "verify: kernel disagreement: " << e.what() << "\n";
          return 1;
        }
        const std::string& svg = plot.svg;
        const std::string& summary = plot.summary;
        try {
          atomic_write(out, svg);
        } catch (const std::runtime_error& e) {
          throw InputError(e.what());
        }
        std::cout << "wrote " << out << ": " << spec << ", " << summary << " (kernel "
                  << gk.kernel->name << ")\n";
        return 0;
      },
      out);
}

}  // namespace igv::cli
