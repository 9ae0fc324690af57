// What one game of a statistics run records (stats_runner.h plays it, metrics.h adds it
// up): how it ended, and per ply the choice there was and the board after it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/any_game.h"
#include "engine/game_facts.h"

namespace stats {

// The engine's evaluation of the position after `ply` plies, from the first player's
// view (positive: the first player is ahead), in the engine's score units; a forced win
// is kForcedWin (or its negative).
struct Evaluation {
  int ply = 0;
  int score = 0;
};
constexpr int kForcedWin = 1000000;

struct GameSample {
  games::Outcome outcome = games::Outcome::Ongoing;
  std::string ending;           // the game's termination name ("home row", "board full")
  bool ended_by_limit = false;  // a limit ended it (a timeout in Ludii's sense), not the board
  int points = 0;               // what the winner scored, in games worth points (else 0)
  // legal_moves[i]: the legal moves before ply i (one entry per ply played).
  std::vector<std::uint32_t> legal_moves;
  // after[i]: the turn played at ply i and the board after it.
  std::vector<games::TurnFacts> after;
  games::TurnFacts start;               // the board before the first ply (kinds 0)
  std::vector<Evaluation> evaluations;  // by ply, ascending; empty when nothing evaluated

  int plies() const { return static_cast<int>(legal_moves.size()); }
};

// A match to a score (RunSettings::match_to): its games in order and who won it.
struct MatchSample {
  std::vector<GameSample> games;
  games::Side winner = games::Side::First;
};

}  // namespace stats
