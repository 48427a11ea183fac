#include "core/base/game_graph.h"

#include <sstream>

namespace igv {

GameGraph GameGraph::from_rows(const std::vector<std::vector<std::uint32_t>>& rows) {
  GameGraph g;
  g.options.resize(rows.empty() ? 1 : rows.size());
  for (std::size_t i = 1; i < rows.size(); ++i) {
    for (std::uint32_t x : rows[i]) g.options[i].push_back(static_cast<std::uint32_t>(x % i));
  }
  g.start = static_cast<std::uint32_t>(g.options.size() - 1);
  return g;
}

std::string GameGraph::describe() const {
  std::ostringstream os;
  os << "nodes=" << options.size() << " start=" << start;
  for (std::size_t i = 0; i < options.size(); ++i) {
    if (options[i].empty()) continue;
    os << "; " << i << "->";
    for (std::size_t k = 0; k < options[i].size(); ++k) os << (k ? "," : "") << options[i][k];
  }
  return os.str();
}

}  // namespace igv
