// A text picture of an Order and Chaos position: 'X' and 'O', '.' empty squares, file
// letters above and below, rank numbers on both sides.
#pragma once

#include <string>

#include "orderchaos/position.h"

namespace orderchaos {

// Several lines, each ending in '\n', each starting with `indent`.
std::string board_diagram(const Position& pos, const std::string& indent = "");

}  // namespace orderchaos
