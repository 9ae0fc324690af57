// Analysis of a position (best line and score) and of a whole game move by move, for any
// registered game through its engine (engine/any_engine.h): for each ply the move played,
// the engine's best move, the mover's score before and after the move played, and a mark
// for mistakes and blunders (analysis/move_judgement.h). With a depth or node limit the
// results are deterministic.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/move_judgement.h"
#include "engine/any_engine.h"
#include "engine/any_game.h"

namespace ordo {

struct PositionAnalysis {
  std::optional<std::string> best_move;  // none when the game is over there
  int score = 0;                         // the side to move's view; mate scores as in search.h
  std::optional<int> mate;               // turns, as SearchInfo::mate
  int depth = 0;
  std::uint64_t nodes = 0;
  std::vector<std::string> pv;  // in the game's notation
  // Every move with its score, best first, where the engine ranks them (dice games).
  std::vector<games::RankedMove> ranked;
};

struct PlyAnalysis {
  int ply = 0;  // 0 for the first move of the game
  games::Side mover = games::Side::First;
  std::string played;       // as the game writes it
  PositionAnalysis before;  // the search of the position the move was played in
  int score_before = 0;     // the mover's view: the best move's score
  int score_after = 0;      // the mover's view: the played move's score
  int drop = 0;             // score_drop(score_before, score_after)
  MoveMark mark = MoveMark::None;
};

struct GameAnalysis {
  std::vector<PlyAnalysis> plies;
  PositionAnalysis final_position;  // of the last position when the game is not over
  games::GameResult result;
};

class GameAnalyzer {
 public:
  // An analyzer for games like `game` (its game, rules and board) on one engine at full
  // strength, whose table is kept from position to position. Zero limits mean one second
  // per position. Throws games::GameError if the game has no engine.
  GameAnalyzer(const games::AnyGame& game, games::GoLimits per_position,
               std::size_t hash_mib = kDefaultTableMib);

  // The game's current position, searched with the game's history (for repetition).
  PositionAnalysis analyze_position(const games::AnyGame& game);

  // `progress(done, total)` is called after each searched position.
  GameAnalysis analyze_game(const games::AnyGame& game,
                            const std::function<void(int, int)>& progress = {});

 private:
  games::GoLimits limits_;
  std::unique_ptr<games::AnyEngine> engine_;
};

}  // namespace ordo
