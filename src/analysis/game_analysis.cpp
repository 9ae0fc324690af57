#include "analysis/game_analysis.h"

#include <algorithm>
#include <map>

#include "engine/game_registry.h"
#include "search/score.h"

namespace ordo {

namespace {

// The score of a finished game for the side that just moved.
int terminal_score_for_mover(const games::GameResult& result, games::Side mover) {
  if (result.outcome == games::Outcome::Draw) return 0;
  const bool mover_won =
      (result.outcome == games::Outcome::FirstWins) == (mover == games::Side::First);
  return mover_won ? kMateScore - 1 : -(kMateScore - 1);
}

// A score of the position after a move (the opponent's view) seen from the position
// before it: negated, and a mate one ply further away.
int score_from_parent(int child_score) {
  if (child_score > kMateThreshold) return -child_score + 1;
  if (child_score < -kMateThreshold) return -child_score - 1;
  return -child_score;
}

games::EngineSettings full_strength(std::size_t hash_mib) {
  games::EngineSettings settings;
  settings.hash_mib = hash_mib;
  return settings;
}

// An engine for games like `game`: its game and rules, made on its board when that is one
// the game starts on, else on the game's default board (the engine's own start needs one);
// the position itself comes with set_position.
std::unique_ptr<games::AnyEngine> engine_for(const games::AnyGame& game, std::size_t hash_mib) {
  const games::GameEntry& entry = games::game_entry(game.game_name());
  std::map<std::string, std::string> options{{"rules", game.rules_name()}};
  const auto [width, height] = game.board_size();
  const std::string size = std::to_string(width) + "x" + std::to_string(height);
  if (std::find(entry.info.sizes.begin(), entry.info.sizes.end(), size) != entry.info.sizes.end())
    options["size"] = size;
  return games::make_engine(*entry.make_game(options), full_strength(hash_mib));
}

// The score the ranking gives the move played in `before` (the ranked move that leads to
// the same position: two orders of the same steps are one turn), if it ranks it.
std::optional<int> ranked_score(const games::AnyGame& before, const std::string& played,
                                const std::vector<games::RankedMove>& ranked) {
  const std::unique_ptr<games::AnyGame> after = before.clone();
  after->play(played);
  const std::string target = after->position();
  for (const games::RankedMove& r : ranked) {
    if (r.move == played) return r.score;
    const std::unique_ptr<games::AnyGame> other = before.clone();
    other->play(r.move);
    if (other->position() == target) return r.score;
  }
  return std::nullopt;
}

}  // namespace

GameAnalyzer::GameAnalyzer(const games::AnyGame& game, games::GoLimits per_position,
                           std::size_t hash_mib)
    : limits_(per_position), engine_(engine_for(game, hash_mib)) {
  if (!limits_.depth && !limits_.nodes && !limits_.movetime_ms) limits_.movetime_ms = 1000;
}

PositionAnalysis GameAnalyzer::analyze_position(const games::AnyGame& game) {
  // At a chance node the referee acts: there is no move to find.
  if (game.result().over() || game.is_chance_node()) return {};
  engine_->set_position(game.start_position(), game.moves());
  // Both callbacks run on the search thread; wait() returns after the last of them.
  PositionAnalysis analysis;
  std::vector<std::string> last_pv;
  games::EngineCallbacks callbacks;
  callbacks.on_info = [&last_pv](const games::SearchInfo& info) { last_pv = info.pv; };
  callbacks.on_final_info = [&analysis](const games::SearchInfo& info) {
    analysis.score = info.score;
    analysis.mate = info.mate;
    analysis.depth = info.depth;
    analysis.nodes = info.nodes;
    analysis.ranked = info.ranked;
  };
  callbacks.on_best_move = [&analysis](const std::optional<std::string>& move) {
    analysis.best_move = move;
  };
  engine_->go(limits_, std::move(callbacks));
  engine_->wait();
  // The last iteration's line, when it begins with the move chosen (it always should).
  if (analysis.best_move) {
    analysis.pv = !last_pv.empty() && last_pv.front() == *analysis.best_move
                      ? last_pv
                      : std::vector<std::string>{*analysis.best_move};
  }
  return analysis;
}

GameAnalysis GameAnalyzer::analyze_game(const games::AnyGame& game,
                                        const std::function<void(int, int)>& progress) {
  // Replays the game so that every position is searched with the history it had; the
  // search of position i+1 also gives the score of move i.
  const std::unique_ptr<games::AnyGame> replay = game.clone();
  replay->reopen();
  while (replay->undo()) {
  }
  const std::vector<std::string> moves = game.moves();
  const int total = static_cast<int>(moves.size()) + (game.result().over() ? 0 : 1);
  std::vector<PositionAnalysis> searched;
  std::vector<games::GameResult> results_after;
  std::vector<games::Side> movers;
  std::vector<std::optional<int>> played_scores;  // from the engine's ranking, where it has one
  for (const std::string& move : moves) {
    searched.push_back(analyze_position(*replay));
    if (progress) progress(static_cast<int>(searched.size()), total);
    movers.push_back(replay->side_to_move());
    played_scores.push_back(searched.back().ranked.empty()
                                ? std::nullopt
                                : ranked_score(*replay, move, searched.back().ranked));
    replay->play(move);
    results_after.push_back(replay->result());
  }
  GameAnalysis analysis;
  analysis.result = game.result();
  if (!game.result().over()) {
    analysis.final_position = analyze_position(*replay);
    if (progress) progress(total, total);
  }

  const bool chance = games::game_info(game.game_name()).chance;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    PlyAnalysis ply;
    ply.ply = static_cast<int>(i);
    ply.mover = movers[i];
    ply.played = moves[i];
    ply.before = searched[i];
    ply.score_before = searched[i].score;
    if (played_scores[i]) {
      // The engine scored every move here (a turn for the roll, by its equity).
      ply.score_after = *played_scores[i];
    } else if (chance) {
      // A turn's worth depends on the dice to come, which the score of the next position
      // (after the next roll) does not average out: no judgement without a ranking.
      ply.score_after = ply.score_before;
    } else if (results_after[i].over()) {
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
  }
  return analysis;
}

}  // namespace ordo
