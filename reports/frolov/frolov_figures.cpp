// Frolov's figures, drawn from the evidence of the claims the run established: the tables of
// g(m, n) and f(m, n) the checker computed and compared with the printed ones (the paper's Fig. 2,
// and Table 1's f), as coloured grids; and the growth of the periods t_m of Table 2 on a log
// scale, from the rows whose periodicity certificate the independent checker accepted.
#include <map>

#include "reports/base/figures.h"
#include "reports/base/plots.h"

namespace igv {
namespace {

/// The grid of a frolov.table claim: evidence.computed, rows m = 0, 1, …, columns n = 0, 1, …;
/// a cell that is not an integer (g(0, 0), printed as a dash) is left out.
std::optional<Figure> table_figure(const ClaimResult& r) {
  const auto& ev = r.outcome.evidence;
  if (!ev.is_object() || !ev.contains("computed") || !ev["computed"].is_array()) return {};
  const auto& rows = ev["computed"];
  std::int64_t width = 0;
  for (const auto& row : rows) {
    if (!row.is_array()) return {};
    width = std::max<std::int64_t>(width, static_cast<std::int64_t>(row.size()));
  }
  const auto height = static_cast<std::int64_t>(rows.size());
  if (width == 0 || height == 0) return {};
  const std::string fn = r.claim.params.is_object() && r.claim.params.contains("function") &&
                                 r.claim.params["function"].is_string()
                             ? r.claim.params["function"].get<std::string>()
                             : "g";
  GridPlot plot;
  plot.width = width;
  plot.height = height;
  plot.x_label = "n";
  plot.y_label = "m";
  // The colour is the value of Frolov's function (g of the misère rook game, f of Digital
  // Deletion), not a Grundy value: the legend and the colour bar name the function.
  plot.value_name = fn;
  plot.zero_legend = fn + "(m, n) = 0, outlined";
  plot.cells.resize(static_cast<std::size_t>(width * height));
  plot.cell_names.resize(plot.cells.size());
  for (std::int64_t m = 0; m < height; ++m) {
    const auto& row = rows[static_cast<std::size_t>(m)];
    for (std::int64_t n = 0; n < width; ++n) {
      const auto i = static_cast<std::size_t>(m * width + n);
      plot.cell_names[i] = fn + "(" + std::to_string(m) + ", " + std::to_string(n) + ")";
      if (n < static_cast<std::int64_t>(row.size()) &&
          row[static_cast<std::size_t>(n)].is_number_integer()) {
        plot.cells[i] = row[static_cast<std::size_t>(n)].get<Value>();
      }
    }
  }
  const std::string range =
      "0 ≤ m ≤ " + std::to_string(height - 1) + ", 0 ≤ n ≤ " + std::to_string(width - 1);
  plot.text.title = "Frolov: " + fn + "(m, n), " + range + " (" + r.claim.locator + ")";
  // The claim is named beside the figure in the report's body, not in its caption.
  std::string how =
      "The values the check computed (" + std::string(to_string(r.outcome.verdict)) + ")";
  if (ev.contains("cells_compared") && ev["cells_compared"].is_number_integer()) {
    how += ": " + ev["cells_compared"].dump() + " cells compared with the printed table, " +
           ev.value("cells_disagreeing", nlohmann::json(0)).dump() + " disagreeing";
  }
  if (ev.contains("method") && ev["method"].is_string()) {
    how += "; " + ev["method"].get<std::string>();
  }
  plot.text.caption = how + ".";
  Figure f;
  f.name = figure_file_name("frolov_" + fn + "_" + r.claim.id) + ".svg";
  f.title = plot.text.title;
  f.caption = plot.text.caption;
  f.claims = {r.claim.id};
  f.svg = grid_plot_svg(plot);
  return f;
}

/// j[key] when it is an integer, else -1.
std::int64_t integer_at(const nlohmann::json& j, const char* key) {
  if (j.is_object() && j.contains(key) && j[key].is_number_integer())
    return j[key].get<std::int64_t>();
  return -1;
}

/// Table 2's periods t_m of g and f, from the proved rows and the proved extension.
std::optional<Figure> growth_figure(const Report& report) {
  std::map<std::int64_t, std::int64_t> t_g, t_f;
  std::vector<std::string> claims;
  for (const auto& r : report.results) {
    if (r.outcome.verdict != Verdict::proved) continue;
    const auto& c = r.claim;
    const auto& ev = r.outcome.evidence;
    if (c.checker == "frolov.table2_row" && c.params.is_object()) {
      const std::int64_t row = integer_at(c.params, "row");
      const std::int64_t t =
          ev.is_object() && ev.contains("computed") ? integer_at(ev["computed"], "t") : -1;
      const std::string fn = c.params.value("function", std::string());
      if (row < 0 || t < 1 || (fn != "g" && fn != "f")) continue;
      (fn == "g" ? t_g : t_f)[row] = t;
      claims.push_back(c.id);
    } else if (c.checker == "frolov.table2_extension" && ev.is_object() && ev.contains("table") &&
               ev["table"].is_array()) {
      bool any = false;
      for (const auto& row : ev["table"]) {
        const std::int64_t m = integer_at(row, "m");
        if (m < 0) continue;
        if (const std::int64_t t = integer_at(row, "t"); t >= 1) {
          t_g[m] = t;
          any = true;
        }
        if (const std::int64_t t = integer_at(row, "t (f)"); t >= 1) {
          t_f[m] = t;
          any = true;
        }
      }
      if (any) claims.push_back(c.id);
    }
  }
  if (t_g.empty() && t_f.empty()) return std::nullopt;
  LogPlot plot;
  plot.x_label = "m";
  plot.y_label = "period of row m";
  LogPlot::Series g{"g(m, ·)", {}}, f{"f(m, ·)", {}};
  for (const auto& [m, t] : t_g) g.points.emplace_back(m, t);
  for (const auto& [m, t] : t_f) f.points.emplace_back(m, t);
  if (!g.points.empty()) plot.series.push_back(g);
  if (!f.points.empty()) plot.series.push_back(f);
  std::int64_t top = 0;
  for (const auto& s : plot.series) top = std::max(top, s.points.back().first);
  plot.text.title =
      "Frolov, Table 2: the period of row m of g and f, m ≤ " + std::to_string(top) + ", log scale";
  plot.text.caption =
      "Every period proved: computed row by row, with a certificate (the §4 "
      "argument) that an independent checker accepted, in " +
      std::to_string(claims.size()) + " proved claims of this report.";
  Figure fig;
  fig.name = "frolov_table2_growth.svg";
  fig.title = plot.text.title;
  fig.caption = plot.text.caption;
  fig.claims = claims;
  fig.svg = log_plot_svg(plot);
  return fig;
}

FigureWriter frolov_figures() {
  return {"frolov",
          "g(m, n) and f(m, n) as coloured grids (Fig. 2, Table 1), the growth of Table 2's t_m",
          [](const Report& report) {
            std::vector<Figure> out;
            for (const auto& r : report.results) {
              if (r.claim.checker != "frolov.table" || !established(r)) continue;
              if (auto f = table_figure(r)) out.push_back(std::move(*f));
            }
            if (auto f = growth_figure(report)) out.push_back(std::move(*f));
            return out;
          }};
}
IGV_REGISTER_FIGURES(frolov_figures);

}  // namespace
}  // namespace igv
