// The parts every figure of reports/base/plots.cpp is made of: the page (3.5 in, in points), the
// fonts and colours, ticks, axes, the legend and the colour bar. Internal to the plotting module.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "reports/base/plots.h"

namespace igv::plot_parts {

// Units: points. Every picture is kWidth wide (3.5 in).
inline constexpr double kWidth = 252;
// The smallest text is 7.4 pt at 3.5 in: at least 7 pt when the picture is scaled to the
// \columnwidth of a two-column journal class (3.3 to 3.5 in).
inline constexpr double kTickSize = 7.4;   // tick labels, legend: the smallest text
inline constexpr double kLabelSize = 8.2;  // axis labels
inline constexpr double kCharWidth =
    0.6;                             // a sans-serif character, in ems (an estimate for layout)
inline constexpr double kLeft = 36;  // the y axis' tick labels and label
inline constexpr double kRight = 8;
inline constexpr double kBottom = 30;  // the x axis' ticks, tick labels and label
inline constexpr const char* kFont = "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\"";

// Outcomes in the Okabe-Ito colours (colour-blind safe): P (the player to move loses), N, draw.
inline constexpr const char* kColourP = "#d55e00";
inline constexpr const char* kColourN = "#0072b2";
inline constexpr const char* kColourD = "#e69f00";
inline constexpr const char* kColourBar = "#3b528b";   // viridis at 0.25
inline constexpr const char* kColourBand = "#a9b8dc";  // kColourBar lightened: a bin's range
inline constexpr const char* kColourMissing = "#e8e8e8";

std::string num(double x);
/// Viridis at t in [0, 1] (dark purple to yellow; lightness grows with t, so greyscale keeps the
/// order), from nine samples of the matplotlib map.
std::string viridis(double t);
/// Colour of value v on a scale 0 .. max: viridis reversed, 0 light yellow and max dark purple,
/// so that the black outline of a P-position (value 0) stands out.
std::string scale_colour(Value v, Value max);
const char* outcome_colour(Value v);
const char* outcome_letter(Value v);
const char* outcome_word(Value v);
/// Tick values for lo .. hi: a 1, 2 or 5 times a power of ten step, at most about `most` ticks.
std::vector<std::int64_t> ticks(std::int64_t lo, std::int64_t hi, int most);
/// The same with both ends ticked (lo and hi themselves), so that an axis says where the data
/// start and stop; an inner tick too close to an end is left out.
std::vector<std::int64_t> end_ticks(std::int64_t lo, std::int64_t hi, int most);
/// Characters of a UTF-8 text (not bytes).
std::size_t length(const std::string& t);
double text_width(const std::string& t, double size);
/// The most tick labels of up to `chars` characters that fit `span` points side by side.
int fitting_ticks(double span, std::size_t chars);
void text_at(std::ostringstream& s, double x, double y, const std::string& t, double size,
             const char* anchor = "start", const std::string& extra = "");
/// The SVG header: 3.5 in (252 pt) wide, `height` points high (the units of the picture); the
/// title and caption as metadata only.
void open_svg(std::ostringstream& s, double height, const PlotText& text);
/// A vertical colour bar of values 0 .. max at (x, y0), h high: discrete blocks for at most 16
/// values, else a gradient; ticks and labels on its right; `title` above it.
void colour_bar(std::ostringstream& s, double x, double y0, double h, Value max,
                const std::string& title);
/// Room a colour bar of values up to `max` takes right of a plot: gap, bar, ticks, labels.
double colour_bar_room(Value max);

/// A legend: entries (a swatch and its words) laid out in rows across the picture's width,
/// above the plot.
struct Legend {
  struct Entry {
    std::string fill;    ///< "" : words only
    std::string stroke;  ///< outline of the swatch
    std::string words;
    bool dot = false;  ///< a round swatch (points) instead of a square
  };
  std::vector<Entry> entries;

