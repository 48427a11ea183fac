#include "reports/base/plots.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "reports/base/plot_parts.h"

namespace igv {

using namespace plot_parts;  // NOLINT: the module's own parts

std::string markup_escape(std::string_view s, std::string_view apostrophe,
                          std::string_view control) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char ch = s[i];
    // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are no characters of XML 1.0: a junit.xml or an SVG
    // holding one is not well-formed (issue 37). They are written as `control`.
    if (static_cast<unsigned char>(ch) == 0xEF && i + 2 < s.size() &&
        static_cast<unsigned char>(s[i + 1]) == 0xBF &&
        (static_cast<unsigned char>(s[i + 2]) == 0xBE ||
         static_cast<unsigned char>(s[i + 2]) == 0xBF)) {
      out += control;
      i += 2;
      continue;
    }
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
  const auto count = std::max<std::int64_t>(static_cast<std::int64_t>(plot.values.size()), 1);
  const std::int64_t last = plot.first + count - 1;
  Value max = 1;
  bool draws = false;
  for (const auto& v : plot.values) {
    if (v) max = std::max(max, *v);
    draws = draws || (v && *v == 2);
  }
  // Bins of `per` consecutive values when there are more values than bars.
  const std::int64_t per = (count + kMaxBars - 1) / kMaxBars;
  const std::int64_t bars = (count + per - 1) / per;
  // The y axis ends at a tick: the largest value rounded up to the ticks' step.
  if (!plot.outcomes) {
    const auto t = ticks(0, max, 5);
    const std::int64_t step = t.size() > 1 ? t[1] - t[0] : 1;
    max = (max + step - 1) / step * step;
  }
  const std::string g = plot.misere ? "G⁻(" + plot.x_label + ")" : "G(" + plot.x_label + ")";

  Legend legend;
  if (plot.outcomes) {
    for (Value v = 0; v <= (draws ? 2 : 1); ++v)
      legend.entries.push_back({outcome_colour(v), "", outcome_word(v)});
  } else {
    const std::string what = plot.misere ? "misère Grundy value " + g : g;
    if (per == 1) {
      legend.entries.push_back({kColourBar, "", what});
    } else {
      legend.entries.push_back(
          {kColourBand, "", "least to largest " + g + " of " + std::to_string(per) + " values"});
      legend.entries.push_back({kColourBar, "", "median"});
    }
    legend.entries.push_back(
        {kColourP, "", plot.misere ? "P-position (misère value 0)" : "P-position (G = 0)"});
  }
  if (plot.period) {
    const auto& p = *plot.period;
    if (p.preperiod > 0) legend.entries.push_back({"#f6d5b8", "", "preperiod"});
    legend.entries.push_back({"#cfe3f3", "", "period 1"});
    legend.entries.push_back({"#9fc6e6", "", "period 2"});
    std::string words =
        "preperiod e = " + std::to_string(p.preperiod) + ", period p = " + std::to_string(p.period);
    if (p.saltus != 0) words += ", saltus s = " + std::to_string(p.saltus);
    legend.entries.push_back({"", "", words + " (proved)"});
  }
  const double top = 4 + legend.height() + (plot.period ? 8 : 4);  // room for the ribbons
  const double plot_h = plot.outcomes ? 24 : 110;
  const double strip = plot.outcomes ? 0 : 4;  // P-position marks under the axis
  const double x0 = plot.outcomes ? 14 : kLeft, y0 = top;
  // Room on the right for half the last tick label.
  const double right = std::max(kRight, text_width(std::to_string(last), kTickSize) / 2 + 2);
  const double plot_w = kWidth - x0 - right;
  // A long range with a proved (plain) period is also drawn as a period-aligned raster below the
  // bands: one row per period, the rows starting where the preperiod ends (and every p before
  // it), so that periodicity reads as identical rows, the preperiod as the rows that differ.
  struct Raster {
    std::int64_t row0 = 0, rows = 0, cols = 0, per_col = 1, first_periodic_row = 0;
    double row_h = 0, top = 0, height = 0;
  } raster;
  if (plot.period && !plot.outcomes && per > 1 && plot.period->saltus == 0) {
    const auto& p = *plot.period;
    const std::int64_t back =
        p.preperiod > plot.first ? (p.preperiod - plot.first + p.period - 1) / p.period : 0;
    raster.row0 = p.preperiod - back * p.period;
    // At most kMaxRasterRows rows: the last ones, where the preperiod ends and the rows repeat.
    const std::int64_t all_rows = (last - raster.row0) / p.period + 1;
    if (all_rows > kMaxRasterRows) raster.row0 += (all_rows - kMaxRasterRows) * p.period;
    raster.rows = std::min(all_rows, kMaxRasterRows);
    raster.first_periodic_row =
        p.preperiod > raster.row0 ? (p.preperiod - raster.row0) / p.period : 0;
    raster.per_col = (p.period + kMaxRasterColumns - 1) / kMaxRasterColumns;
    raster.cols = (p.period + raster.per_col - 1) / raster.per_col;
    raster.row_h = std::clamp(96.0 / static_cast<double>(raster.rows), 1.5, 14.0);
    raster.top = top + plot_h + strip + kBottom + 12;
    raster.height = raster.row_h * static_cast<double>(raster.rows);
    if (raster.rows < 2) raster.rows = 0;  // one row shows no repetition
  }
  const double height =
      top + plot_h + strip + kBottom + (raster.rows > 0 ? 12 + raster.height + kBottom : 0);
  const double cell = plot_w / static_cast<double>(bars);
  auto x_of = [&](std::int64_t n) {
    return x0 + plot_w * static_cast<double>(n - plot.first) / static_cast<double>(count);
  };
  std::ostringstream s;
  open_svg(s, height, plot.text);
  legend.draw(s, 4);

