// The board picture of show, play and any front end in text.
#include "ordo/diagram.h"

namespace ordo {

namespace {

std::string files_line(const Geometry& g, const std::string& indent) {
  std::string line = indent + "   ";
  for (int f = 0; f < g.width(); ++f) {
    line += ' ';
    line += static_cast<char>('a' + f);
  }
  return line + '\n';
}

// Right-aligned on the left side, as is on the right (no trailing spaces).
std::string rank_number(int rank, bool left) {
  const std::string number = std::to_string(rank + 1);
  return left && number.size() == 1 ? " " + number : number;
}

}  // namespace

std::string board_diagram(const Position& pos, const std::string& indent) {
  const Geometry& g = pos.geometry();
  std::string text = files_line(g, indent);
  for (int rank = g.height() - 1; rank >= 0; --rank) {
    std::string line = indent + rank_number(rank, true) + ' ';
    for (int f = 0; f < g.width(); ++f) {
      const char piece = pos.piece_at(g.square(f, rank));
      line += ' ';
      line += piece ? piece : '.';
    }
    text += line + "  " + rank_number(rank, false) + '\n';
  }
  return text + files_line(g, indent);
}

}  // namespace ordo
