// Analysis of a position (best line and score) and of a whole game move by move: for each
// ply the move played, the engine's best move, the mover's score before and after the move
// played, and a mark for mistakes and blunders (analysis/move_judgement.h). Built on the
// alpha-beta searcher; with a depth or node limit the results are deterministic.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "analysis/move_judgement.h"
#include "ordo/ai/ordo_search.h"
#include "ordo/game.h"

namespace ordo {

struct PositionAnalysis {
  std::optional<Move> best_move;  // none when the game is over there
  int score = 0;                  // the side to move's view; mate scores as in search.h
  std::optional<int> mate;        // turns, as SearchResult::mate
  int depth = 0;
  std::uint64_t nodes = 0;
  std::vector<Move> pv;
};

struct PlyAnalysis {
  int ply = 0;  // 0 for the first move of the game
  Color mover = Color::White;
  Move played;
  PositionAnalysis before;  // the search of the position the move was played in
  int score_before = 0;     // the mover's view: the best move's score
  int score_after = 0;      // the mover's view: the played move's score
  int drop = 0;             // score_drop(score_before, score_after)
  MoveMark mark = MoveMark::None;
};

struct GameAnalysis {
  std::vector<PlyAnalysis> plies;
  PositionAnalysis final_position;  // of the last position when the game is not over
  Result result;
};

class GameAnalyzer {
 public:
  // Zero limits mean one second per position.
  explicit GameAnalyzer(SearchLimits per_position, std::size_t hash_mib = kDefaultTableMib);

  // `history`: the hashes of the game's positions before `pos` (for repetition).
  PositionAnalysis analyze_position(const Position& pos, const std::vector<std::uint64_t>& history);
  PositionAnalysis analyze_position(const Game& game);

  // `progress(done, total)` is called after each searched position.
  GameAnalysis analyze_game(const Game& game, const std::function<void(int, int)>& progress = {});

 private:
  SearchLimits limits_;
  AlphaBeta searcher_;
};

}  // namespace ordo