  // The proved period: the preperiod, then the first two periods, as far as shown.
  if (plot.period) {
    const auto& p = *plot.period;
    auto band = [&](std::int64_t from, std::int64_t to, const char* cls, const char* fill) {
      from = std::max(from, plot.first);
      to = std::min(to, last);
      if (to < from) return;
      s << "<rect class=\"" << cls << "\" data-from=\"" << from << "\" data-to=\"" << to
        << "\" x=\"" << num(x_of(from)) << "\" y=\"" << num(y0) << "\" width=\""
        << num(x_of(to + 1) - x_of(from)) << "\" height=\"" << num(plot_h) << "\" fill=\"" << fill
        << "\"/>\n";
    };
    band(0, p.preperiod - 1, "preperiod-band", "#f6d5b8");
    band(p.preperiod, p.preperiod + p.period - 1, "period-band", "#cfe3f3");
    band(p.preperiod + p.period, p.preperiod + 2 * p.period - 1, "period-band-2", "#9fc6e6");
  }

  const double gap = cell > 3 ? 0.4 : 0;
  std::vector<Value> bin;  // the values of one bin, for its median
  s << "<g class=\"values\">\n";
  for (std::int64_t b = 0; b < bars; ++b) {
    const std::int64_t from = plot.first + b * per, to = std::min(last, from + per - 1);
    std::optional<Value> lo, hi;
    std::int64_t zeros = 0, p_count = 0, n_count = 0, d_count = 0;
    bin.clear();
    for (std::int64_t n = from; n <= to; ++n) {
      const auto& v = plot.values[static_cast<std::size_t>(n - plot.first)];
      if (!v) continue;
      bin.push_back(*v);
      lo = lo ? std::min(*lo, *v) : *v;
      hi = hi ? std::max(*hi, *v) : *v;
      zeros += *v == 0 ? 1 : 0;
      p_count += *v == 0 ? 1 : 0;
      n_count += *v == 1 ? 1 : 0;
      d_count += *v == 2 ? 1 : 0;
    }
    if (!hi) continue;
    const double x = x_of(from), w = std::max(x_of(to + 1) - x - gap, 0.1);
    if (plot.outcomes) {
      // A bin shows P when it holds a P-position (the rare outcome), else draw, else N.
      const Value shown = p_count > 0 ? 0 : d_count > 0 ? 2 : 1;
      s << "<rect class=\"v" << (per > 1 ? " bin" : "") << "\" ";
      if (per == 1) {
        s << "data-n=\"" << from << "\" data-outcome=\"" << outcome_letter(shown) << "\"";
      } else {
        s << "data-from=\"" << from << "\" data-to=\"" << to << "\" data-p=\"" << p_count
          << "\" data-n-count=\"" << n_count << "\" data-d=\"" << d_count << "\" data-outcome=\""
          << outcome_letter(shown) << "\"";
      }
      s << " x=\"" << num(x) << "\" y=\"" << num(y0) << "\" width=\"" << num(w) << "\" height=\""
        << num(plot_h) << "\" fill=\"" << outcome_colour(shown) << "\"><title>";
      if (per == 1) {
        s << from << ": " << outcome_letter(shown);
      } else {
        s << from << ".." << to << ": " << p_count << " P, " << n_count << " N, " << d_count
          << " draws";
      }
      s << "</title></rect>\n";
      continue;
    }
    const auto y_of = [&](Value v) {
      return y0 + plot_h - plot_h * static_cast<double>(v) / static_cast<double>(max);
    };
    if (per > 1) {
      // A band from the least to the largest value of the bin, its median marked; a bin of
      // zeros alone is a P-position mark under the axis.
      std::nth_element(bin.begin(), bin.begin() + static_cast<std::ptrdiff_t>(bin.size() / 2),
                       bin.end());
      const Value median = bin[bin.size() / 2];
      const bool p = *hi == 0;
      const double band_top = y_of(*hi), band_bottom = std::max(y_of(*lo), band_top + 0.6);
      s << "<rect class=\"v bin\" data-from=\"" << from << "\" data-to=\"" << to << "\" data-min=\""
        << *lo << "\" data-max=\"" << *hi << "\" data-median=\"" << median << "\" data-zeros=\""
        << zeros << "\" x=\"" << num(x) << "\" y=\"" << num(p ? y0 + plot_h + 0.6 : band_top)
        << "\" width=\"" << num(w) << "\" height=\""
        << num(p ? strip - 0.6 : band_bottom - band_top) << "\" fill=\""
        << (p ? kColourP : kColourBand) << "\"><title>n = " << from << ".." << to << ": G from "
        << *lo << " to " << *hi << ", median " << median << ", " << zeros
        << " P-positions</title></rect>\n";
      if (!p) {
        s << "<rect class=\"median\" x=\"" << num(x) << "\" y=\"" << num(y_of(median) - 0.5)
          << "\" width=\"" << num(w) << "\" height=\"1\" fill=\"" << kColourBar << "\"/>\n";
      }
      if (!p && zeros > 0) {
        s << "<rect class=\"p-mark\" data-from=\"" << from << "\" data-to=\"" << to << "\" x=\""
          << num(x) << "\" y=\"" << num(y0 + plot_h + 0.6) << "\" width=\"" << num(w)
          << "\" height=\"" << num(strip - 0.6) << "\" fill=\"" << kColourP << "\"/>\n";
      }
      continue;
    }
    const double h = plot_h * static_cast<double>(*hi) / static_cast<double>(max);
    s << "<rect class=\"v\" ";
    s << "data-n=\"" << from << "\" data-value=\"" << *hi << "\"";
    // A P-position (value 0) is a mark under the axis, in the strip.
    const bool p = *hi == 0;
    s << " x=\"" << num(x) << "\" y=\"" << num(p ? y0 + plot_h + 0.6 : y0 + plot_h - h)
      << "\" width=\"" << num(w) << "\" height=\"" << num(p ? strip - 0.6 : h) << "\" fill=\""
      << (p ? kColourP : kColourBar) << "\"><title>";
    s << "G(" << from << ") = " << *hi;
    s << "</title></rect>\n";
    if (!p && zeros > 0) {
      s << "<rect class=\"p-mark\" data-from=\"" << from << "\" data-to=\"" << to << "\" x=\""
        << num(x) << "\" y=\"" << num(y0 + plot_h + 0.6) << "\" width=\"" << num(w)
        << "\" height=\"" << num(strip - 0.6) << "\" fill=\"" << kColourP << "\"/>\n";
    }
  }
  s << "</g>\n";
  if (plot.period) {
    // Ribbons over the top of the values, at least 1.5 pt wide: a period of any length shows.
    const auto& p = *plot.period;
    auto ribbon = [&](std::int64_t from, std::int64_t to, const char* cls, const char* fill) {
      from = std::max(from, plot.first);
      to = std::min(to, last);
      if (to < from) return;
      const double x = x_of(from), w = std::max(x_of(to + 1) - x, 1.5);
      s << "<rect class=\"" << cls << " ribbon\" data-from=\"" << from << "\" data-to=\"" << to
        << "\" x=\"" << num(x) << "\" y=\"" << num(y0 - 4) << "\" width=\"" << num(w)
        << "\" height=\"3.5\" fill=\"" << fill << "\" stroke=\"#555555\" stroke-width=\"0.3\"/>\n";
    };
    ribbon(0, p.preperiod - 1, "preperiod-band", "#f6d5b8");
    ribbon(p.preperiod, p.preperiod + p.period - 1, "period-band", "#cfe3f3");
    ribbon(p.preperiod + p.period, p.preperiod + 2 * p.period - 1, "period-band-2", "#9fc6e6");
  }

