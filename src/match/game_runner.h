// The referee of one game: the rules core decides everything. Players only propose moves;
// every move is parsed and played by Game::play, and a move that is not legal, a crash, a
// timeout, a flag fall or garbage loses the game for that player with the reason kept.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/record.h"
#include "match/openings.h"
#include "match/player.h"

namespace ordo::match {

struct TimeControl {
  std::int64_t base_ms = 0;
  std::int64_t increment_ms = 0;
};

struct GameSetup {
  MatchRules rules;
  GameOptions options;  // repetition and the move limit (a draw when reached)
  Opening opening;
  std::optional<TimeControl> clock;
};

struct PlayedGame {
  Record record;       // White/Black tags and, for a forfeit, a Reason tag
  std::string reason;  // empty when the rules ended the game; else why a player lost
};

// Throws std::invalid_argument if the opening is not legal (a bug of the caller).
PlayedGame play_game(Player& white, Player& black, const GameSetup& setup);

// "1-0 (home row)" or "0-1 (time forfeit: B: no 'bestmove' within 300 ms)".
std::string describe_game(const PlayedGame& game);

}  // namespace ordo::match
