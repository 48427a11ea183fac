// Registers the Welter pictures (reports/welter/welter_svg.h) with the report writers: `verify run
// --format svg --out DIR` writes them into DIR/figures.
#include <filesystem>

#include "reports/base/figures.h"
#include "reports/welter/welter_svg.h"

namespace igv {
namespace {

FigureWriter welter_figures() {
  return {"welter",
          "w(n) = [n+1|…|2n] for n ≤ 2047 coloured by binary length (002_ae6d722b5ea2de0c), and "
          "[a|b] over 0 ≤ a, b < 64",
          [](const std::string& dir) {
            write_welter_pictures(dir);
            const std::filesystem::path d(dir);
            return std::vector<std::string>{(d / "welter_w_fractal.svg").string(),
                                            (d / "welter_pair_values.svg").string()};
          }};
}
IGV_REGISTER_FIGURES(welter_figures);

}  // namespace
}  // namespace igv
