// The names of octal games in the literature, for the reports' captions (PlotHints::name).
#pragma once

#include <string>

namespace igv {

struct GameSpec;  // core/base/game_family.h

/// "Dawson's Kayles (octal 0.07)" for a canonical spec "octal:0.07" (or "octal-misere:0.07")
/// whose game has a name in Winning Ways (Kayles, Dawson's Kayles, Dawson's Chess, Officers,
/// Guiles), else "the octal game 0.16".
std::string octal_game_name(const GameSpec& spec);

}  // namespace igv
