// Playing a move given in text on a game of any of our games' rules cores: refused while
// the game is over, else read by the game's own notation (parse_move, found beside the
// game's Position) and played. Each game's Game::play(text) is this.
#pragma once

#include <string>
#include <string_view>

namespace common {

// Throws `MoveError` ("'TEXT': the game is over (...)", or the notation's own error) and
// leaves the game as it was.
template <class MoveError, class Game>
auto play_text(Game& game, std::string_view text) {
  if (game.result().over())
    throw MoveError("'" + std::string(text) + "': the game is over (" + describe(game.result()) +
                    ")");
  const auto move = parse_move(game.position(), text);
  game.play(move);
  return move;
}

}  // namespace common
