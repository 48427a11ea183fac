#include "reports/base/plots.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace igv {

namespace {

constexpr double kLeft = 80;    // room for the y axis' ticks and label
constexpr double kTop = 70;     // the title and the legend
constexpr double kBottom = 80;  // the x axis' ticks and label, the caption
constexpr double kRight = 190;  // the colour legend
constexpr double kPlotW = 900;  // plot area of a sequence
constexpr double kPlotH = 360;
constexpr double kGridSide = 640;  // the longer side of a grid
constexpr const char* kFont = "font-family=\"sans-serif\"";

// Outcome colours: P (the player to move loses), N, draw.
constexpr const char* kColourP = "#d7301f";
constexpr const char* kColourN = "#4575b4";
constexpr const char* kColourD = "#f4a736";
constexpr const char* kColourMissing = "#f0f0f0";

std::string num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", x);
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

/// Colour of value v on a scale 0 .. max: 0 light yellow, max dark purple (viridis reversed), so
/// that the black outline of a P-position (value 0) stands out.
std::string scale_colour(Value v, Value max) {
  static const std::array<std::array<double, 3>, 5> stops = {
      {{253, 231, 37}, {94, 201, 98}, {33, 145, 140}, {59, 82, 139}, {68, 1, 84}}};
  const double t =
      max <= 0 ? 0.0 : std::clamp(static_cast<double>(v) / static_cast<double>(max), 0.0, 1.0);
  const double at = t * (stops.size() - 1);
  const auto i = std::min<std::size_t>(static_cast<std::size_t>(at), stops.size() - 2);
  const double f = at - static_cast<double>(i);
  char buf[16];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x",
                static_cast<int>(std::lround(stops[i][0] + f * (stops[i + 1][0] - stops[i][0]))),
                static_cast<int>(std::lround(stops[i][1] + f * (stops[i + 1][1] - stops[i][1]))),
                static_cast<int>(std::lround(stops[i][2] + f * (stops[i + 1][2] - stops[i][2]))));
  return buf;
}

const char* outcome_colour(Value v) {
  return v == 0 ? kColourP : v == 1 ? kColourN : kColourD;
}
const char* outcome_letter(Value v) {
  return v == 0 ? "P" : v == 1 ? "N" : "D";
}
const char* outcome_word(Value v) {
  return v == 0 ? "P (mover loses)" : v == 1 ? "N (mover wins)" : "draw";
}

/// Tick values for lo .. hi: a 1, 2 or 5 times a power of ten step, at most about `most` ticks.
std::vector<std::int64_t> ticks(std::int64_t lo, std::int64_t hi, int most) {
  std::vector<std::int64_t> out;
  if (hi < lo) return out;
  const double span = static_cast<double>(hi - lo);
  std::int64_t step = 1;
  for (std::int64_t p = 1;; p *= 10) {
    if (span / static_cast<double>(p) <= most) {
      step = p;
      break;
    }
    if (span / static_cast<double>(2 * p) <= most) {
      step = 2 * p;
      break;
    }
    if (span / static_cast<double>(5 * p) <= most) {
      step = 5 * p;
      break;
    }
  }
  for (std::int64_t t = (lo + step - 1) / step * step; t <= hi; t += step) out.push_back(t);
  if (out.empty()) out.push_back(lo);
  return out;
}

/// `width` widened, if need be, so that the title fits (estimated widths of a sans-serif font:
/// about 0.62 of the font size a character, bold); the caption is wrapped instead.
double fitted_width(double width, const PlotText& text) {
  const double title = kLeft + 17 * 0.62 * static_cast<double>(text.title.size()) + 20;
  return std::max(width, title);
}

