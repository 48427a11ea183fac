// The picture of any game's values, shared by `verify plot` (verify/cmd_plot.cpp) and the figures
// of `verify run --format svg` (reports/base/game_figures.cpp): the values come from the family's
// kernels through game_values (the reference kernel recomputing the leading positions), the
// drawing from reports/base/plots.h.
//
// What is drawn depends on the positions the family takes: a sequence G(n) when it takes "0" or
// "1" (with a proved period marked when the caller gives one), a grid G(x, y) when it takes
// "x,y", P/N colours for families whose values are outcomes, the P-positions of boards of three
// rows, every board of a strip of letters, and otherwise the family's own enumeration of its
// positions.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "properties/base/game_values.h"
#include "reports/base/plots.h"

namespace igv {

/// The most cells, bars or computed positions one picture may hold.
inline constexpr std::int64_t kMaxPlotCells = 200'000;
/// The most values of a sequence one picture computes (it draws at most kMaxBars bars, in bins).
inline constexpr std::int64_t kMaxSequenceValues = 2'000'000;

struct PlotRange {
  std::int64_t lo = 0, hi = 0;
};

/// "a..b" (or "N" for 0..N); throws InputError on a malformed or reversed range.
PlotRange parse_plot_range(const std::string& text);

struct GamePlotRequest {
  /// n for games of one heap (default: the preperiod and two periods when `period` gives a
  /// proved one, else 0..200), x and y for games of two (default 0..31), the
  /// largest row a for boards of three rows (default 0..60); nullopt: the default.
  std::optional<PlotRange> range;
  /// How many leading positions the reference kernel recomputes.
  std::size_t check = 300;
  /// The proved period of a one-heap game, asked only for a sequence of Grundy values; returns
  /// nullopt with the reason in `why` when there is none to mark.
  std::function<std::optional<PlotPeriod>(std::string& why)> period;
  /// Words appended to the caption after the period's (how the period was proved).
  std::string period_source =
      "; the period as `verify period` proves it (its certificate "
      "independently checked)";
  /// Words naming where the values were computed ("in this run", "by `verify plot`").
  std::string computed_by = "by `verify plot`";
};

struct GamePlot {
  std::string svg;
  std::string title;    ///< the picture's title
  std::string caption;  ///< how the values were computed
  std::string summary;  ///< one line: how many values, the period if marked
  std::optional<PlotPeriod> period;
};

/// The game's name for a caption: its name in the literature as its family declares it
/// (PlotHints::name: "Dawson's Kayles (octal 0.07)"), else its canonical spec.
std::string game_display_name(const GameKernels& gk);

/// The picture of the game `gk` over the requested range. Throws InputError (a range too large,
/// a family with nothing to draw) and std::logic_error (the kernels disagree).
GamePlot plot_game(const GameKernels& gk, const GamePlotRequest& request);

}  // namespace igv
