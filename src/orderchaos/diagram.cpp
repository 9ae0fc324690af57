// The board picture of show, play and any front end in text.
#include "orderchaos/diagram.h"

#include <sstream>

namespace orderchaos {

std::string board_diagram(const Position& pos, const std::string& indent) {
  std::ostringstream out;
  out << indent << "   a b c d e f\n";
  for (int rank = kSide - 1; rank >= 0; --rank) {
    out << indent << ' ' << rank + 1 << ' ';
    for (int file = 0; file < kSide; ++file) {
      const auto symbol = pos.at(square_at(file, rank));
      out << (symbol ? (*symbol == Symbol::X ? 'X' : 'O') : '.') << (file + 1 < kSide ? " " : "");
    }
    out << ' ' << rank + 1 << '\n';
  }
  out << indent << "   a b c d e f\n";
  return out.str();
}

}  // namespace orderchaos