/// The caption cut at spaces into lines that fit `width` (about 6.2 px a character at size 12).
std::vector<std::string> caption_lines(const std::string& caption, double width) {
  const auto most = static_cast<std::size_t>(std::max(40.0, (width - kLeft - 20) / 6.2));
  const auto length = [](const std::string& t) {  // characters, not bytes
    std::size_t n = 0;
    for (char ch : t) n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80 ? 1 : 0;
    return n;
  };
  std::vector<std::string> lines(1);
  std::size_t start = 0;
  while (start <= caption.size()) {
    auto end = caption.find(' ', start);
    if (end == std::string::npos) end = caption.size();
    const std::string word = caption.substr(start, end - start);
    if (!lines.back().empty() && length(lines.back()) + 1 + length(word) > most) {
      lines.emplace_back();
    }
    lines.back() += (lines.back().empty() ? "" : " ") + word;
    start = end + 1;
  }
  return lines;
}

/// The height the caption needs beyond its first line.
double caption_extra(const PlotText& text, double width) {
  return 16.0 * static_cast<double>(caption_lines(text.caption, width).size() - 1);
}

/// The SVG header, white background, title (game and what is shown) and caption (wrapped, its
/// last line 14 px above the bottom).
void open_svg(std::ostringstream& s, double width, double height, const PlotText& text) {
  const auto lines = caption_lines(text.caption, width);
  s << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width) << "\" height=\""
    << num(height) << "\" viewBox=\"0 0 " << num(width) << ' ' << num(height) << "\">\n"
    << "<title>" << xml_escape(text.title) << "</title>\n"
    << "<desc>" << xml_escape(text.caption) << "</desc>\n"
    << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    << "<text class=\"title\" x=\"" << num(kLeft) << "\" y=\"28\" " << kFont
    << " font-size=\"17\" font-weight=\"bold\">" << xml_escape(text.title) << "</text>\n"
    << "<text class=\"caption\" x=\"" << num(kLeft) << "\" y=\""
    << num(height - 14 - 16.0 * static_cast<double>(lines.size() - 1)) << "\" " << kFont
    << " font-size=\"12\" fill=\"#333\">" << xml_escape(lines.front());
  for (std::size_t i = 1; i < lines.size(); ++i) {
    s << "<tspan x=\"" << num(kLeft) << "\" dy=\"16\">" << xml_escape(lines[i]) << "</tspan>";
  }
  s << "</text>\n";
}

void text_at(std::ostringstream& s, double x, double y, const std::string& t, int size,
             const char* anchor = "start", const std::string& extra = "") {
  s << "<text x=\"" << num(x) << "\" y=\"" << num(y) << "\" " << kFont << " font-size=\"" << size
    << "\" text-anchor=\"" << anchor << "\"" << extra << ">" << xml_escape(t) << "</text>\n";
}

/// A legend entry: a swatch and its words, at (x, y) (the swatch's top left).
void swatch(std::ostringstream& s, double x, double y, const std::string& fill,
            const std::string& words, const std::string& stroke = "") {
  s << "<rect x=\"" << num(x) << "\" y=\"" << num(y) << "\" width=\"14\" height=\"14\" fill=\""
    << fill << "\"" << (stroke.empty() ? "" : " stroke=\"" + stroke + "\" stroke-width=\"2\"")
    << "/>\n";
  text_at(s, x + 20, y + 12, words, 12);
}

/// The colour scale of values 0 .. max at (x, y): one swatch per value when there are few, else
/// a gradient bar with its ends and middle named.
void value_legend(std::ostringstream& s, double x, double y, Value max, const std::string& what,
                  bool outline_zero) {
  text_at(s, x, y, what, 13, "start", " font-weight=\"bold\"");
  y += 10;
  if (max <= 15) {
    for (Value v = 0; v <= max; ++v) {
      swatch(s, x, y + 18.0 * static_cast<double>(v), scale_colour(v, max),
             std::to_string(v) + (v == 0 && outline_zero ? " (P, outlined)" : ""),
             v == 0 && outline_zero ? "black" : "");
    }
    return;
  }
  const double h = 240;
  s << "<defs><linearGradient id=\"scale\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">\n";
  for (int i = 0; i <= 8; ++i) {
    const auto v = static_cast<Value>(std::llround(static_cast<double>(max) * i / 8.0));
    s << "<stop offset=\"" << num(i / 8.0) << "\" stop-color=\"" << scale_colour(v, max)
      << "\"/>\n";
  }
  s << "</linearGradient></defs>\n"
    << "<rect x=\"" << num(x) << "\" y=\"" << num(y) << "\" width=\"18\" height=\"" << num(h)
    << "\" fill=\"url(#scale)\" stroke=\"#666\"/>\n";
  for (auto t : ticks(0, max, 6)) {
    const double ty = y + h * static_cast<double>(t) / static_cast<double>(max);
    s << "<line x1=\"" << num(x + 18) << "\" y1=\"" << num(ty) << "\" x2=\"" << num(x + 23)
      << "\" y2=\"" << num(ty) << "\" stroke=\"black\"/>\n";
    text_at(s, x + 26, ty + 4, std::to_string(t), 11);
  }
  if (outline_zero) swatch(s, x, y + h + 14, scale_colour(0, max), "0: P, outlined", "black");
}

}  // namespace

