// The evidence tables of the LaTeX report as fragments for a journal's class (latex_tables.cpp);
// the report's layout is latex_writer.cpp, its Unicode text latex_text.cpp.
#pragma once

#include <string>

#include "reports/base/report.h"

namespace igv {

/// The most rows an evidence table has as a `table` float (a `tabular`); a longer one is a
/// `longtable` (one-column only: in a two-column document it sets its pages in one column).
inline constexpr std::size_t kFloatRows = 40;

/// The width (TeX points, at \small) up to which an evidence table is a `table` that fits a
/// 3.2 in column; a wider one is a `table*` (the page width in a two-column document).
inline constexpr double kColumnPoints = 225;

/// Before a `longtable` (one-column only): in a two-column document the table takes pages of its
/// own in one column, and `\igvcolumnsagain` after it goes back to two. Standard classes
/// (article, amsart, elsarticle, IEEEtran, acmart) switch with \onecolumn/\twocolumn; revtex4-2
/// sets its columns with ltxgrid (\if@twocolumn is always false there, \pagegrid@col counts the
/// columns) and switches with \onecolumngrid/\twocolumngrid, mid-page.
extern const char* const kLatexOneColumn;
/// The same for a longtable that fits a column: revtex4-2's ltxgrid sets it in its columns, the
/// standard classes in one column.
extern const char* const kLatexOneColumnUnlessGrid;

/// The longest text a cell holds; a longer one (a mismatch as JSON) is a numbered note under the
/// table.
inline constexpr std::size_t kLongCell = 24;

/// The evidence table of `r` (evidence.table) as the body of a fragment: a booktabs `table`,
/// `table*` or `longtable`, headers and cells typeset as math where they are math (`c`,
/// `t_m/t_{m-1}`, `2c + 10`, `{1,2,3}`, `3..600` as 3--600), one number per cell (a column of
/// pairs "t, p" is split in two), its caption the claim, verdict and domain, labelled
/// `igv:CLAIM`.
std::string latex_evidence_table(const ClaimResult& r);

/// A free text with the math it holds typeset as math where that is unambiguous (`c = 3..600` as
/// $c = 3, \dots, 600$, `r == 0` as $r = 0$); everything else through latex_text().
std::string latex_text_with_math(const std::string& s);

}  // namespace igv
