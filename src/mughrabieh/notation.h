// Mughrabieh notation (docs/rules.md, Mughrabieh 8), backgammon's adapted to this board:
// a turn is its roll, larger die first, and a colon, then each die step in the order
// played as FROM/TO in the mover's own point numbers (24 = the starting point, 1 = the last
// point), "off" for a piece borne off: "52: 13/8 8/6", "66: 6/off 6/off 3/off 2/off", and
// "61:" for a roll that moves nothing (a pass). Steps may also be separated by commas
// with no spaces ("52:13/8,8/6"), one word for protocols.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "mughrabieh/position.h"

namespace mughrabieh {

// A turn text that is malformed or not legal in the position; what() says why.
class MoveError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

std::string format_roll(Roll roll);                 // "52"
std::string format_step(Step step);                 // "13/8", "3/off"
std::string format_turn(const Turn& turn);          // "52: 13/8 8/6", "61:"
std::string format_turn_compact(const Turn& turn);  // "52:13/8,8/6", "61:"

// The legal turn `text` names. At a chance node the text's roll is the roll to be made; when
// a roll is pending, the text must repeat it. Each step must be legal in the order written
// and the whole sequence a legal turn (every die that can be played, the larger when only
// one can, under the house rules). A bear-off step's die is the one that makes the turn
// legal. Throws MoveError saying what is wrong.
Turn parse_turn(const Position& pos, std::string_view text);

}  // namespace mughrabieh
