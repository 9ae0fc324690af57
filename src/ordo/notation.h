// Move notation (docs/rules.md section 6) and squares: formatting, and strict parsing that
// names what is wrong with a move that is not legal.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "ordo/position.h"

namespace ordo {

// A move text that is malformed or not legal in the position; what() says why.
class MoveError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

std::string square_name(const Geometry& g, int sq);
// "e4" -> square; nullopt when the text is not a square of this board.
std::optional<int> parse_square(const Geometry& g, std::string_view text);

std::string format_move(const Position& pos, const Move& move);

// Parses our notation, and the forms used by two public sites ("Move C 2 C 3",
// "Capture E 5 E 6", "Ordo C 2 D 2 C 4"). Returns the one legal move it names, or
// throws MoveError saying which token is wrong and why. `pos` is not changed.
Move parse_move(const Position& pos, std::string_view text);

}  // namespace ordo
