// The figures of a report: pictures drawn from what the run computed, for the claims they
// illustrate. A module registers a writer once; `verify run --format svg --out DIR` writes every
// figure into DIR/figures/NAME.svg, the Markdown report links them (figures/NAME.svg) and the HTML
// report inlines them. A writer draws only for the claims of the report in hand whose verdict is
// proved or verified, from their evidence or from the family's kernels, and says how in the
// caption; a report without such claims has none of its figures.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/base/game_family.h"  // IGV_CONCAT
#include "reports/base/report.h"

namespace igv {

struct Figure {
  std::string name;                 ///< file name in figures/, e.g. "octal_0.07.svg"
  std::string title;                ///< one line: what is shown
  std::string caption;              ///< how the values were computed (or proved)
  std::vector<std::string> claims;  ///< ids of the claims it illustrates, in report order
  std::string svg;                  ///< the standalone SVG document
};

struct FigureWriter {
  std::string name;         ///< e.g. "welter"
  std::string description;  ///< what the pictures show
  /// The figures this writer draws for `report` (none when its claims are absent).
  std::function<std::vector<Figure>(const Report& report)> draw;
};

void register_figure_writer(FigureWriter writer);
/// Registers a writer made on first use (IGV_REGISTER_FIGURES stores `make` only).
void register_figure_writer_maker(FigureWriter (*make)());
std::vector<const FigureWriter*> figure_writers();

/// Every registered writer's figures for `report`, ordered by the first claim each illustrates
/// (its position in the report), then by name; names are unique (a programming error otherwise).
std::vector<Figure> report_figures(const Report& report);

/// Helpers for the writers: a claim's verdict is proved or verified.
bool established(const ClaimResult& r);

/// Longest name figure_file_name gives (without its extension): room for ".svg" and ".pdf" under
/// the 128 characters of an id.
inline constexpr std::size_t kMaxFigureNameLength = 100;

/// `text` made a file name: letters, digits, '.', '-' kept, anything else '_'; a name longer
/// than kMaxFigureNameLength is cut and ends in '-' and 16 hexadecimal digits of the SHA-256 of
/// `text` (so two long texts never share a name but by a hash collision); "f" is put before a
/// name that would not start with a letter or a digit.
std::string figure_file_name(const std::string& text);

struct FigureWriterRegistrar {
  explicit FigureWriterRegistrar(FigureWriter (*make)()) { register_figure_writer_maker(make); }
};
#define IGV_REGISTER_FIGURES(fn) \
  static const ::igv::FigureWriterRegistrar IGV_CONCAT(igv_figures_registrar_, __LINE__)(fn)

}  // namespace igv
