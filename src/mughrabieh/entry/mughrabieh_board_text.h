// Mughrabieh as text for people: the board of 24 points (`show`) and the lines under it.
#pragma once

#include <string>

#include "mughrabieh/game.h"

namespace games {

// Four lines after `indent`: White's point numbers 13-24, the pieces on them, the pieces
// on points 12-1, their numbers. "W3" is three White pieces, "B15" fifteen Black ones;
// the points are White's (Black's point p is White's 25 - p).
std::string mughrabieh_diagram(const mughrabieh::Position& pos, const std::string& indent);

// The aligned "Label  value" lines `show` prints: game and rules, position string, whose
// roll or turn it is, pips and pieces borne off, and the result.
std::string mughrabieh_summary(const mughrabieh::Game& game);

}  // namespace games
