#include "engine/any_game.h"

#include <memory>

namespace games {

std::vector<MoveMarks> AnyGame::marks_after() const {
  std::vector<MoveMarks> marks(moves().size());  // empty for any move undo cannot reach
  const std::unique_ptr<AnyGame> replay = clone();
  // A finished game takes no undo while its ending stands (resigned, timed out, agreed).
  if (replay->result().over()) replay->reopen();
  for (std::size_t ply = marks.size(); ply > 0; --ply) {
    marks[ply - 1] = replay->last_move_marks();
    if (!replay->undo()) break;
  }
  return marks;
}

}  // namespace games
