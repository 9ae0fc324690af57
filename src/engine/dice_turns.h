// What a game with dice tells a front end beyond AnyGame (engine/any_game.h), for a board
// that builds a turn die by die: a capability its AnyGame also implements, found by
// dynamic_cast, so that a front end asks for it without naming the game (the server's
// state of a game with chance; docs/api.md "Games with dice").
#pragma once

#include <array>
#include <string>
#include <vector>

namespace games {

class DiceTurns {
 public:
  virtual ~DiceTurns() = default;
  // Every legal order of die steps of every legal turn for the pending roll, each written
  // as a turn that play() takes (steps joined by commas), sorted; none at a chance node,
  // once the game is over, or when the roll moves nothing (a pass).
  virtual std::vector<std::string> legal_step_sequences() const = 0;
  // The dice of the pending roll, larger first; none at a chance node or once over.
  virtual std::vector<int> pending_dice() const = 0;
  // Each side's pip count (first, second): the pips it must still move to bear all off.
  virtual std::array<int, 2> pip_counts() const = 0;
};

}  // namespace games
