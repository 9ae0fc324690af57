// Playing a record's moves on its game with the checks every game's record reader makes:
// each move number is the one expected (a game whose second side starts counts its first
// move as number 1 too), no result stands before the end, and a refused move is reported
// as "move N (SIDE) WHY". Errors are RecordError (record_fail).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "util/record_text.h"

namespace common {

// Plays every token but the last (the result). `is_result(text)` says whether a token is a
// result; `mover(game)` names the side to move; the game's play(text) throws `MoveError`.
template <class MoveError, class Game, class IsResult, class Mover>
void play_record_moves(Game& game, const std::vector<MovetextToken>& tokens, bool second_started,
                       IsResult is_result, Mover mover) {
  for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
    const auto& [number, text] = tokens[i];
    const int ply = static_cast<int>(game.moves().size()) + (second_started ? 1 : 0);
    const int expected = ply / 2 + 1;
    if (number && number != expected)
      record_fail("move number " + std::to_string(number) + " where " + std::to_string(expected) +
                  " was expected");
    if (text.empty()) continue;
    if (is_result(text)) record_fail("result '" + text + "' before the end of the moves");
    const std::string side = mover(game);
    try {
      game.play(text);
    } catch (const MoveError& e) {
      record_fail("move " + std::to_string(expected) + " (" + side + ") " + e.what());
    }
  }
}

}  // namespace common
