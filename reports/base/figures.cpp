#include "reports/base/figures.h"

namespace igv {

namespace {
std::vector<FigureWriter>& figure_table() {
  static std::vector<FigureWriter> table;
  return table;
}
}  // namespace

void register_figure_writer(FigureWriter writer) {
  figure_table().push_back(std::move(writer));
}

std::vector<const FigureWriter*> figure_writers() {
  std::vector<const FigureWriter*> out;
  for (const auto& w : figure_table()) out.push_back(&w);
  return out;
}

}  // namespace igv