  if (raster.rows > 0) {
    // Each cell: the largest value of its positions (per_col of them), on the values' colours.
    const auto& p = *plot.period;
    const double cw = plot_w / static_cast<double>(raster.cols);
    s << "<g class=\"raster\" data-period=\"" << p.period << "\" data-rows=\"" << raster.rows
      << "\" data-columns=\"" << raster.cols << "\" data-row0=\"" << raster.row0 << "\">\n";
    for (std::int64_t r = 0; r < raster.rows; ++r) {
      const std::int64_t start = raster.row0 + r * p.period;
      const double y = raster.top + raster.row_h * static_cast<double>(r);
      std::int64_t run_from = 0;
      std::optional<Value> run_value;
      const auto flush = [&](std::int64_t to_col) {
        if (run_value) {
          s << "<rect class=\"raster-cell\" x=\"" << num(x0 + cw * static_cast<double>(run_from))
            << "\" y=\"" << num(y) << "\" width=\""
            << num(cw * static_cast<double>(to_col - run_from) + (to_col < raster.cols ? 0.3 : 0))
            << "\" height=\"" << num(raster.row_h) << "\" fill=\"" << scale_colour(*run_value, max)
            << "\"/>\n";
        }
      };
      for (std::int64_t c = 0; c < raster.cols; ++c) {
        std::optional<Value> v;
        const std::int64_t from = start + c * raster.per_col;
        const std::int64_t to = std::min({from + raster.per_col - 1, start + p.period - 1, last});
        for (std::int64_t n = std::max(from, plot.first); n <= to; ++n) {
          const auto& x = plot.values[static_cast<std::size_t>(n - plot.first)];
          if (x) v = v ? std::max(*v, *x) : *x;
        }
        if (c == 0 || v != run_value) {
          if (c > 0) flush(c);
          run_from = c;
          run_value = v;
        }
      }
      flush(raster.cols);
    }
    s << "</g>\n";
    if (raster.first_periodic_row > 0) {
      // Where the preperiod ends: the rows below repeat.
      const double y = raster.top + raster.row_h * static_cast<double>(raster.first_periodic_row);
      s << "<line class=\"preperiod-end\" x1=\"" << num(x0 - 3) << "\" y1=\"" << num(y)
        << "\" x2=\"" << num(x0 + plot_w) << "\" y2=\"" << num(y)
        << "\" stroke=\"#d55e00\" stroke-width=\"0.8\"/>\n";
    }
    x_axis(
        s, x0, plot_w, raster.top + raster.height,
        end_ticks(0, p.period - 1, fitting_ticks(plot_w, std::to_string(p.period).size())),
        [&](std::int64_t t) {
          return x0 + plot_w * (static_cast<double>(t) + 0.5) / static_cast<double>(p.period);
        },
        "n − row start (a row: p = " + std::to_string(p.period) + "); colour: largest " + g);
    // Row starts as ticks: the first row drawn from its start on, the row where the preperiod
    // ends, the last row; no two labels closer than 9 pt.
    std::vector<std::int64_t> row_ticks;
    const auto tick_row = [&](std::int64_t r) {
      const std::int64_t start = raster.row0 + r * p.period;
      if (start < plot.first) return;
      for (const auto t : row_ticks) {
        if (std::abs((t - start) / p.period) * raster.row_h < 9) return;
      }
      row_ticks.push_back(start);
    };
    tick_row(raster.rows - 1);
    if (raster.first_periodic_row > 0) tick_row(raster.first_periodic_row);
    tick_row(0);
    tick_row(1);
    std::sort(row_ticks.begin(), row_ticks.end());
    y_axis(
        s, x0, raster.top, raster.height, row_ticks,
        [&](std::int64_t t) {
          return raster.top +
                 raster.row_h * (static_cast<double>((t - raster.row0) / p.period) + 0.5);
        },
        "");
    // The axis' name above it: a rotated one would run into six-digit tick labels.
    text_at(s, x0, raster.top - 4, "row start n", kTickSize, "middle");
  }

