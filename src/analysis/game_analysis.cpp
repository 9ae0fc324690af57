#include "analysis/game_analysis.h"

#include <atomic>

namespace ordo {

namespace {

// The score of a finished game for the side that just moved.
int terminal_score_for_mover(const Result& result, Color mover) {
  if (result.outcome == Outcome::Draw) return 0;
  const bool mover_won = (result.outcome == Outcome::WhiteWins) == (mover == Color::White);
  return mover_won ? kMateScore - 1 : -(kMateScore - 1);
}

// A score of the position after a move (the opponent's view) seen from the position
// before it: negated, and a mate one ply further away.
int score_from_parent(int child_score) {
  if (child_score > kMateThreshold) return -child_score + 1;
  if (child_score < -kMateThreshold) return -child_score - 1;
  return -child_score;
}

}  // namespace

GameAnalyzer::GameAnalyzer(SearchLimits per_position, std::size_t hash_mib)
    : limits_(per_position), searcher_(hash_mib) {
  if (!limits_.depth && !limits_.nodes && !limits_.time_ms) limits_.time_ms = 1000;
}

PositionAnalysis GameAnalyzer::analyze_position(const Position& pos,
                                                const std::vector<std::uint64_t>& history) {
  const std::atomic<bool> stop{false};
  const SearchResult r = searcher_.search(pos, history, limits_, stop);
  return PositionAnalysis{r.best_move, r.score, r.mate, r.depth, r.nodes, r.pv};
}

PositionAnalysis GameAnalyzer::analyze_position(const Game& game) {
  if (game.result().over()) return {};
  return analyze_position(game.position(), game.earlier_hashes());
}

GameAnalysis GameAnalyzer::analyze_game(const Game& game,
                                        const std::function<void(int, int)>& progress) {
  // Replays the game so that every position is searched with the history it had; the
  // search of position i+1 also gives the score of move i.
  Game replay(game.start_position(), game.options());
  const int total = static_cast<int>(game.moves().size()) + (game.result().over() ? 0 : 1);
  std::vector<PositionAnalysis> searched;
  std::vector<Result> results_after;
  for (const Move& move : game.moves()) {
    searched.push_back(analyze_position(replay));
    if (progress) progress(static_cast<int>(searched.size()), total);
    replay.play(move);
    results_after.push_back(replay.result());
  }
  GameAnalysis analysis;
  analysis.result = game.result();
  if (!game.result().over()) {
    analysis.final_position = analyze_position(replay);
    if (progress) progress(total, total);
  }

  Position pos = game.start_position();
  for (std::size_t i = 0; i < game.moves().size(); ++i) {
    PlyAnalysis ply;
    ply.ply = static_cast<int>(i);
    ply.mover = pos.side_to_move();
    ply.played = game.moves()[i];
    ply.before = searched[i];
    ply.score_before = searched[i].score;
    if (results_after[i].over()) {
      ply.score_after = terminal_score_for_mover(results_after[i], ply.mover);
    } else if (searched[i].best_move && *searched[i].best_move == ply.played) {
      ply.score_after = ply.score_before;  // the engine's own choice loses nothing
    } else {
      const PositionAnalysis& next =
          i + 1 < searched.size() ? searched[i + 1] : analysis.final_position;
      ply.score_after = score_from_parent(next.score);
    }
    ply.drop = score_drop(ply.score_before, ply.score_after);
    ply.mark = judge_move(ply.score_before, ply.score_after);
    analysis.plies.push_back(ply);
    pos.make(ply.played);
  }
  return analysis;
}

}  // namespace ordo
