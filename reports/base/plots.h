// Every figure of the harness (`verify plot`, verify/cmd_plot.cpp, and the figures of
// `verify run --format svg`: reports/base/game_figures.cpp, reports/frolov, reports/welter) is
// drawn here, print-grade: standalone SVG (no script, no external file) 3.5 in wide (252 pt, the
// picture's units), to be set in a 3.5 in column as it is or scaled across a 7 in page; its text
// at least 7.4 pt at 3.5 in, so still 7.2 pt at the 3.4 in \columnwidth of the two-column
// journal classes; axes with ticks and labels, both ends of every axis ticked; a legend; values on
// viridis (ordered, colour-blind safe, legible in greyscale) with a colour bar; outcomes in the
// Okabe-Ito colours. No title or caption is drawn (the report sets the caption); the SVG's <title>
// and <desc> hold them as metadata. Nothing here computes a value; each function only draws what it
// is given.
//
// Every data element carries class "v" and data attributes naming its position and value, so a
// test (tests/e2e/e2e_plot.py) can count and read them: data-n / data-value (sequences),
// data-x / data-y / data-value (grids), data-a / data-b / data-c (Chomp's P-positions),
// data-series / data-x / data-y (log and point plots); an outcome cell has data-outcome "P", "N"
// or "D". A sequence longer than the plot has bars (kMaxBars) is drawn in bins: class "v bin",
// data-from / data-to / data-min / data-max / data-median / data-zeros (P-positions) of the
// values it covers, drawn as a band from the smallest to the largest value with the median
// marked (class "median"), so that a long range shows its structure rather than a block.
// A proved period is drawn as rects of class "preperiod-band", "period-band" and
// "period-band-2" (the first and second period after the preperiod), with a ribbon of the same
// classes plus "ribbon" above the values, at least 1.5 pt wide, visible at any period length;
// and a binned sequence with a proved plain period is also drawn as a period-aligned raster
// (<g class="raster"> with data-period, data-rows, data-columns, data-row0; cells of class
// "raster-cell"): one row per period, starting at the preperiod's end (and every period before
// it, a line marking where the preperiod ends), so that periodicity reads as equal rows.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/trusted/primitives.h"

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
  /// The values are misère Grundy values (the legend and axis say so).
  bool misere = false;
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
  /// What a cell's colour is (the colour bar's label), and the legend's line for the value 0
  /// (outlined): a Grundy value by default; a function of a paper's (Frolov's g or f) names itself.
  std::string value_name = "G";
  std::string zero_legend = "G = 0 (P-position), outlined";
};

/// The P-positions (a, b, c) of boards with rows a >= b >= c (bottom row a first), a <= max_a
/// (PlotHints::Shape::three_row_boards).
struct ThreeRowBoardsPlot {
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

/// Points (x, y), each in one of a few ordered groups (e.g. the binary length of n), coloured by
/// group on viridis; circles of class "v" with data-x, data-y, data-group.
struct PointPlot {
  PlotText text;
  std::string x_label = "x";
  std::string y_label = "y";
  std::string group_label;          ///< what the groups are ("binary length of n")
  std::vector<std::string> groups;  ///< their names, in order
  struct Point {
    std::int64_t x, y;
    std::size_t group;
  };
  std::vector<Point> points;
};

/// The most bars a sequence plot draws; a longer sequence is drawn in bins.
inline constexpr std::int64_t kMaxBars = 420;
/// The period-aligned raster of a long sequence with a proved period: at most this many rows
/// (periods) and columns (each column the largest value of period / columns positions).
inline constexpr std::int64_t kMaxRasterRows = 48;
inline constexpr std::int64_t kMaxRasterColumns = 120;

std::string sequence_plot_svg(const SequencePlot& plot);
std::string point_plot_svg(const PointPlot& plot);
std::string grid_plot_svg(const GridPlot& plot);
std::string three_row_boards_svg(const ThreeRowBoardsPlot& plot);
std::string log_plot_svg(const LogPlot& plot);

/// `text` with &, <, > and " written as entities, ' as `apostrophe`, and the control characters
/// other than tab, newline and carriage return, and the non-characters U+FFFE and U+FFFF (which
/// XML 1.0 forbids) as `control`.
std::string markup_escape(std::string_view text, std::string_view apostrophe,
                          std::string_view control);

/// markup_escape with ' as "&apos;" and forbidden control characters as "?" (SVG pictures, the
/// JUnit report).
std::string xml_escape(const std::string& text);

}  // namespace igv
