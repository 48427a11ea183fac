// verify value: the value of a position and its winning moves.
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
#include "properties/base/claims_file.h"
#include "properties/base/game_values.h"
#include "properties/base/runner.h"
#include "properties/kernels/cross_check.h"
#include "properties/kernels/proved_values.h"
#include "reports/base/report.h"
#include "reports/base/report_tools.h"
#include "verify/cli.h"

namespace po = boost::program_options;

namespace igv::cli {

namespace {

/// The value (and winning moves) of `rest[1]` in the game `rest[0]`, printed; the exit code.
int value_of(const po::variables_map& vm, const std::vector<std::string>& rest,
             const std::vector<std::string>& format, const ValueRequest& request) {
  const auto game = make_game(rest[0]);
  const auto position = game->parse_position(rest[1]);
  if (vm.count("kernel") != 0U) {
    const auto gk = GameKernels::make(rest[0], vm["kernel"].as<std::string>());
    const std::vector<Position> one{position};
    const Value v = game_values(gk, one, 0).at(0);
    nlohmann::json k = {{"game", gk.game->spec()},
                        {"position", gk.game->format_position(position)},
                        {"kernel", gk.kernel->name},
                        {"how", gk.kernel->description}};
    if (gk.family->value_kind == ValueKind::outcome) {
      k["outcome"] = v == 0 ? "loss" : v == 1 ? "win" : "draw";
    } else {
      k["value"] = v;
    }
    if (format.front() == "json") {
      std::cout << k.dump(2) << "\n";
    } else {
      std::cout << "game:          " << k["game"].get<std::string>() << "\n"
                << "position:      " << k["position"].get<std::string>() << "\n"
                << (k.contains("value") ? "value:         " + k["value"].dump()
                                        : "outcome:       " + k["outcome"].get<std::string>())
                << "\nkernel:        " << gk.kernel->name << " (" << gk.kernel->description
                << ")\n";
    }
    return 0;
  }
  const ValueAnswer a = game->value_limited(position, request);
  // How the value is known: where the game's period is proved (the certificate accepted by the
  // checker library), the value is the proof's, and the kernel's must be the same.
  const std::string family = GameKernels::family_name(rest[0]);
  std::string known;
  bool proved = false;
  if (a.value && family_has_proved_heap_values(family)) {
    std::string why_not;
    std::int64_t top = 0;
    for (const auto h : position) top = std::max(top, h);
    const auto pr = proved_values_request_for(family, top);
    if (const auto proof = proved_values(*game, family, pr, &why_not)) {
      const Value v = proof->position(position);
      if (v != *a.value) {
        std::cerr << "verify: kernel disagreement: " << a.game << " at " << a.position
                  << ": kernel " << a.kernel << " gives " << *a.value << ", the proof " << v << " ("
                  << proof->how() << "); a bug of the harness, please report it\n";
        return 1;
      }
      known = proof->how();
      proved = true;
    } else {
      known = "kernel " + a.kernel + " alone (no period proved: " + why_not + ")";
    }
  } else if (a.value) {
    known = "kernel " + (a.kernel.empty() ? std::string("of the family") : a.kernel) +
            " alone (no period proof is used for this family)";
  }
  if (format.front() == "json") {
    auto j = to_json(a);
    if (!known.empty()) j["known"] = known, j["proved"] = proved;
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  std::cout << "game:          " << a.game << "\n"
            << "position:      " << a.position << "\n";
  if (a.value) std::cout << "value:         " << *a.value << "\n";
  if (a.value_not_computed) std::cout << "value:         null\n";
  if (a.outcome) std::cout << "outcome:       " << *a.outcome << "\n";
  if (a.winning_moves) {
    std::cout << "winning moves: ";
    const std::size_t count = a.winning_moves_total();
    if (count == 0) std::cout << "none (a P-position: every move loses)";
    bool first = true;
    for (const auto& m : *a.winning_moves) {
      std::cout << (first ? "" : "; ") << m;
      first = false;
    }
    if (count > a.winning_moves->size()) {
      std::cout << (first ? "" : "; ") << "… (" << a.winning_moves->size() << " of " << count
                << " listed; --max-moves N for more)";
    }
    std::cout << "\n";
  }
  if (!a.kernel.empty()) std::cout << "kernel:        " << a.kernel << "\n";
  if (!a.how.empty()) std::cout << "how:           " << a.how << "\n";
  if (!known.empty()) std::cout << "known:         " << known << "\n";
  return 0;
}

}  // namespace

int cmd_value(const std::vector<std::string>& args) {
  po::options_description opts("verify value options");
  add_format_option(opts, "text", "text or json");
  opts.add_options()(
      "max-moves", po::value<std::string>()->default_value("1000"),
      "list at most N winning moves (their number is always given); 0: the value alone")(
      "kernel", po::value<std::string>(),
      "the value by this kernel alone (`verify kernels`); winning moves need the family's own "
      "route and are not listed")("args", po::value<std::vector<std::string>>(), "GAME POSITION");
  add_command_limit_options(opts);
  po::positional_options_description pos;
  pos.add("args", -1);
  const auto p = parse(args, opts, pos,
                       "verify value GAME POSITION [--format text|json] [--max-moves N] "
                       "[--kernel NAME] [--time-limit S] [--memory-limit M]");
  if (p.help) return 0;
  const auto rest = positional(p.vm, "args");
  if (rest.size() != 2)
    throw InputError("verify value takes GAME and POSITION, e.g. `verify value nim 3,5,6`");
  const auto format = formats_from(p.vm, {"text", "json"});
  ValueRequest request;
  request.max_moves = static_cast<std::size_t>(
      parse_int_in_range(p.vm["max-moves"].as<std::string>(), "--max-moves", 0, 1'000'000));
  const CommandLimits limits = command_limits_from(p.vm);
  // Computed and printed in a child process under the limits (run_limited).
  return run_limited("value", limits,
                     [&]() -> int { return value_of(p.vm, rest, format, request); });
}

}  // namespace igv::cli
