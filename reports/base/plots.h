// Pictures of any game's values for `verify plot` (verify/cmd_plot.cpp): standalone SVG text
// (no script, no external file), built from values the command computed. Nothing here computes
// a value; each function only draws what it is given.
//
// Every data element carries class "v" and data attributes naming its position and value, so a
// test (tests/e2e/e2e_plot.py) can count and read them: data-n / data-value (sequences),
// data-x / data-y / data-value (grids), data-a / data-b / data-c (Chomp's P-positions); an
// outcome cell has data-outcome "P", "N" or "D". A proved period is drawn as two rects of class
// "preperiod-band" and "period-band".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/primitives.h"

namespace igv {

/// The words every plot carries: a title (the game and what is shown) and a one-line caption
/// (how the values were computed: the kernel, what the reference kernel recomputed).
struct PlotText {
  std::string title;
  std::string caption;
};

/// A proved period of a one-coordinate game: G(n + period) = G(n) + saltus for n >= preperiod.
struct PlotPeriod {
  std::int64_t preperiod = 0;
  std::int64_t period = 1;
  std::int64_t saltus = 0;
};

/// Values of the positions n = first, first + 1, …; nullopt where the family takes no position n.
struct SequencePlot {
  PlotText text;
  std::int64_t first = 0;
  std::vector<std::optional<Value>> values;
  /// Outcome codes (0 P: the player to move loses, 1 N, 2 draw) instead of Grundy values.
  bool outcomes = false;
  std::optional<PlotPeriod> period;
  std::string x_label = "n";
};

/// Values over a rectangle of positions; cells row by row, y = y_first first:
/// cells[(y - y_first) * width + (x - x_first)]; nullopt where there is no position.
struct GridPlot {
  PlotText text;
  std::int64_t x_first = 0, y_first = 0;
  std::int64_t width = 0, height = 0;
  std::vector<std::optional<Value>> cells;
  bool outcomes = false;
  std::string x_label = "x", y_label = "y";
  /// Optional names of the columns and rows (e.g. halves of an SOS strip); empty: the numbers.
  std::vector<std::string> x_names, y_names;
  /// Optional name of each cell's position, shown as its tooltip; empty: "(x, y)".
  std::vector<std::string> cell_names;
};

/// Chomp's P-positions (a, b, c) of boards with rows a >= b >= c (bottom row a first), a <= max_a.
struct ChompPlot {
  PlotText text;
  std::int64_t max_a = 0;
  std::int64_t max_b = 0;
  struct Point {
    std::int64_t a, b, c;
  };
  std::vector<Point> p_positions;
};

/// Positive values y(x) of one or more named series on a log10 y axis (e.g. the growth of the
/// periods t_m of Frolov's Table 2). Each point is a circle (first series) or a hollow square
/// (others) of class "v" with data-series, data-x and data-y; the first series is labelled with
/// its values.
struct LogPlot {
  PlotText text;
  std::string x_label = "x";
  std::string y_label = "y";
  struct Series {
    std::string name;
    std::vector<std::pair<std::int64_t, std::int64_t>> points;  ///< (x, y), y >= 1
  };
  std::vector<Series> series;
};

std::string sequence_plot_svg(const SequencePlot& plot);
std::string grid_plot_svg(const GridPlot& plot);
std::string chomp_plot_svg(const ChompPlot& plot);
std::string log_plot_svg(const LogPlot& plot);

/// `text` with &, <, > and " written as entities, ' as `apostrophe`, and the control characters
/// other than tab, newline and carriage return (which XML 1.0 forbids) as `control`.
std::string markup_escape(std::string_view text, std::string_view apostrophe,
                          std::string_view control);

/// markup_escape with ' as "&apos;" and forbidden control characters as "?" (SVG pictures, the
/// JUnit report).
std::string xml_escape(const std::string& text);

}  // namespace igv
