// Pictures the game modules produce for the evidence output (e.g. Welter's w(n) fractal), as
// SVG files. A module registers a writer once; `verify run --format svg --out DIR` calls every
// registered writer with DIR/figures.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/base/game_family.h"  // IGV_CONCAT

namespace igv {

struct FigureWriter {
  std::string name;         ///< e.g. "welter"
  std::string description;  ///< what the pictures show
  /// Writes the pictures into `dir` (which exists) and returns the paths written.
  std::function<std::vector<std::string>(const std::string& dir)> write;
};

void register_figure_writer(FigureWriter writer);
std::vector<const FigureWriter*> figure_writers();

struct FigureWriterRegistrar {
  explicit FigureWriterRegistrar(FigureWriter (*make)()) { register_figure_writer(make()); }
};
#define IGV_REGISTER_FIGURES(fn) \
  static const ::igv::FigureWriterRegistrar IGV_CONCAT(igv_figures_registrar_, __LINE__)(fn)

}  // namespace igv
