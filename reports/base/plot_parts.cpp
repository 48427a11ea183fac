// The parts of every figure (plot_parts.h): numbers, colours, ticks, text, the SVG header and
// the colour bar.
#include "reports/base/plot_parts.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace igv::plot_parts {

std::string num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", x);
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

/// Viridis at t in [0, 1] (dark purple to yellow; lightness grows with t, so greyscale keeps the
/// order), from nine samples of the matplotlib map.
std::string viridis(double t) {
  static const std::array<std::array<double, 3>, 9> stops = {{{68, 1, 84},
                                                              {71, 45, 123},
                                                              {59, 82, 139},
                                                              {44, 114, 142},
                                                              {33, 145, 140},
                                                              {40, 174, 128},
                                                              {94, 201, 98},
                                                              {173, 220, 48},
                                                              {253, 231, 37}}};
  t = std::clamp(t, 0.0, 1.0);
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

/// Colour of value v on a scale 0 .. max: viridis reversed, 0 light yellow and max dark purple,
/// so that the black outline of a P-position (value 0) stands out.
std::string scale_colour(Value v, Value max) {
  return viridis(max <= 0 ? 1.0 : 1.0 - static_cast<double>(v) / static_cast<double>(max));
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

std::vector<std::int64_t> end_ticks(std::int64_t lo, std::int64_t hi, int most) {
  auto out = ticks(lo, hi, most);
  if (out.empty() || hi <= lo) return out;
  const std::int64_t step = out.size() > 1 ? out[1] - out[0] : hi - lo;
  // An inner tick closer to an end than 0.6 steps makes way for the end's (labels would touch).
  const auto near = [step](std::int64_t a, std::int64_t b) { return (b - a) * 10 < step * 6; };
  std::vector<std::int64_t> inner;
  for (auto t : out)
    if (t > lo && t < hi && !near(lo, t) && !near(t, hi)) inner.push_back(t);
  inner.insert(inner.begin(), lo);
  inner.push_back(hi);
  return inner;
}

/// Characters of a UTF-8 text (not bytes).
std::size_t length(const std::string& t) {
  std::size_t n = 0;
  for (char ch : t) n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

double text_width(const std::string& t, double size) {
  return kCharWidth * size * static_cast<double>(length(t));
}

/// The most tick labels of up to `chars` characters that fit `span` points side by side.
int fitting_ticks(double span, std::size_t chars) {
  return std::max(
      2, static_cast<int>(span / (kCharWidth * kTickSize * static_cast<double>(chars) + 8)));
}

void text_at(std::ostringstream& s, double x, double y, const std::string& t, double size,
             const char* anchor, const std::string& extra) {
  s << "<text x=\"" << num(x) << "\" y=\"" << num(y) << "\" font-size=\"" << num(size)
    << "\" text-anchor=\"" << anchor << "\"" << extra << ">" << xml_escape(t) << "</text>\n";
}

/// The SVG header: 3.5 in (252 pt) wide, `height` points high (the units of the picture); the
/// title and caption as metadata only.
void open_svg(std::ostringstream& s, double height, const PlotText& text) {
  s << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(kWidth / 72) << "in\" height=\""
    << num(height) << "pt\" viewBox=\"0 0 " << num(kWidth) << ' ' << num(height) << "\" " << kFont
    << ">\n"
    << "<title>" << xml_escape(text.title) << "</title>\n"
    << "<desc>" << xml_escape(text.caption) << "</desc>\n"
    << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
}

/// A vertical colour bar of values 0 .. max at (x, y0), h high: discrete blocks for at most 16
/// values, else a gradient; ticks and labels on its right; `title` above it.
void colour_bar(std::ostringstream& s, double x, double y0, double h, Value max,
                const std::string& title) {
  s << "<g class=\"colorbar\" data-max=\"" << max << "\">\n";
  text_at(s, x, y0 - 4, title, kTickSize);
  const double w = 7;
  // Value 0 at the bottom.
  const auto at = [&](double v) {
    return y0 + h - h * v / static_cast<double>(std::max<Value>(max, 1));
  };
  if (max <= 15) {
    const double block = h / static_cast<double>(max + 1);
    for (Value v = 0; v <= max; ++v) {
      s << "<rect x=\"" << num(x) << "\" y=\"" << num(y0 + h - block * static_cast<double>(v + 1))
        << "\" width=\"" << num(w) << "\" height=\"" << num(block) << "\" fill=\""
        << scale_colour(v, max) << "\"/>\n";
    }
    const auto step = std::max<Value>(1, static_cast<Value>(std::ceil(9.0 / block)));
    for (Value v = 0; v <= max; v += step) {
      const double ty = y0 + h - block * (static_cast<double>(v) + 0.5);
      s << "<line x1=\"" << num(x + w) << "\" y1=\"" << num(ty) << "\" x2=\"" << num(x + w + 2)
        << "\" y2=\"" << num(ty) << "\" stroke=\"black\" stroke-width=\"0.6\"/>\n";
      text_at(s, x + w + 3.5, ty + 2.5, std::to_string(v), kTickSize);
    }
  } else {
    s << "<defs><linearGradient id=\"scale\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">\n";
    for (int i = 0; i <= 16; ++i) {
      s << "<stop offset=\"" << num(i / 16.0) << "\" stop-color=\"" << viridis(1.0 - i / 16.0)
        << "\"/>\n";
    }
    s << "</linearGradient></defs>\n"
      << "<rect x=\"" << num(x) << "\" y=\"" << num(y0) << "\" width=\"" << num(w) << "\" height=\""
      << num(h) << "\" fill=\"url(#scale)\"/>\n";
    for (auto t : end_ticks(0, max, std::max(2, static_cast<int>(h / 14)))) {
      const double ty = at(static_cast<double>(t));
      s << "<line x1=\"" << num(x + w) << "\" y1=\"" << num(ty) << "\" x2=\"" << num(x + w + 2)
        << "\" y2=\"" << num(ty) << "\" stroke=\"black\" stroke-width=\"0.6\"/>\n";
      text_at(s, x + w + 3.5, ty + 2.5, std::to_string(t), kTickSize);
    }
  }
  s << "<rect x=\"" << num(x) << "\" y=\"" << num(y0) << "\" width=\"" << num(w) << "\" height=\""
    << num(h) << "\" fill=\"none\" stroke=\"black\" stroke-width=\"0.5\"/>\n</g>\n";
}

/// Room a colour bar of values up to `max` takes right of a plot: gap, bar, ticks, labels.
double colour_bar_room(Value max) {
  return 8 + 7 + 3.5 + text_width(std::to_string(max), kTickSize) + 4;
}

}  // namespace igv::plot_parts