  const auto digits = std::to_string(last).size();
  x_axis(
      s, x0, plot_w, y0 + plot_h + strip,
      end_ticks(plot.first, last, fitting_ticks(plot_w, digits)),
      [&](std::int64_t t) { return x_of(t) + (per == 1 ? cell / 2 : 0); }, plot.x_label);
  if (!plot.outcomes) {
    y_axis(
        s, x0, y0, plot_h, ticks(0, max, 5),
        [&](std::int64_t t) {
          return y0 + plot_h - plot_h * static_cast<double>(t) / static_cast<double>(max);
        },
        g);
  }
  s << "</svg>\n";
  return s.str();
}

std::string grid_plot_svg(const GridPlot& plot) {
  Value max = 1;
  bool draws = false, missing = false;
  for (const auto& v : plot.cells) {
    if (v) max = std::max(max, *v);
    draws = draws || (v && *v == 2);
    missing = missing || !v;
  }
  Legend legend;
  if (plot.outcomes) {
    for (Value v = 0; v <= (draws ? 2 : 1); ++v)
      legend.entries.push_back({outcome_colour(v), "", outcome_word(v)});
  } else {
    legend.entries.push_back({scale_colour(0, max), "black", plot.zero_legend});
  }
  if (missing) legend.entries.push_back({kColourMissing, "#999999", "not a position"});
  const bool named = !plot.x_names.empty();
  std::size_t name_chars = 0;
  for (const auto& n : plot.x_names) name_chars = std::max(name_chars, length(n));
  const double bottom =
      named ? 8 + kTickSize * kCharWidth * static_cast<double>(name_chars) + 12 : kBottom;
  std::size_t y_chars = std::to_string(plot.y_first + plot.height - 1).size();
  for (const auto& n : plot.y_names) y_chars = std::max(y_chars, length(n));
  const double x0 = 14 + kCharWidth * kTickSize * static_cast<double>(y_chars) + 6;
  const double right = plot.outcomes ? kRight : colour_bar_room(max);
  const double top = 4 + legend.height() + (plot.outcomes ? 4 : 12);
  const double side = kWidth - x0 - right;
  const double cell =
      side / static_cast<double>(std::max<std::int64_t>(std::max(plot.width, plot.height), 1));
  const double plot_w = cell * static_cast<double>(plot.width);
  const double plot_h = cell * static_cast<double>(plot.height);
  const double y0 = top;
  const double height = y0 + plot_h + bottom;
  std::ostringstream s;
  open_svg(s, height, plot.text);
  legend.draw(s, 4);

  // Cells: y grows upwards (y_first at the bottom), as in the papers' tables.
  auto cx = [&](std::int64_t x) { return x0 + cell * static_cast<double>(x - plot.x_first); };
  auto cy = [&](std::int64_t y) {
    return y0 + plot_h - cell * static_cast<double>(y - plot.y_first + 1);
  };
  const bool outline = !plot.outcomes;
  const double stroke = std::clamp(cell * 0.14, 0.3, 1.0);
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
  s << "<rect x=\"" << num(x0) << "\" y=\"" << num(y0) << "\" width=\"" << num(plot_w)
    << "\" height=\"" << num(plot_h)
    << "\" fill=\"none\" stroke=\"black\" stroke-width=\"0.6\"/>\n";

  // Ticks: at nice numbers, or names at least 8 pt apart.
  const std::int64_t x_last = plot.x_first + plot.width - 1,
                     y_last = plot.y_first + plot.height - 1;
  const auto named_ticks = [&](std::int64_t first, std::int64_t last) {
    std::vector<std::int64_t> out;
    const auto step = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(8.0 / cell)));
    for (std::int64_t t = first; t <= last; t += step) out.push_back(t);
    return out;
  };
  const auto x_ticks =
      named ? named_ticks(plot.x_first, x_last)
            : end_ticks(plot.x_first, x_last, fitting_ticks(plot_w, std::to_string(x_last).size()));
  const auto y_ticks = plot.y_names.empty() ? end_ticks(plot.y_first, y_last,
                                                        std::max(2, static_cast<int>(plot_h / 14)))
                                            : named_ticks(plot.y_first, y_last);
  for (auto t : x_ticks) {
    const double tx = cx(t) + cell / 2;
    const auto i = static_cast<std::size_t>(t - plot.x_first);
    const std::string label = i < plot.x_names.size() ? plot.x_names[i] : std::to_string(t);
    s << "<line x1=\"" << num(tx) << "\" y1=\"" << num(y0 + plot_h) << "\" x2=\"" << num(tx)
      << "\" y2=\"" << num(y0 + plot_h + 3) << "\" stroke=\"black\" stroke-width=\"0.6\"/>\n";
    if (!named) {
      text_at(s, tx, y0 + plot_h + 10.5, label, kTickSize, "middle");
    } else {
      const double ly = y0 + plot_h + 5;
      text_at(s, tx + 2.5, ly, label, kTickSize, "end",
              " font-family=\"DejaVu Sans Mono, monospace\" transform=\"rotate(-90 " +
                  num(tx + 2.5) + " " + num(ly) + ")\"");
    }
  }
  for (auto t : y_ticks) {
    const double ty = cy(t) + cell / 2;
    const auto i = static_cast<std::size_t>(t - plot.y_first);
    const std::string label = i < plot.y_names.size() ? plot.y_names[i] : std::to_string(t);
    s << "<line x1=\"" << num(x0 - 3) << "\" y1=\"" << num(ty) << "\" x2=\"" << num(x0)
      << "\" y2=\"" << num(ty) << "\" stroke=\"black\" stroke-width=\"0.6\"/>\n";
    text_at(s, x0 - 4.5, ty + 2.5, label, kTickSize, "end",
            plot.y_names.empty() ? "" : " font-family=\"DejaVu Sans Mono, monospace\"");
  }
  text_at(s, x0 + plot_w / 2, height - 4, plot.x_label, kLabelSize, "middle");
  const double my = y0 + plot_h / 2;
  text_at(s, 8, my, plot.y_label, kLabelSize, "middle",
          " transform=\"rotate(-90 8 " + num(my) + ")\"");
  if (!plot.outcomes) colour_bar(s, x0 + plot_w + 8, y0, plot_h, max, plot.value_name);
  s << "</svg>\n";
  return s.str();
}

