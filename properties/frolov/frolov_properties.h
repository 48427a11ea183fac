// The properties of Frolov's g and f, one cell at a time, as the paper states them.
//
// Source: 000_a85f04da58584fa6 (Frolov 2012): §3 properties (G3)–(G8b) of g; §4 the P-positions
// of the misère rook game; §3 Theorem 2, the table of properties of f (one name per row).
// A property is checked at a cell (m, n) through lookups of g and f that may be partial (a
// finite table); a check reports whether the cell is in the property's domain, whether every
// value it needs was available, and what went wrong. The same functions serve the exhaustive
// squares of the checkers, the RapidCheck properties of the checkers (run_property) and the
// Boost.Test suite (RC_BOOST_PROP).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/trusted/primitives.h"

namespace igv {

/// A partial table: the value at (m, n), or nullopt when it is not in the table.
using FrolovLookup = std::function<std::optional<Value>(std::int64_t, std::int64_t)>;

struct CellCheck {
  bool applicable = false;  ///< the cell is in the property's stated domain
  bool available = true;    ///< every value needed was in the table
  std::string violation;    ///< empty when the property holds (or does not apply)
};

/// Names of the g properties: "G3", "G4", "G5", "G6", "G6.exceptions",
/// "G6.alternation", "G7", "G8", "G8a",
/// "G8b", "P-positions".
std::vector<std::string> frolov_g_property_names();
/// Names of the f properties of Theorem 2: "T2.symmetry", "T2.row0", "T2.row1", "T2.column0",
/// "T2.column1", "T2.column2", "T2.upper", "T2.lower", "T2.strict", "T2.zero".
std::vector<std::string> frolov_f_property_names();

/// Checks the named property at (m, n). Throws std::invalid_argument for an unknown name.
CellCheck check_frolov_property(std::string_view name, const FrolovLookup& g, const FrolovLookup& f,
                                std::int64_t m, std::int64_t n);

}  // namespace igv