std::string markup_escape(std::string_view s, std::string_view apostrophe,
                          std::string_view control) {
  std::string out;
  out.reserve(s.size());
  for (char ch : s) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += apostrophe;
        break;
      default:
        if (static_cast<unsigned char>(ch) < 0x20 && ch != '\n' && ch != '\t' && ch != '\r') {
          out += control;
        } else {
          out += ch;
        }
    }
  }
  return out;
}

std::string xml_escape(const std::string& s) {
  return markup_escape(s, "&apos;", "?");
}

std::string sequence_plot_svg(const SequencePlot& plot) {
  const auto count = static_cast<std::int64_t>(plot.values.size());
  const std::int64_t last = plot.first + std::max<std::int64_t>(count, 1) - 1;
  Value max = 1;
  for (const auto& v : plot.values) {
    if (v) max = std::max(max, *v);
  }
  const double plot_h = plot.outcomes ? 90 : kPlotH;
  const double width = fitted_width(kLeft + kPlotW + kRight, plot.text),
               height = kTop + plot_h + kBottom + 20 + caption_extra(plot.text, width);
  const double x0 = kLeft, y0 = kTop,
               cell = kPlotW / static_cast<double>(std::max<std::int64_t>(count, 1));
  auto x_of = [&](std::int64_t n) { return x0 + cell * static_cast<double>(n - plot.first); };
  std::ostringstream s;
  open_svg(s, width, height, plot.text);

  // The proved period: the preperiod 0 .. e-1 and the first period e .. e+p-1, as far as shown.
  if (plot.period) {
    const auto& p = *plot.period;
    auto band = [&](std::int64_t from, std::int64_t to, const char* cls, const char* fill) {
      from = std::max(from, plot.first);
      to = std::min(to, plot.first + count - 1);
      if (to < from) return;
      s << "<rect class=\"" << cls << "\" data-from=\"" << from << "\" data-to=\"" << to
        << "\" x=\"" << num(x_of(from)) << "\" y=\"" << num(y0) << "\" width=\""
        << num(cell * static_cast<double>(to - from + 1)) << "\" height=\"" << num(plot_h)
        << "\" fill=\"" << fill << "\"/>\n";
    };
    band(0, p.preperiod - 1, "preperiod-band", "#fde0c5");
    band(p.preperiod, p.preperiod + p.period - 1, "period-band", "#c6e2c5");
    std::string legend =
        "preperiod e = " + std::to_string(p.preperiod) + ", period p = " + std::to_string(p.period);
    if (p.saltus != 0) legend += ", saltus s = " + std::to_string(p.saltus);
    legend += " (proved)";
    s << "<g class=\"period-legend\">\n";
    swatch(s, kLeft, 40, "#fde0c5", "preperiod 0..e-1");
    swatch(s, kLeft + 140, 40, "#c6e2c5", "one period e..e+p-1");
    text_at(s, kLeft + 310, 52, legend, 13, "start", " font-weight=\"bold\"");
    s << "</g>\n";
  }

  // Axes.
  s << "<g stroke=\"black\">\n"
    << "<line x1=\"" << num(x0) << "\" y1=\"" << num(y0 + plot_h) << "\" x2=\"" << num(x0 + kPlotW)
    << "\" y2=\"" << num(y0 + plot_h) << "\"/>\n";
  if (!plot.outcomes) {
    s << "<line x1=\"" << num(x0) << "\" y1=\"" << num(y0) << "\" x2=\"" << num(x0) << "\" y2=\""
      << num(y0 + plot_h) << "\"/>\n";
  }
  s << "</g>\n";
  for (auto t : ticks(plot.first, last, 10)) {
    const double tx = x_of(t) + cell / 2;
    s << "<line x1=\"" << num(tx) << "\" y1=\"" << num(y0 + plot_h) << "\" x2=\"" << num(tx)
      << "\" y2=\"" << num(y0 + plot_h + 5) << "\" stroke=\"black\"/>\n";
    text_at(s, tx, y0 + plot_h + 19, std::to_string(t), 12, "middle");
  }
  text_at(s, x0 + kPlotW / 2, y0 + plot_h + 42, plot.x_label, 14, "middle");
  if (!plot.outcomes) {
    for (auto t : ticks(0, max, 8)) {
      const double ty = y0 + plot_h - plot_h * static_cast<double>(t) / static_cast<double>(max);
      s << "<line x1=\"" << num(x0 - 5) << "\" y1=\"" << num(ty) << "\" x2=\"" << num(x0)
        << "\" y2=\"" << num(ty) << "\" stroke=\"black\"/>\n";
      text_at(s, x0 - 8, ty + 4, std::to_string(t), 12, "end");
    }
    const double my = y0 + plot_h / 2;
    text_at(s, 24, my, "G(" + plot.x_label + ")", 14, "middle",
            " transform=\"rotate(-90 24 " + num(my) + ")\"");
  }

  // The values: a bar per n (G(n) = 0, a P-position, a short red mark on the axis), or a
  // coloured cell per n for outcomes.
  const double gap = cell > 4 ? 1 : 0;
  s << "<g class=\"values\">\n";
  for (std::int64_t i = 0; i < count; ++i) {
    const auto& v = plot.values[static_cast<std::size_t>(i)];
    if (!v) continue;
    const std::int64_t n = plot.first + i;
    const double x = x_of(n);
    if (plot.outcomes) {
      s << "<rect class=\"v\" data-n=\"" << n << "\" data-outcome=\"" << outcome_letter(*v)
        << "\" x=\"" << num(x) << "\" y=\"" << num(y0 + 10) << "\" width=\""
        << num(std::max(cell - gap, 0.2)) << "\" height=\"" << num(plot_h - 10) << "\" fill=\""
        << outcome_colour(*v) << "\"><title>" << n << ": " << outcome_letter(*v)
        << "</title></rect>\n";
      continue;
    }
    const double h = *v == 0 ? 3.0 : plot_h * static_cast<double>(*v) / static_cast<double>(max);
    s << "<rect class=\"v\" data-n=\"" << n << "\" data-value=\"" << *v << "\" x=\"" << num(x)
      << "\" y=\"" << num(y0 + plot_h - h) << "\" width=\"" << num(std::max(cell - gap, 0.2))
      << "\" height=\"" << num(h) << "\" fill=\"" << (*v == 0 ? kColourP : "#3b528b")
      << "\"><title>G(" << n << ") = " << *v << "</title></rect>\n";
  }
  s << "</g>\n";

  // Legend on the right.
  const double lx = kLeft + kPlotW + 20;
  if (plot.outcomes) {
    text_at(s, lx, y0 + 8, "outcome", 13, "start", " font-weight=\"bold\"");
    bool draws = false;
    for (const auto& v : plot.values) draws = draws || (v && *v == 2);
    for (Value v = 0; v <= (draws ? 2 : 1); ++v) {
      swatch(s, lx, y0 + 18 + 20.0 * static_cast<double>(v), outcome_colour(v), outcome_word(v));
    }
  } else {
    text_at(s, lx, y0 + 8, "G(n)", 13, "start", " font-weight=\"bold\"");
    swatch(s, lx, y0 + 18, "#3b528b", "value (bar height)");
    swatch(s, lx, y0 + 38, kColourP, "0: P-position");
  }
  s << "</svg>\n";
  return s.str();
}