std::string three_row_boards_svg(const ThreeRowBoardsPlot& plot) {
  std::int64_t max_c = 1;
  for (const auto& p : plot.p_positions) max_c = std::max(max_c, p.c);
  Legend legend;
  legend.entries.push_back(
      {scale_colour(max_c / 2, max_c), "", "P-position (a, b, c); colour: c", true});
  const double top = 4 + legend.height() + 12;
  const double x0 = kLeft, y0 = top;
  const double side = kWidth - x0 - colour_bar_room(max_c);
  const double height = y0 + side + kBottom;
  const std::int64_t bx = std::max<std::int64_t>(plot.max_b, 1);
  const std::int64_t ay = std::max<std::int64_t>(plot.max_a, 1);
  auto px = [&](std::int64_t b) {
    return x0 + side * static_cast<double>(b) / static_cast<double>(bx);
  };
  auto py = [&](std::int64_t a) {
    return y0 + side - side * static_cast<double>(a) / static_cast<double>(ay);
  };
  std::ostringstream s;
  open_svg(s, height, plot.text);
  legend.draw(s, 4);
  s << "<rect x=\"" << num(x0) << "\" y=\"" << num(y0) << "\" width=\"" << num(side)
    << "\" height=\"" << num(side) << "\" fill=\"none\" stroke=\"black\" stroke-width=\"0.6\"/>\n";
  // The diagonal a = b: every P-position lies on or above it.
  s << "<line x1=\"" << num(px(0)) << "\" y1=\"" << num(py(0)) << "\" x2=\""
    << num(px(std::min(bx, ay))) << "\" y2=\"" << num(py(std::min(bx, ay)))
    << "\" stroke=\"#999999\" stroke-width=\"0.5\" stroke-dasharray=\"2 1.5\"/>\n";
  x_axis(s, x0, side, y0 + side, end_ticks(0, bx, fitting_ticks(side, std::to_string(bx).size())),
         px, "b (second row)");
  y_axis(s, x0, y0, side, end_ticks(0, ay, 6), py, "a (bottom row)");
  const double r = std::clamp(side / static_cast<double>(bx) * 0.42, 0.9, 2.5);
  s << "<g class=\"points\">\n";
  for (const auto& p : plot.p_positions) {
    s << "<circle class=\"v p\" data-a=\"" << p.a << "\" data-b=\"" << p.b << "\" data-c=\"" << p.c
      << "\" cx=\"" << num(px(p.b)) << "\" cy=\"" << num(py(p.a)) << "\" r=\"" << num(r)
      << "\" fill=\"" << scale_colour(p.c, max_c) << "\" stroke=\"#222222\" stroke-width=\"0.2\">"
      << "<title>(" << p.a << ", " << p.b << ", " << p.c << ") is P</title></circle>\n";
  }
  s << "</g>\n";
  colour_bar(s, x0 + side + 8, y0, side, max_c, "c");
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
  int top_decade = 1;
  while (top_decade < 18 && std::pow(10.0, top_decade) < static_cast<double>(y_hi)) ++top_decade;
  static const std::array<const char*, 4> colours = {"#3b528b", "#d55e00", "#21918c", "#e69f00"};
  Legend legend;
  for (std::size_t i = 0; i < plot.series.size(); ++i)
    legend.entries.push_back({colours[i % colours.size()], "", plot.series[i].name, i == 0});
  const double top = 4 + legend.height() + 4;
  const double x0 = kLeft, y0 = top, plot_w = kWidth - x0 - kRight, plot_h = 140;
  const double height = y0 + plot_h + kBottom;
  const double span = static_cast<double>(x_hi - x_lo);
  auto px = [&](std::int64_t x) {
    return x0 + 6 + (plot_w - 12) * static_cast<double>(x - x_lo) / span;
  };
  auto py = [&](std::int64_t y) {
    const double l = std::log10(static_cast<double>(std::max<std::int64_t>(y, 1)));
    return y0 + plot_h - plot_h * l / top_decade;
  };
  std::ostringstream s;
  open_svg(s, height, plot.text);
  legend.draw(s, 4);
  s << "<rect x=\"" << num(x0) << "\" y=\"" << num(y0) << "\" width=\"" << num(plot_w)
    << "\" height=\"" << num(plot_h)
    << "\" fill=\"none\" stroke=\"black\" stroke-width=\"0.6\"/>\n";
  // A grid line and a label at each decade (or every other one).
  const int step = top_decade > 8 ? 2 : 1;
  for (int k = 0; k <= top_decade; k += step) {
    const double ty = y0 + plot_h - plot_h * k / top_decade;
    s << "<line x1=\"" << num(x0 - 3) << "\" y1=\"" << num(ty) << "\" x2=\"" << num(x0 + plot_w)
      << "\" y2=\"" << num(ty) << "\" stroke=\"" << (k == 0 ? "black" : "#dddddd")
      << "\" stroke-width=\"0.5\"/>\n";
    s << "<text x=\"" << num(x0 - 4.5) << "\" y=\"" << num(ty + 2.5) << "\" font-size=\""
      << num(kTickSize) << "\" text-anchor=\"end\">10<tspan dy=\"-3\" font-size=\""
      << num(kTickSize) << "\">" << k << "</tspan></text>\n";
  }
  x_axis(s, x0, plot_w, y0 + plot_h,
         end_ticks(x_lo, x_hi, fitting_ticks(plot_w, std::to_string(x_hi).size())), px,
         plot.x_label);
  const double my = y0 + plot_h / 2;
  text_at(s, 8, my, plot.y_label + " (log scale)", kLabelSize, "middle",
          " transform=\"rotate(-90 8 " + num(my) + ")\"");
  for (std::size_t i = 0; i < plot.series.size(); ++i) {
    const auto& series = plot.series[i];
    const char* colour = colours[i % colours.size()];
    auto points = series.points;
    std::sort(points.begin(), points.end());
    s << "<g class=\"series\" data-series=\"" << xml_escape(series.name) << "\">\n";
    if (points.size() > 1) {
      s << "<polyline fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"0.8\""
        << (i == 0 ? "" : " stroke-dasharray=\"3 2\"") << " points=\"";
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
          << "\" r=\"2.2\" fill=\"" << colour << "\"><title>" << xml_escape(tip)
          << "</title></circle>\n";
      } else {
        s << "<rect " << data << " x=\"" << num(px(x) - 3) << "\" y=\"" << num(py(y) - 3)
          << "\" width=\"6\" height=\"6\" fill=\"none\" stroke=\"" << colour
          << "\" stroke-width=\"0.8\"><title>" << xml_escape(tip) << "</title></rect>\n";
      }
    }
    s << "</g>\n";
  }
  s << "</svg>\n";
  return s.str();
}

