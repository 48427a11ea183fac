#include "reports/welter/welter_svg.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "core/welter/welter_fast_conway.h"
#include "core/welter/welter_start.h"
#include "reports/base/plots.h"
#include "reports/base/report.h"

namespace igv {

namespace {

void write_atomically(const std::filesystem::path& path, const std::string& text) {
  atomic_write(path.string(), text);  // every write and the close checked
}

}  // namespace

// Both pictures are drawn by the one plotting module (reports/base/plots.h).
std::string welter_fractal_svg(std::int64_t max_n) {
  PointPlot plot;
  plot.text.title = "Welter starting values w(n) = [n+1|...|2n], 1 ≤ n ≤ " + std::to_string(max_n);
  plot.text.caption =
      "w(n) = [n+1|n+2|...|2n] computed by Conway's mating rule, coloured by the binary length "
      "of n";
  plot.x_label = "n";
  plot.y_label = "w(n)";
  plot.group_label = "binary length of n";
  const int lengths = static_cast<int>(
      std::bit_width(static_cast<std::uint64_t>(std::max<std::int64_t>(max_n, 1))));
  for (int len = 1; len <= lengths; ++len) plot.groups.push_back(std::to_string(len));
  for (std::int64_t n = 1; n <= max_n; ++n) {
    const auto len = static_cast<std::size_t>(std::bit_width(static_cast<std::uint64_t>(n)));
    plot.points.push_back({n, welter_start_value(n), len - 1});
  }
  return point_plot_svg(plot);
}

std::string welter_pair_values_svg(std::int64_t side) {
  GridPlot plot;
  plot.text.title = "Welter function of two coins [a|b], 0 ≤ a, b < " + std::to_string(side);
  plot.text.caption = "[a|b] computed by Conway's mating rule; a = b is not a position";
  plot.width = plot.height = side;
  plot.x_label = "a";
  plot.y_label = "b";
  for (std::int64_t b = 0; b < side; ++b) {
    for (std::int64_t a = 0; a < side; ++a) {
      plot.cell_names.push_back("[" + std::to_string(a) + "|" + std::to_string(b) + "]");
      if (a == b) {
        plot.cells.emplace_back();
      } else {
        plot.cells.emplace_back(welter_value_conway(WelterCoins{std::min(a, b), std::max(a, b)}));
      }
    }
  }
  return grid_plot_svg(plot);
}

void write_welter_pictures(const std::string& dir) {
  const std::filesystem::path base(dir);
  std::filesystem::create_directories(base);
  write_atomically(base / "welter_w_fractal.svg", welter_fractal_svg(kWelterFractalMaxN));
  write_atomically(base / "welter_pair_values.svg", welter_pair_values_svg(kWelterPairSide));
}

}  // namespace igv