std::string grid_plot_svg(const GridPlot& plot) {
  Value max = 1;
  for (const auto& v : plot.cells) {
    if (v) max = std::max(max, *v);
  }
  const double cell =
      kGridSide / static_cast<double>(std::max<std::int64_t>(std::max(plot.width, plot.height), 1));
  const double plot_w = cell * static_cast<double>(plot.width);
  const double plot_h = cell * static_cast<double>(plot.height);
  const double x0 = kLeft + 20, y0 = kTop;
  const double width = fitted_width(std::max(x0 + plot_w + kRight + 40, 760.0), plot.text);
  const double height = y0 + plot_h + kBottom + 30 + caption_extra(plot.text, width);
  std::ostringstream s;
  open_svg(s, width, height, plot.text);

  // Cells: y grows upwards (y_first at the bottom), as in the papers' tables.
  auto cx = [&](std::int64_t x) { return x0 + cell * static_cast<double>(x - plot.x_first); };
  auto cy = [&](std::int64_t y) {
    return y0 + plot_h - cell * static_cast<double>(y - plot.y_first + 1);
  };
  const bool outline = !plot.outcomes;
  const double stroke = std::clamp(cell * 0.12, 0.4, 2.0);
  s << "<g class=\"cells\">\n";
  for (std::int64_t y = plot.y_first; y < plot.y_first + plot.height; ++y) {
    for (std::int64_t x = plot.x_first; x < plot.x_first + plot.width; ++x) {
      const auto index =
          static_cast<std::size_t>((y - plot.y_first) * plot.width + (x - plot.x_first));
      const auto& v = plot.cells[index];
      const std::string name = index < plot.cell_names.size()
                                   ? plot.cell_names[index]
                                   : "(" + std::to_string(x) + ", " + std::to_string(y) + ")";
      if (!v) {
        s << "<rect class=\"none\" x=\"" << num(cx(x)) << "\" y=\"" << num(cy(y)) << "\" width=\""
          << num(cell) << "\" height=\"" << num(cell) << "\" fill=\"" << kColourMissing
          << "\"><title>" << xml_escape(name) << ": not a position</title></rect>\n";
        continue;
      }
      const bool p = *v == 0;
      s << "<rect class=\"v" << (p ? " p" : "") << "\" data-x=\"" << x << "\" data-y=\"" << y
        << "\" ";
      if (plot.outcomes) {
        s << "data-outcome=\"" << outcome_letter(*v) << "\" fill=\"" << outcome_colour(*v) << "\"";
      } else {
        s << "data-value=\"" << *v << "\" fill=\"" << scale_colour(*v, max) << "\"";
      }
      // An outlined cell is drawn inside its square so that neighbours do not hide the outline.
      const double inset = outline && p ? stroke / 2 : 0;
      s << " x=\"" << num(cx(x) + inset) << "\" y=\"" << num(cy(y) + inset) << "\" width=\""
        << num(cell - 2 * inset) << "\" height=\"" << num(cell - 2 * inset) << "\"";
      if (outline && p) s << " stroke=\"black\" stroke-width=\"" << num(stroke) << "\"";
      s << "><title>" << xml_escape(name) << ": "
        << (plot.outcomes ? std::string(outcome_letter(*v)) : "G = " + std::to_string(*v))
        << "</title></rect>\n";
    }
  }
  s << "</g>\n";

  // Axes: ticks at nice numbers, or every name when names are given.
  s << "<rect x=\"" << num(x0) << "\" y=\"" << num(y0) << "\" width=\"" << num(plot_w)
    << "\" height=\"" << num(plot_h) << "\" fill=\"none\" stroke=\"black\"/>\n";
  const std::int64_t x_last = plot.x_first + plot.width - 1,
                     y_last = plot.y_first + plot.height - 1;
  auto x_ticks =
      plot.x_names.empty() ? ticks(plot.x_first, x_last, 10) : ticks(plot.x_first, x_last, 27);
  auto y_ticks =
      plot.y_names.empty() ? ticks(plot.y_first, y_last, 10) : ticks(plot.y_first, y_last, 27);
  for (auto t : x_ticks) {
    const double tx = cx(t) + cell / 2;
    const auto i = static_cast<std::size_t>(t - plot.x_first);
    const std::string label = i < plot.x_names.size() ? plot.x_names[i] : std::to_string(t);
    s << "<line x1=\"" << num(tx) << "\" y1=\"" << num(y0 + plot_h) << "\" x2=\"" << num(tx)
      << "\" y2=\"" << num(y0 + plot_h + 5) << "\" stroke=\"black\"/>\n";
    if (plot.x_names.empty()) {
      text_at(s, tx, y0 + plot_h + 19, label, 12, "middle");
    } else {
      const double ly = y0 + plot_h + 9;
      text_at(s, tx + 3, ly, label, 10, "end",
              " style=\"font-family:monospace\" transform=\"rotate(-90 " + num(tx + 3) + " " +
                  num(ly) + ")\"");
    }
  }
  for (auto t : y_ticks) {
    const double ty = cy(t) + cell / 2;
    const auto i = static_cast<std::size_t>(t - plot.y_first);
    const std::string label = i < plot.y_names.size() ? plot.y_names[i] : std::to_string(t);
    s << "<line x1=\"" << num(x0 - 5) << "\" y1=\"" << num(ty) << "\" x2=\"" << num(x0)
      << "\" y2=\"" << num(ty) << "\" stroke=\"black\"/>\n";
    text_at(s, x0 - 8, ty + 4, label, plot.y_names.empty() ? 12 : 10, "end");
  }
  const double label_y = y0 + plot_h + (plot.x_names.empty() ? 42 : 62);
  text_at(s, x0 + plot_w / 2, label_y, plot.x_label, 14, "middle");
  const double my = y0 + plot_h / 2;
  text_at(s, 22, my, plot.y_label, 14, "middle", " transform=\"rotate(-90 22 " + num(my) + ")\"");

  // Legend.
  const double lx = x0 + plot_w + 30;
  if (plot.outcomes) {
    text_at(s, lx, y0 + 8, "outcome", 13, "start", " font-weight=\"bold\"");
    bool draws = false;
    for (const auto& v : plot.cells) draws = draws || (v && *v == 2);
    for (Value v = 0; v <= (draws ? 2 : 1); ++v) {
      swatch(s, lx, y0 + 18 + 20.0 * static_cast<double>(v), outcome_colour(v), outcome_word(v));
    }
  } else {
    value_legend(s, lx, y0 + 8, max, "G value", true);
  }
  bool missing = false;
  for (const auto& v : plot.cells) missing = missing || !v;
  if (missing) swatch(s, lx, y0 + plot_h - 14, kColourMissing, "not a position", "#999");
  s << "</svg>\n";
  return s.str();
}

