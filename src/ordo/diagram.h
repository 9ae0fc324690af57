// A text picture of a position: 'w' and 'b' pieces, '.' empty squares, file letters above
// and below, rank numbers on both sides.
#pragma once

#include <string>

#include "ordo/position.h"

namespace ordo {

// Several lines, each ending in '\n', each starting with `indent`.
std::string board_diagram(const Position& pos, const std::string& indent = "");

}  // namespace ordo
