// A match to a score, for any game whose wins are worth points (GameInfo::points): games
// are played one after another, each winner scores the game's points (GameResult::points),
// and the first side to reach the target wins the match. Who begins each game is the
// game's own rule (GameEntry::next_match_starter); the first game is begun by Side::First.
// The referee of each game is still the game's rules: this only keeps the score.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "engine/any_game.h"

namespace games {

struct GameEntry;

class PointsMatch {
 public:
  // Throws GameError when the game is not played in matches, for a target below 1, or for
  // options the game refuses.
  PointsMatch(const GameSpec& spec, int target);
  // The same match resumed after `games_played` games, at that score, with `next` to begin
  // the next game (where a match is kept as its games, as the server keeps it). Throws
  // GameError for a negative score or count.
  static PointsMatch resumed(const GameSpec& spec, int target, int first_score, int second_score,
                             Side next, int games_played);

  int target() const { return target_; }
  int score(Side s) const { return score_[index(s)]; }
  int games_played() const { return games_played_; }
  bool over() const { return score_[0] >= target_ || score_[1] >= target_; }
  std::optional<Side> winner() const;
  Side next_starter() const { return next_starter_; }

  // The next game of the match, begun by next_starter(); throws GameError once it is over.
  std::unique_ptr<AnyGame> next_game() const;
  // Counts a finished game begun by next_starter(): its winner scores its points, and the
  // game's rule says who begins the next. Throws GameError if the game is not over or the
  // match is.
  void add_result(const GameResult& result);

  // "White 12, Black 31" under the game's side names, for records and reports.
  std::string describe_score(const AnyGame& any_game_of_it) const;

 private:
  const GameEntry* entry_;
  std::map<std::string, std::string> options_;
  int target_;
  int score_[2] = {0, 0};
  int games_played_ = 0;
  Side next_starter_ = Side::First;
};

}  // namespace games
