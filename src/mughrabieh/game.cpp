#include "mughrabieh/game.h"

#include <stdexcept>

#include "mughrabieh/notation.h"

namespace mughrabieh {

std::string_view result_token(Outcome o) {
  return common::name_of(o);
}

std::optional<Outcome> parse_result_token(std::string_view token) {
  return common::value_of<Outcome>(token);
}

std::string_view termination_name(Termination t) {
  return common::name_of(t);
}

std::optional<Termination> parse_termination(std::string_view name) {
  return common::value_of<Termination>(name);
}

std::string describe(const Result& result, int points) {
  if (!result.over()) return "the game goes on";
  if (result.outcome == Outcome::Draw)
    return result.termination == Termination::TwoPasses ? "a draw: both sides passed in turn"
                                                        : "a draw";
  const std::string winner = result.outcome == Outcome::WhiteWins ? "White" : "Black";
  std::string scores = winner + " wins";
  if (points > 0) {
    scores += ' ';
    scores += std::to_string(points);
    scores += points == 1 ? " point" : " points";
  }
  switch (result.termination) {
    case Termination::BorneOff:
      return scores + ": all pieces borne off";
    case Termination::Resignation:
      return scores + ": the opponent resigned";
    case Termination::Timeout:
      return scores + ": the opponent ran out of time";
    case Termination::Abandoned:
      return scores + ": the opponent left the game";
    default:
      return scores;
  }
}

Result judge_position(const Position& pos) {
  switch (pos.outcome()) {
    case Outcome::WhiteWins:
    case Outcome::BlackWins:
      return {pos.outcome(), Termination::BorneOff};
    case Outcome::Draw:
      return {Outcome::Draw, Termination::TwoPasses};
    case Outcome::Ongoing:
      break;
  }
  return {};
}

Game::Game(Position start)
    : start_(start), result_(judge_position(start)), start_roll_(!start.is_chance_node()) {
  positions_.push_back(start);
}

int Game::points() const {
  if (!result_.over() || result_.outcome == Outcome::Draw) return 0;
  const Side loser = result_.outcome == Outcome::WhiteWins ? Side::Black : Side::White;
  return position().on_board(loser);
}

void Game::roll(Roll roll) {
  if (result_.over()) throw MoveError("no roll: the game is over");
  if (!position().is_chance_node())
    throw MoveError("the roll " + format_roll(*position().roll()) + " is still to be played");
  positions_.back().set_roll(roll);
}

Turn Game::play(std::string_view text) {
  if (result_.over())
    throw MoveError("'" + std::string(text) + "': the game is over (" +
                    describe(result_, points()) + ")");
  const Turn turn = parse_turn(position(), text);
  play(turn);
  return turn;
}

void Game::play(const Turn& turn) {
  if (position().is_chance_node()) positions_.back().set_roll(turn.roll);
  Position next = position();  // positions_[i] keeps the roll of turns_[i]
  next.play(turn);
  positions_.push_back(next);
  turns_.push_back(turn);
  result_ = judge_position(next);
}

bool Game::undo() {
  // One event back: a pending roll made in this game, else the last turn (its roll then
  // pending again).
  if (!position().is_chance_node() && !position().over() &&
      (positions_.size() > 1 || !start_roll_)) {
    positions_.back().clear_roll();
    return true;
  }
  if (turns_.empty()) return false;
  turns_.pop_back();
  positions_.pop_back();
  result_ = judge_position(position());
  return true;
}

Match::Match(RuleSet rules, int target) : rules_(rules), target_(target) {
  if (target < 1) throw std::invalid_argument("a match needs a target score of at least 1");
}

std::optional<Side> Match::winner() const {
  if (score_[0] >= target_) return Side::White;
  if (score_[1] >= target_) return Side::Black;
  return std::nullopt;
}

void Match::add_game(const Game& game) {
  if (over()) throw std::invalid_argument("the match is over");
  if (!(game.start_position() == next_start()))
    throw std::invalid_argument("game " + std::to_string(games_.size() + 1) +
                                " must start from the start position with " +
                                std::string(side_name(next_starter_)) + " to roll");
  const Result result = game.result();
  if (!result.over()) throw std::invalid_argument("only a finished game counts in a match");
  if (result.outcome != Outcome::Draw) {
    const Side winner = result.outcome == Outcome::WhiteWins ? Side::White : Side::Black;
    score_[index(winner)] += game.points();
    next_starter_ = winner;
  }
  games_.push_back(game);
}

}  // namespace mughrabieh