std::string point_plot_svg(const PointPlot& plot) {
  std::int64_t x_hi = 1, y_hi = 1;
  for (const auto& p : plot.points) {
    x_hi = std::max(x_hi, p.x);
    y_hi = std::max(y_hi, p.y);
  }
  const auto group_colour = [&](std::size_t g) {
    return viridis(plot.groups.size() <= 1
                       ? 0.0
                       : static_cast<double>(g) / static_cast<double>(plot.groups.size() - 1));
  };
  Legend legend;
  if (!plot.group_label.empty()) legend.entries.push_back({"", "", plot.group_label + ":"});
  for (std::size_t g = 0; g < plot.groups.size(); ++g)
    legend.entries.push_back({group_colour(g), "", plot.groups[g]});
  const double top = 4 + legend.height() + 4;
  const double x0 = kLeft, y0 = top, plot_w = kWidth - x0 - kRight, plot_h = plot_w;
  const double height = y0 + plot_h + kBottom;
  auto px = [&](std::int64_t x) {
    return x0 + plot_w * static_cast<double>(x) / static_cast<double>(x_hi);
  };
  auto py = [&](std::int64_t y) {
    return y0 + plot_h - plot_h * static_cast<double>(y) / static_cast<double>(y_hi);
  };
  std::ostringstream s;
  open_svg(s, height, plot.text);
  legend.draw(s, 4);
  s << "<rect x=\"" << num(x0) << "\" y=\"" << num(y0) << "\" width=\"" << num(plot_w)
    << "\" height=\"" << num(plot_h)
    << "\" fill=\"none\" stroke=\"black\" stroke-width=\"0.6\"/>\n";
  x_axis(s, x0, plot_w, y0 + plot_h,
         end_ticks(0, x_hi, fitting_ticks(plot_w, std::to_string(x_hi).size())), px, plot.x_label);
  y_axis(s, x0, y0, plot_h, end_ticks(0, y_hi, 8), py, plot.y_label);
  s << "<g class=\"points\">\n";
  for (const auto& p : plot.points) {
    s << "<circle class=\"v\" data-x=\"" << p.x << "\" data-y=\"" << p.y << "\" data-group=\""
      << xml_escape(p.group < plot.groups.size() ? plot.groups[p.group] : "") << "\" cx=\""
      << num(px(p.x)) << "\" cy=\"" << num(py(p.y)) << "\" r=\"0.9\" fill=\""
      << group_colour(p.group) << "\"/>\n";
  }
  s << "</g>\n</svg>\n";
  return s.str();
}

}  // namespace igv
