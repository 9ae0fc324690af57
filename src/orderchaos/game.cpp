#include "orderchaos/game.h"

#include "orderchaos/notation.h"
#include "util/name_table.h"
#include "util/play_text.h"

namespace orderchaos {

std::string_view result_token(Outcome o) {
  return common::name_of(o);
}

std::optional<Outcome> parse_result_token(std::string_view token) {
  return common::value_of<Outcome>(token);
}

namespace {}  // namespace

std::string_view termination_name(Termination t) {
  return common::name_of(t);
}

std::optional<Termination> parse_termination(std::string_view name) {
  return common::value_of<Termination>(name);
}

std::string describe(const Result& result) {
  if (!result.over()) return "the game goes on";
  const std::string winner = result.outcome == Outcome::OrderWins ? "Order" : "Chaos";
  switch (result.termination) {
    case Termination::FiveInARow:
      return "Order wins: five in a row";
    case Termination::BoardFull:
      return "Chaos wins: the board is full without five in a row";
    case Termination::Resignation:
      return winner + " wins: the opponent resigned";
    case Termination::Timeout:
      return winner + " wins: the opponent ran out of time";
    case Termination::Abandoned:
      return winner + " wins: the opponent left the game";
    case Termination::None:
    case Termination::Unspecified:
      break;
  }
  return winner + " wins";
}

Result judge_position(const Position& pos) {
  switch (pos.outcome()) {
    case Outcome::OrderWins:
      return {Outcome::OrderWins, Termination::FiveInARow};
    case Outcome::ChaosWins:
      return {Outcome::ChaosWins, Termination::BoardFull};
    case Outcome::Ongoing:
      break;
  }
  return {};
}

Move Game::play(std::string_view text) {
  return common::play_text<MoveError>(*this, text);
}

void Game::play(Move move) {
  Position next = position();
  next.play(move);
  positions_.push_back(next);
  moves_.push_back(move);
  result_ = judge_position(next);
}

bool Game::undo() {
  if (moves_.empty()) return false;
  moves_.pop_back();
  positions_.pop_back();
  result_ = judge_position(position());
  return true;
}

}  // namespace orderchaos