  std::vector<std::vector<std::size_t>> rows() const {
    std::vector<std::vector<std::size_t>> out;
    double used = kWidth;  // forces a first row
    for (std::size_t i = 0; i < entries.size(); ++i) {
      const double w =
          (entries[i].fill.empty() ? 0 : 10) + text_width(entries[i].words, kTickSize) + 8;
      if (used + w > kWidth - 8 - 4) {
        out.emplace_back();
        used = 0;
      }
      out.back().push_back(i);
      used += w;
    }
    return out;
  }
  double height() const {
    return entries.empty() ? 0 : 10.0 * static_cast<double>(rows().size()) + 4;
  }

  /// Draws the rows from y (the top).
  void draw(std::ostringstream& s, double y) const {
    s << "<g class=\"legend\">\n";
    for (const auto& row : rows()) {
      double x = 8;
      for (const auto i : row) {
        const auto& e = entries[i];
        if (!e.fill.empty()) {
          if (e.dot) {
            s << "<rect x=\"" << num(x + 1) << "\" y=\"" << num(y + 1.5)
              << "\" width=\"5\" height=\"5\" rx=\"2.5\" fill=\"" << e.fill << "\"/>\n";
          } else {
            s << "<rect x=\"" << num(x) << "\" y=\"" << num(y + 0.5)
              << "\" width=\"7\" height=\"7\" fill=\"" << e.fill << "\""
              << (e.stroke.empty() ? "" : " stroke=\"" + e.stroke + "\" stroke-width=\"0.8\"")
              << "/>\n";
          }
          x += 10;
        }
        text_at(s, x, y + 7, e.words, kTickSize);
        x += text_width(e.words, kTickSize) + 8;
      }
      y += 10;
    }
    s << "</g>\n";
  }
};

/// An x axis under a plot area (x0 .. x0 + w at y): ticks at `at(t)` for each t, their labels,
/// the axis label centred under them.
template <class At>
void x_axis(std::ostringstream& s, double x0, double w, double y,
            const std::vector<std::int64_t>& ts, At at, const std::string& label) {
  s << "<line x1=\"" << num(x0) << "\" y1=\"" << num(y) << "\" x2=\"" << num(x0 + w) << "\" y2=\""
    << num(y) << "\" stroke=\"black\" stroke-width=\"0.6\"/>\n";
  for (auto t : ts) {
    const double tx = at(t);
    s << "<line x1=\"" << num(tx) << "\" y1=\"" << num(y) << "\" x2=\"" << num(tx) << "\" y2=\""
      << num(y + 3) << "\" stroke=\"black\" stroke-width=\"0.6\"/>\n";
    text_at(s, tx, y + 10.5, std::to_string(t), kTickSize, "middle");
  }
  text_at(s, x0 + w / 2, y + 21, label, kLabelSize, "middle");
}

/// A y axis left of a plot area (y0 .. y0 + h at x).
template <class At>
void y_axis(std::ostringstream& s, double x, double y0, double h,
            const std::vector<std::int64_t>& ts, At at, const std::string& label) {
  s << "<line x1=\"" << num(x) << "\" y1=\"" << num(y0) << "\" x2=\"" << num(x) << "\" y2=\""
    << num(y0 + h) << "\" stroke=\"black\" stroke-width=\"0.6\"/>\n";
  for (auto t : ts) {
    const double ty = at(t);
    s << "<line x1=\"" << num(x - 3) << "\" y1=\"" << num(ty) << "\" x2=\"" << num(x) << "\" y2=\""
      << num(ty) << "\" stroke=\"black\" stroke-width=\"0.6\"/>\n";
    text_at(s, x - 4.5, ty + 2.5, std::to_string(t), kTickSize, "end");
  }
  const double my = y0 + h / 2;
  text_at(s, 8, my, label, kLabelSize, "middle", " transform=\"rotate(-90 8 " + num(my) + ")\"");
}

}  // namespace igv::plot_parts