std::string chomp_plot_svg(const ChompPlot& plot) {
  const double side = 560;
  const double x0 = kLeft, y0 = kTop;
  const double width = fitted_width(x0 + side + kRight + 20, plot.text),
               height = y0 + side + kBottom + 20 + caption_extra(plot.text, width);
  const std::int64_t bx = std::max<std::int64_t>(plot.max_b, 1);
  const std::int64_t ay = std::max<std::int64_t>(plot.max_a, 1);
  auto px = [&](std::int64_t b) {
    return x0 + side * static_cast<double>(b) / static_cast<double>(bx);
  };
  auto py = [&](std::int64_t a) {
    return y0 + side - side * static_cast<double>(a) / static_cast<double>(ay);
  };
  std::int64_t max_c = 1;
  for (const auto& p : plot.p_positions) max_c = std::max(max_c, p.c);
  std::ostringstream s;
  open_svg(s, width, height, plot.text);
  s << "<rect x=\"" << num(x0) << "\" y=\"" << num(y0) << "\" width=\"" << num(side)
    << "\" height=\"" << num(side) << "\" fill=\"none\" stroke=\"black\"/>\n";
  // The diagonal a = b: every P-position lies on or above it.
  s << "<line x1=\"" << num(px(0)) << "\" y1=\"" << num(py(0)) << "\" x2=\""
    << num(px(std::min(bx, ay))) << "\" y2=\"" << num(py(std::min(bx, ay)))
    << "\" stroke=\"#aaa\" stroke-dasharray=\"4 3\"/>\n";
  for (auto t : ticks(0, bx, 10)) {
    s << "<line x1=\"" << num(px(t)) << "\" y1=\"" << num(y0 + side) << "\" x2=\"" << num(px(t))
      << "\" y2=\"" << num(y0 + side + 5) << "\" stroke=\"black\"/>\n";
    text_at(s, px(t), y0 + side + 19, std::to_string(t), 12, "middle");
  }
  for (auto t : ticks(0, ay, 10)) {
    s << "<line x1=\"" << num(x0 - 5) << "\" y1=\"" << num(py(t)) << "\" x2=\"" << num(x0)
      << "\" y2=\"" << num(py(t)) << "\" stroke=\"black\"/>\n";
    text_at(s, x0 - 8, py(t) + 4, std::to_string(t), 12, "end");
  }
  text_at(s, x0 + side / 2, y0 + side + 42, "b (second row)", 14, "middle");
  const double my = y0 + side / 2;
  text_at(s, 24, my, "a (bottom row, with the poisoned square)", 14, "middle",
          " transform=\"rotate(-90 24 " + num(my) + ")\"");
  const double r = std::clamp(side / static_cast<double>(bx) * 0.45, 1.2, 6.0);
  s << "<g class=\"points\">\n";
  for (const auto& p : plot.p_positions) {
    s << "<circle class=\"v p\" data-a=\"" << p.a << "\" data-b=\"" << p.b << "\" data-c=\"" << p.c
      << "\" cx=\"" << num(px(p.b)) << "\" cy=\"" << num(py(p.a)) << "\" r=\"" << num(r)
      << "\" fill=\"" << scale_colour(p.c, max_c) << "\" stroke=\"#222\" stroke-width=\"0.5\">"
      << "<title>(" << p.a << ", " << p.b << ", " << p.c << ") is P</title></circle>\n";
  }
  s << "</g>\n";
  value_legend(s, x0 + side + 30, y0 + 8, max_c, "c (third row)", false);
  s << "</svg>\n";
  return s.str();
}

