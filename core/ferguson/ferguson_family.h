// Shared pieces of the Ferguson game families (core/ferguson/ferguson_*_family.cpp): how `verify
// value` reports a position of a normal-play game from its value and its options' values.
#pragma once

#include <string>
#include <vector>

#include "core/base/game_family.h"
#include "core/base/trusted/primitives.h"

namespace igv {

/// The answer (game, position, value, outcome "P"/"N", winning moves, kernel, how) for a
/// normal-play position: the winning moves are the options of value 0.
ValueAnswer ferguson_value_report(const std::string& game, const std::string& position, Value value,
                                  const std::vector<std::string>& winning_moves,
                                  const std::string& kernel, const std::string& how);

}  // namespace igv
