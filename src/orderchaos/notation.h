// Order and Chaos notation (docs/rules.md, Order and Chaos 5): the symbol and the square,
// "Xc3", "Oa6".
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "orderchaos/position.h"

namespace orderchaos {

// A move text that is malformed or not legal in the position; what() says why.
class MoveError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

std::string square_name(int sq);
std::optional<int> parse_square(std::string_view text);  // "c3" -> square
std::string format_move(Move move);
// The one legal move `text` names, or MoveError saying what is wrong.
Move parse_move(const Position& pos, std::string_view text);

}  // namespace orderchaos
