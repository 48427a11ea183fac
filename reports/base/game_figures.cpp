// The figures of the games the report's claims are about: for every game named by a claim that
// the run proved or verified (params.game, params.games, and the games a checker's module declares
// for its claims: properties/base/checker.h, claim_games), the picture `verify plot GAME` draws
// (reports/base/game_plot.h), with the values computed by the family's kernels (the reference
// kernel recomputing the leading ones) and, for a one-heap game, the preperiod and period that a
// proved claim's evidence holds (its certificate accepted by the independent checker) marked.
// Families with pictures of their own (PlotHints::Shape::own_module, drawn from the claims'
// evidence) are left to their modules.
#include <map>
#include <set>

#include "core/base/trusted/errors.h"
#include "properties/base/checker.h"
#include "reports/base/figures.h"
#include "reports/base/game_plot.h"

namespace igv {
namespace {

/// The canonical spec of `spec` (GameInstance::spec), or "" when it names no game.
std::string canonical(const std::string& spec) {
  try {
    return GameKernels::make(spec).game->spec();
  } catch (const InputError&) {
    return "";
  }
}

struct FoundPeriod {
  PlotPeriod period;
  std::string checker;  ///< who accepted its certificate, when the evidence says
};

/// A period of `spec` in `evidence`: an object with "game" naming it and integer "preperiod" and
/// "period" (a period proof, a period), searched depth first.
std::optional<FoundPeriod> find_period(const nlohmann::json& j, const std::string& spec) {
  if (j.is_object()) {
    const auto integer = [&j](const char* key) {
      return j.contains(key) && j[key].is_number_integer();
    };
    if (j.contains("game") && j["game"].is_string() && integer("preperiod") && integer("period") &&
        canonical(j["game"].get<std::string>()) == spec) {
      FoundPeriod f;
      f.period.preperiod = j["preperiod"].get<std::int64_t>();
      f.period.period = j["period"].get<std::int64_t>();
      f.period.saltus = integer("saltus") ? j["saltus"].get<std::int64_t>() : 0;
      if (f.period.period >= 1 && f.period.preperiod >= 0) {
        if (j.contains("checker") && j["checker"].is_string()) {
          f.checker = j["checker"].get<std::string>();
        } else if (j.contains("certificate") && j["certificate"].is_object() &&
                   j["certificate"].contains("checker") &&
                   j["certificate"]["checker"].is_string()) {
          f.checker = j["certificate"]["checker"].get<std::string>();
        }
        return f;
      }
    }
    for (const auto& item : j.items()) {
      if (auto f = find_period(item.value(), spec)) return f;
    }
  } else if (j.is_array()) {
    for (const auto& v : j) {
      if (auto f = find_period(v, spec)) return f;
    }
  }
  return std::nullopt;
}

/// Families whose pictures their own modules draw (PlotHints::Shape::own_module).
bool drawn_elsewhere(const std::string& spec) {
  return find_game_family(spec).plot.shape == PlotHints::Shape::own_module;
}

struct GameEntry {
  std::vector<std::string> claims;
  std::optional<FoundPeriod> period;
  std::string period_claim;
};

std::vector<Figure> draw_games(const Report& report) {
  std::vector<std::string> order;
  std::map<std::string, GameEntry> games;
  // A merged report names the proved claims whose certificates merge did not re-check
  // (verify/cmd_merge.cpp): their periods are drawn from no evidence (issue 37).
  std::set<std::string> unchecked;
  if (const auto m = report.context.find("merge");
      m != report.context.end() && m->is_object() && m->contains("proved_not_rechecked")) {
    for (const auto& id : (*m)["proved_not_rechecked"])
      if (id.is_string()) unchecked.insert(id.get<std::string>());
  }
  for (const auto& r : report.results) {
    if (!established(r)) continue;
    std::set<std::string> seen;
    for (const auto& given : claim_games(r.claim.checker, r.claim.params)) {
      const std::string spec = canonical(given);
      if (spec.empty() || !seen.insert(spec).second) continue;
      if (drawn_elsewhere(spec)) continue;
      if (games.find(spec) == games.end()) order.push_back(spec);
      auto& entry = games[spec];
      entry.claims.push_back(r.claim.id);
      if (!entry.period && r.outcome.verdict == Verdict::proved &&
          unchecked.count(r.claim.id) == 0U) {
        entry.period = find_period(r.outcome.evidence, spec);
        if (entry.period) entry.period_claim = r.claim.id;
      }
    }
  }
  std::vector<Figure> out;
  for (const auto& spec : order) {
    const auto& entry = games[spec];
    const auto gk = GameKernels::make(spec);
    GamePlotRequest request;
    request.computed_by = "in this run";
    if (gk.family->plot.report_range > 0)
      request.range = PlotRange{0, gk.family->plot.report_range};
    if (entry.period) {
      // No range: plot_game shows the preperiod and two periods after it.
      const FoundPeriod found = *entry.period;
      request.period = [found](std::string&) { return std::optional<PlotPeriod>(found.period); };
      // In words: the claim is named in the report's body beside the figure, the checker's
      // function (and file) in the claim's evidence in report.json.
      request.period_source = found.checker.empty()
                                  ? "; the preperiod and period marked are proved"
                                  : "; the preperiod and period marked are proved (an independent "
                                    "checker accepted their certificate)";
    }
    GamePlot plot;
    try {
      plot = plot_game(gk, request);
    } catch (const InputError&) {
      continue;  // a family with nothing to draw (no position it can enumerate)
    }
    Figure f;
    f.name = figure_file_name(spec) + ".svg";
    f.title = plot.title;
    f.caption = plot.caption;
    f.claims = entry.claims;
    f.svg = std::move(plot.svg);
    out.push_back(std::move(f));
  }
  return out;
}

FigureWriter game_figures() {
  return {"games",
          "the values of every game a proved or verified claim names, with a proved period marked",
          draw_games};
}
IGV_REGISTER_FIGURES(game_figures);

}  // namespace
}  // namespace igv