std::string log_plot_svg(const LogPlot& plot) {
  std::int64_t x_lo = 0, x_hi = 1, y_hi = 1;
  bool first = true;
  for (const auto& series : plot.series) {
    for (const auto& [x, y] : series.points) {
      x_lo = first ? x : std::min(x_lo, x);
      x_hi = first ? x : std::max(x_hi, x);
      y_hi = std::max(y_hi, y);
      first = false;
    }
  }
  if (x_hi <= x_lo) x_hi = x_lo + 1;
  // Decades 10^0 .. 10^top, top at least 1.
  int top = 1;
  while (top < 18 && std::pow(10.0, top) < static_cast<double>(y_hi)) ++top;
  const double plot_w = 720, plot_h = 420;
  const double x0 = kLeft + 20, y0 = kTop;
  const double width = fitted_width(x0 + plot_w + kRight + 20, plot.text),
               height = y0 + plot_h + kBottom + 20 + caption_extra(plot.text, width);
  const double span = static_cast<double>(x_hi - x_lo);
  auto px = [&](std::int64_t x) {
    return x0 + 20 + (plot_w - 40) * static_cast<double>(x - x_lo) / span;
  };
  auto py = [&](std::int64_t y) {
    const double l = std::log10(static_cast<double>(std::max<std::int64_t>(y, 1)));
    return y0 + plot_h - plot_h * l / top;
  };
  std::ostringstream s;
  open_svg(s, width, height, plot.text);
  s << "<rect x=\"" << num(x0) << "\" y=\"" << num(y0) << "\" width=\"" << num(plot_w)
    << "\" height=\"" << num(plot_h) << "\" fill=\"none\" stroke=\"black\"/>\n";
  // A grid line and a label at each decade.
  const int step = top > 12 ? 2 : 1;
  for (int k = 0; k <= top; k += step) {
    const double ty = y0 + plot_h - plot_h * k / top;
    s << "<line x1=\"" << num(x0 - 5) << "\" y1=\"" << num(ty) << "\" x2=\"" << num(x0 + plot_w)
      << "\" y2=\"" << num(ty) << "\" stroke=\"" << (k == 0 ? "black" : "#ddd") << "\"/>\n";
    s << "<text x=\"" << num(x0 - 8) << "\" y=\"" << num(ty + 4) << "\" " << kFont
      << " font-size=\"12\" text-anchor=\"end\">10<tspan dy=\"-6\" font-size=\"9\">" << k
      << "</tspan></text>\n";
  }
  for (auto t : ticks(x_lo, x_hi, 14)) {
    s << "<line x1=\"" << num(px(t)) << "\" y1=\"" << num(y0 + plot_h) << "\" x2=\"" << num(px(t))
      << "\" y2=\"" << num(y0 + plot_h + 5) << "\" stroke=\"black\"/>\n";
    text_at(s, px(t), y0 + plot_h + 19, std::to_string(t), 12, "middle");
  }
  text_at(s, x0 + plot_w / 2, y0 + plot_h + 42, plot.x_label, 14, "middle");
  const double my = y0 + plot_h / 2;
  text_at(s, 24, my, plot.y_label + " (log scale)", 14, "middle",
          " transform=\"rotate(-90 24 " + num(my) + ")\"");
  static const std::array<const char*, 4> colours = {"#3b528b", "#d7301f", "#21918c", "#f4a736"};
  for (std::size_t i = 0; i < plot.series.size(); ++i) {
    const auto& series = plot.series[i];
    const char* colour = colours[i % colours.size()];
    auto points = series.points;
    std::sort(points.begin(), points.end());
    s << "<g class=\"series\" data-series=\"" << xml_escape(series.name) << "\">\n";
    if (points.size() > 1) {
      s << "<polyline fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"1.2\""
        << (i == 0 ? "" : " stroke-dasharray=\"5 3\"") << " points=\"";
      for (const auto& [x, y] : points) s << num(px(x)) << ',' << num(py(y)) << ' ';
      s << "\"/>\n";
    }
    for (const auto& [x, y] : points) {
      const std::string tip = series.name + ": " + std::to_string(y) + " at " + plot.x_label +
                              " = " + std::to_string(x);
      const std::string data = "class=\"v\" data-series=\"" + xml_escape(series.name) +
                               "\" data-x=\"" + std::to_string(x) + "\" data-y=\"" +
                               std::to_string(y) + "\"";
      if (i == 0) {
        s << "<circle " << data << " cx=\"" << num(px(x)) << "\" cy=\"" << num(py(y))
          << "\" r=\"4.5\" fill=\"" << colour << "\"><title>" << xml_escape(tip)
          << "</title></circle>\n";
        text_at(s, px(x) - 8, py(y) - 9, std::to_string(y), 11, "end");
      } else {
        s << "<rect " << data << " x=\"" << num(px(x) - 6) << "\" y=\"" << num(py(y) - 6)
          << "\" width=\"12\" height=\"12\" fill=\"none\" stroke=\"" << colour
          << "\" stroke-width=\"1.5\"><title>" << xml_escape(tip) << "</title></rect>\n";
      }
    }
    s << "</g>\n";
  }
  const double lx = x0 + plot_w + 20;
  for (std::size_t i = 0; i < plot.series.size(); ++i) {
    const double ly = y0 + 8 + 22.0 * static_cast<double>(i);
    const char* colour = colours[i % colours.size()];
    if (i == 0) {
      s << "<circle cx=\"" << num(lx + 7) << "\" cy=\"" << num(ly + 7) << "\" r=\"4.5\" fill=\""
        << colour << "\"/>\n";
    } else {
      s << "<rect x=\"" << num(lx + 1) << "\" y=\"" << num(ly + 1) << "\" width=\"12\" "
        << "height=\"12\" fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"1.5\"/>\n";
    }
    text_at(s, lx + 20, ly + 12, plot.series[i].name, 12);
  }
  s << "</svg>\n";
  return s.str();
}

}  // namespace igv
