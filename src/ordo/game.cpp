#include "ordo/game.h"

#include <algorithm>

#include "ordo/movegen.h"
#include "ordo/notation.h"
#include "util/name_table.h"
#include "util/play_text.h"

namespace ordo {

std::string_view result_token(Outcome o) {
  return common::name_of(o);
}

std::optional<Outcome> parse_result_token(std::string_view token) {
  return common::value_of<Outcome>(token);
}

namespace {

Outcome win_for(Color c) {
  return c == Color::White ? Outcome::WhiteWins : Outcome::BlackWins;
}
}  // namespace

std::string_view termination_name(Termination t) {
  return common::name_of(t);
}

std::optional<Termination> parse_termination(std::string_view name) {
  return common::value_of<Termination>(name);
}

std::string describe(const Result& r) {
  const bool white_won = r.outcome == Outcome::WhiteWins;
  const std::string winner = white_won ? "White" : "Black", loser = white_won ? "Black" : "White";
  switch (r.termination) {
    case Termination::None:
      return "the game is in progress";
    case Termination::HomeRow:
      return winner + " wins: a piece reached " + loser + "'s home row";
    case Termination::CapturedAll:
      return winner + " wins: " + loser + " has no pieces left";
    case Termination::CannotReconnect:
      return winner + " wins: " + loser + " is split and cannot reconnect";
    case Termination::NoLegalMove:
      return winner + " wins: " + loser + " has no legal move (house rule)";
    case Termination::Repetition:
      return "Draw: the same position occurred three times (house rule)";
    case Termination::MoveLimit:
      return "Draw: the move limit was reached";
    case Termination::Resignation:
      return winner + " wins: " + loser + " resigned";
    case Termination::Agreement:
      return "Draw by agreement";
    case Termination::Timeout:
      return winner + " wins: " + loser + " ran out of time";
    case Termination::Abandoned:
      return winner + " wins: " + loser + " left the game";
    case Termination::Unspecified:
      return r.outcome == Outcome::Draw ? "Draw" : winner + " wins";
  }
  return "";
}

Result judge_position(const Position& pos) {
  if (auto winner = pos.decided_winner()) {
    const bool no_pieces = !pos.pieces(opponent(*winner));
    return {win_for(*winner), no_pieces ? Termination::CapturedAll : Termination::HomeRow};
  }
  if (count_legal(pos) == 0) {
    const Color loser = pos.side_to_move();
    return {win_for(opponent(loser)),
            pos.is_connected(loser) ? Termination::NoLegalMove : Termination::CannotReconnect};
  }
  return {};
}

Game::Game(Position start, GameOptions options) : options_(options) {
  positions_.push_back(start);
  result_ = compute_result();
}

void Game::legal_moves(MoveList& list) const {
  list.clear();
  if (!result_.over()) generate_legal(position(), list);
}

int Game::occurrences_of_current() const {
  return static_cast<int>(std::count(positions_.begin(), positions_.end(), position()));
}

std::vector<std::uint64_t> Game::earlier_hashes() const {
  std::vector<std::uint64_t> hashes;
  for (std::size_t i = 0; i + 1 < positions_.size(); ++i) hashes.push_back(positions_[i].hash());
  return hashes;
}

Result Game::compute_result() const {
  const Result by_rules = judge_position(position());
  if (by_rules.over()) return by_rules;
  if (options_.repetition_draw && occurrences_of_current() >= 3) {
    return {Outcome::Draw, Termination::Repetition};
  }
  if (options_.move_limit > 0 && static_cast<int>(moves_.size()) >= options_.move_limit) {
    return {Outcome::Draw, Termination::MoveLimit};
  }
  return {};
}

Move Game::play(std::string_view text) {
  return common::play_text<MoveError>(*this, text);
}

void Game::play(const Move& move) {
  Position next = position();
  next.make(move);
  positions_.push_back(next);
  moves_.push_back(move);
  result_ = compute_result();
}

bool Game::undo() {
  if (moves_.empty()) return false;
  moves_.pop_back();
  positions_.pop_back();
  result_ = compute_result();
  return true;
}

std::string split_text(const Position& pos) {
  const Color side = pos.side_to_move();
  if (pos.is_connected(side)) return "";
  std::string text = std::string(color_name(side)) + " is split and must reconnect with this move";
  if (pos.variant() == Variant::Classic) text += " (backward moves allowed)";
  return text;
}

std::string repetition_text(const Game& game) {
  if (!game.options().repetition_draw) return "";
  const int seen = game.occurrences_of_current();
  if (seen < 2 || game.result().over()) return "";
  return "this position has occurred " + std::to_string(seen) +
         " times; a third time draws (house rule)";
}

}  // namespace ordo
