#include "properties/kernels/cross_check.h"

#include <rapidcheck.h>

#include <algorithm>
#include <chrono>

#include "core/base/trusted/errors.h"
#include "properties/base/property_runner.h"

namespace igv {

nlohmann::json CrossCheckResult::to_json() const {
  nlohmann::json timing = nlohmann::json::array();
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    timing.push_back({{"kernel", kernels[i]},
                      {"seconds", seconds[i]},
                      {"ratio_to_first", seconds[0] > 0 ? seconds[i] / seconds[0] : 0.0}});
  }
  return {{"game", game},
          {"kernels", kernels},
          {"exhaustive_positions", exhaustive_positions},
          {"random_cases", random_cases},
          {"agree", agree()},
          {"timing", timing},
          {"disagreement", disagreement}};
}

CrossCheckResult cross_check(const GameInstance& game, const std::vector<const Kernel*>& ks,
                             const CrossCheckOptions& options) {
  if (ks.size() < 2)
    throw InputError("cross-check needs at least two kernels for '" + game.spec() + "'");
  CrossCheckResult result;
  result.game = game.spec();
  for (const auto* k : ks) result.kernels.push_back(k->name);

  // Exhaustive: every position of the domain, each kernel timed on the whole batch.
  const auto domain = game.domain(options.range);
  result.exhaustive_positions = domain.size();
  std::vector<std::vector<Value>> values;
  for (const auto* k : ks) {
    const auto start = std::chrono::steady_clock::now();
    values.push_back(k->values(game, domain));
    result.seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  for (std::size_t i = 0; i < domain.size() && result.agree(); ++i) {
    for (std::size_t k = 1; k < ks.size(); ++k) {
      if (values[k].size() != domain.size() || values[k][i] != values[0][i]) {
        result.disagreement = {
            {"position", game.format_position(domain[i])},
            {"found_by", "exhaustive domain (range " + std::to_string(options.range) + ")"},
            {ks[0]->name, values[0][i]},
            {ks[k]->name, values[k].size() == domain.size() ? nlohmann::json(values[k][i])
                                                            : nlohmann::json("no value")}};
        break;
      }
    }
  }
  if (!result.agree() || options.random_cases <= 0) return result;

  // Random positions beyond the domain: RapidCheck chooses (seed, size) and shrinks the size.
  CheckContext ctx;
  ctx.seed = options.seed;
  ctx.random_cases = options.random_cases;
  const std::int64_t lo = options.range + 1;
  const Outcome o = run_property(ctx, "kernels agree on random positions of " + game.spec(), [&]() {
    const auto size = *rc::gen::inRange<std::int64_t>(lo, lo + options.random_extra + 1).as("size");
    const auto seed = *rc::gen::arbitrary<std::uint64_t>().as("position seed");
    const Position p = game.sample(seed, size);
    const std::vector<Position> one{p};
    const Value base = ks[0]->values(game, one).at(0);
    for (std::size_t k = 1; k < ks.size(); ++k) {
      const Value other = ks[k]->values(game, one).at(0);
      if (other != base) {
        RC_FAIL("at " + game.format_position(p) + ": " + ks[0]->name + " = " +
                std::to_string(base) + ", " + ks[k]->name + " = " + std::to_string(other));
      }
    }
  });
  result.random_cases = o.evidence.value("cases", 0);
  if (o.verdict == Verdict::refuted) {
    result.disagreement = o.counterexample();
    result.disagreement["found_by"] = "RapidCheck on random positions";
  } else if (o.verdict != Verdict::passed) {
    result.disagreement = {{"found_by", "RapidCheck"}, {"error", o.summary}};
  }
  return result;
}

std::vector<CrossCheckResult> cross_check_all_registered(const CrossCheckOptions& options) {
  std::vector<CrossCheckResult> out;
  for (const auto* family : game_families()) {
    const auto ks = kernels(family->name);
    if (ks.size() < 2) continue;
    if (!ks.front()->reference) {
      throw std::logic_error("family '" + family->name + "' has kernels but no reference kernel");
    }
    const std::vector<std::string> specs =
        family->examples.empty() ? std::vector<std::string>{family->name} : family->examples;
    CrossCheckOptions family_options = options;
    family_options.range = std::min(options.range, family->cross_check_range);
    for (const auto& spec : specs) {
      const auto game = make_game(spec);
      out.push_back(cross_check(*game, ks, family_options));
    }
  }
  return out;
}

}  // namespace igv
