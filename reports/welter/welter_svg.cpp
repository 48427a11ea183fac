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
#include "reports/base/report.h"

namespace igv {

namespace {

// The fractal shows n up to 2^11 − 1: eleven binary lengths, enough for the self-similar copies
// to be seen, few enough points (2047) for a light file.
constexpr std::int64_t kFractalMaxN = kWelterFractalMaxN;
// [a|b] over 64 × 64 coin pairs: six binary digits, the nested squares of the nim-sum visible.
constexpr std::int64_t kPairSide = kWelterPairSide;
constexpr double kPlot = 720;   // plot area, pixels
constexpr double kMargin = 60;  // room for the axes' labels

// A colour per binary length: hues spread around the wheel.
std::string hue_colour(int index, int count) {
  const int hue = count <= 1 ? 0 : (index * 300) / (count - 1);
  return "hsl(" + std::to_string(hue) + ",75%,45%)";
}

std::string fixed(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", x);
  return buf;
}

void write_atomically(const std::filesystem::path& path, const std::string& text) {
  atomic_write(path.string(), text);  // every write and the close checked
}

}  // namespace

std::string welter_fractal_svg(std::int64_t max_n) {
  std::vector<std::int64_t> w(static_cast<std::size_t>(max_n) + 1, 0);
  std::int64_t w_max = 1;
  for (std::int64_t n = 1; n <= max_n; ++n) {
    w[static_cast<std::size_t>(n)] = welter_start_value(n);
    w_max = std::max(w_max, w[static_cast<std::size_t>(n)]);
  }
  const int lengths = static_cast<int>(
      std::bit_width(static_cast<std::uint64_t>(std::max<std::int64_t>(max_n, 1))));
  const double size = kPlot + 2 * kMargin;
  std::ostringstream s;
  s << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << size << "\" height=\"" << size
    << "\" viewBox=\"0 0 " << size << ' ' << size << "\">\n"
    << "<title>Welter starting values w(n) = [n+1|...|2n], 1 &lt;= n &lt;= " << max_n
    << " (002_ae6d722b5ea2de0c)</title>\n"
    << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    << "<text x=\"" << kMargin << "\" y=\"30\" font-family=\"sans-serif\" font-size=\"16\">"
    << "w(n) = [n+1|n+2|...|2n] by Conway's mating, coloured by the binary length of n</text>\n"
    << "<line x1=\"" << kMargin << "\" y1=\"" << kMargin + kPlot << "\" x2=\"" << kMargin + kPlot
    << "\" y2=\"" << kMargin + kPlot << "\" stroke=\"black\"/>\n"
    << "<line x1=\"" << kMargin << "\" y1=\"" << kMargin << "\" x2=\"" << kMargin << "\" y2=\""
    << kMargin + kPlot << "\" stroke=\"black\"/>\n"
    << "<text x=\"" << kMargin + kPlot / 2 << "\" y=\"" << size - 15
    << "\" font-family=\"sans-serif\" font-size=\"14\">n (0.." << max_n << ")</text>\n"
    << "<text x=\"15\" y=\"" << kMargin + kPlot / 2
    << "\" font-family=\"sans-serif\" font-size=\"14\" transform=\"rotate(-90 15 "
    << kMargin + kPlot / 2 << ")\">w(n) (0.." << w_max << ")</text>\n";
  for (int len = 1; len <= lengths; ++len) {
    s << "<g fill=\"" << hue_colour(len - 1, lengths) << "\"><title>n of binary length " << len
      << "</title>\n";
    const std::int64_t lo = std::int64_t{1} << (len - 1);
    const std::int64_t hi = std::min(max_n, (std::int64_t{1} << len) - 1);
    for (std::int64_t n = lo; n <= hi; ++n) {
      const double x = kMargin + kPlot * static_cast<double>(n) / static_cast<double>(max_n);
      const double y =
          kMargin + kPlot -
          kPlot * static_cast<double>(w[static_cast<std::size_t>(n)]) / static_cast<double>(w_max);
      s << "<circle cx=\"" << fixed(x) << "\" cy=\"" << fixed(y) << "\" r=\"1.6\"/>\n";
    }
    s << "</g>\n";
    s << "<text x=\"" << kMargin + 10 << "\" y=\"" << kMargin + 16 * len
      << "\" font-family=\"sans-serif\""
      << " font-size=\"12\" fill=\"" << hue_colour(len - 1, lengths) << "\">binary length " << len
      << "</text>\n";
  }
  s << "</svg>\n";
  return s.str();
}

std::string welter_pair_values_svg(std::int64_t side) {
  const double cell = kPlot / static_cast<double>(side);
  const double size = kPlot + 2 * kMargin;
  const std::int64_t v_max = std::max<std::int64_t>(1, 2 * side - 2);  // (a ⊕ b) − 1 < 2·side
  std::ostringstream s;
  s << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << size << "\" height=\"" << size
    << "\" viewBox=\"0 0 " << size << ' ' << size << "\">\n"
    << "<title>Welter function of two coins [a|b], 0 &lt;= a, b &lt; " << side
    << " (002_ae6d722b5ea2de0c)</title>\n"
    << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    << "<text x=\"" << kMargin << "\" y=\"30\" font-family=\"sans-serif\" font-size=\"16\">"
    << "[a|b] by Conway's mating: a across, b down; dark = small, light = large; diagonal "
       "blank</text>\n";
  for (std::int64_t b = 0; b < side; ++b) {
    for (std::int64_t a = 0; a < side; ++a) {
      if (a == b) continue;
      const auto v = welter_value_conway(WelterCoins{std::min(a, b), std::max(a, b)});
      const int shade =
          static_cast<int>(255.0 * static_cast<double>(v) / static_cast<double>(v_max));
      s << "<rect x=\"" << fixed(kMargin + cell * static_cast<double>(a)) << "\" y=\""
        << fixed(kMargin + cell * static_cast<double>(b)) << "\" width=\"" << fixed(cell + 0.05)
        << "\" height=\"" << fixed(cell + 0.05) << "\" fill=\"rgb(" << shade << ',' << shade / 2
        << ',' << 255 - shade << ")\"><title>[" << a << '|' << b << "] = " << v
        << "</title></rect>\n";
    }
  }
  s << "</svg>\n";
  return s.str();
}

void write_welter_pictures(const std::string& dir) {
  const std::filesystem::path base(dir);
  std::filesystem::create_directories(base);
  write_atomically(base / "welter_w_fractal.svg", welter_fractal_svg(kFractalMaxN));
  write_atomically(base / "welter_pair_values.svg", welter_pair_values_svg(kPairSide));
}

}  // namespace igv
