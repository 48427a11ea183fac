#include "reports/base/figures.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

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

bool established(const ClaimResult& r) {
  return r.outcome.verdict == Verdict::proved || r.outcome.verdict == Verdict::verified;
}

std::string figure_file_name(const std::string& text) {
  std::string out;
  for (char ch : text) {
    const bool keep = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                      (ch >= '0' && ch <= '9') || ch == '.' || ch == '-';
    out += keep ? ch : '_';
  }
  return out;
}

std::vector<Figure> report_figures(const Report& report) {
  std::map<std::string, std::size_t> position;
  for (std::size_t i = 0; i < report.results.size(); ++i) {
    position.emplace(report.results[i].claim.id, i);
  }
  std::vector<Figure> figures;
  for (const auto* w : figure_writers()) {
    for (auto& f : w->draw(report)) figures.push_back(std::move(f));
  }
  const auto first = [&position](const Figure& f) {
    std::size_t best = position.size();
    for (const auto& id : f.claims) {
      const auto it = position.find(id);
      if (it != position.end()) best = std::min(best, it->second);
    }
    return best;
  };
  std::stable_sort(figures.begin(), figures.end(), [&first](const Figure& a, const Figure& b) {
    const auto fa = first(a), fb = first(b);
    return fa != fb ? fa < fb : a.name < b.name;
  });
  std::set<std::string> names;
  for (const auto& f : figures) {
    if (!names.insert(f.name).second) {
      throw std::logic_error("two figures are named '" + f.name + "'");
    }
  }
  return figures;
}

}  // namespace igv
