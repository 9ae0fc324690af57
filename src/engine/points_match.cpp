#include "engine/points_match.h"

#include "engine/game_registry.h"

namespace games {

PointsMatch::PointsMatch(const GameSpec& spec, int target)
    : entry_(&game_entry(spec.game)), options_(spec.options), target_(target) {
  if (!entry_->make_match_game || !entry_->next_match_starter)
    throw GameError(entry_->info.title + " is not played in matches to a score");
  if (target < 1) throw GameError("a match needs a target of at least 1 point");
  entry_->make_match_game(options_, Side::First);  // refuses bad options now, not later
}

PointsMatch PointsMatch::resumed(const GameSpec& spec, int target, int first_score,
                                 int second_score, Side next, int games_played) {
  if (first_score < 0 || second_score < 0 || games_played < 0)
    throw GameError("a match's scores and games played cannot be negative");
  PointsMatch match(spec, target);
  match.score_[0] = first_score;
  match.score_[1] = second_score;
  match.next_starter_ = next;
  match.games_played_ = games_played;
  return match;
}

std::optional<Side> PointsMatch::winner() const {
  if (score_[0] >= target_) return Side::First;
  if (score_[1] >= target_) return Side::Second;
  return std::nullopt;
}

std::unique_ptr<AnyGame> PointsMatch::next_game() const {
  if (over()) throw GameError("the match is over");
  return entry_->make_match_game(options_, next_starter_);
}

void PointsMatch::add_result(const GameResult& result) {
  if (over()) throw GameError("the match is over");
  if (!result.over()) throw GameError("only a finished game counts in a match");
  if (result.outcome == Outcome::FirstWins) score_[0] += result.points;
  if (result.outcome == Outcome::SecondWins) score_[1] += result.points;
  next_starter_ = entry_->next_match_starter(next_starter_, result);
  ++games_played_;
}

std::string PointsMatch::describe_score(const AnyGame& game) const {
  return game.side_name(Side::First) + " " + std::to_string(score_[0]) + ", " +
         game.side_name(Side::Second) + " " + std::to_string(score_[1]);
}

}  // namespace games
