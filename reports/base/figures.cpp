#include "reports/base/figures.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "core/base/lazy_registry.h"
#include "core/base/trusted/sha256.h"

namespace igv {

namespace {
// IGV_REGISTER_FIGURES stores the maker only; the writers are made the first time the table is
// used (core/base/lazy_registry.h), so that a command that draws nothing runs none of their code.
std::vector<FigureWriter (*)()>& pending_figure_writers() {
  static std::vector<FigureWriter (*)()> pending;
  return pending;
}
std::recursive_mutex& pending_figures_mutex() {
  static std::recursive_mutex m;
  return m;
}
std::vector<FigureWriter>& made_figure_writers() {
  static std::vector<FigureWriter> table;
  return table;
}
std::vector<FigureWriter>& figure_table() {
  make_pending(pending_figures_mutex(), pending_figure_writers(),
               [](FigureWriter w) { made_figure_writers().push_back(std::move(w)); });
  return made_figure_writers();
}
}  // namespace

void register_figure_writer(FigureWriter writer) {
  figure_table().push_back(std::move(writer));
}

void register_figure_writer_maker(FigureWriter (*make)()) {
  pending_figure_writers().push_back(make);
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
  if (out.empty() || !((out[0] >= 'a' && out[0] <= 'z') || (out[0] >= 'A' && out[0] <= 'Z') ||
                       (out[0] >= '0' && out[0] <= '9'))) {
    out = "f" + out;  // an id starts with a letter or a digit
  }
  // A name is an id (at most 128 characters, properties/base/ids.h) whatever the text: a long
  // one (a subtraction set of 45 elements, a long claim id behind a prefix) keeps its first
  // characters and ends in 16 hexadecimal digits of the whole text's SHA-256 (issue 37).
  if (out.size() > kMaxFigureNameLength) {
    out = out.substr(0, kMaxFigureNameLength - 17) + "-" + sha256_hex(text).substr(0, 16);
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
