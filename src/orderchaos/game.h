// An Order and Chaos game: a start position, the moves played, and the result by the
// rules (a line for Order, the full board for Chaos) or by the players (resignation,
// time).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "orderchaos/movegen.h"
#include "orderchaos/position.h"
#include "util/name_table.h"

namespace orderchaos {

enum class Termination {
  None,
  FiveInARow,   // Order made a line
  BoardFull,    // Chaos kept every line open to the end
  Resignation,  // outside the rules: said by a player
  Timeout,
  Unspecified,  // a result from outside the rules with no reason given (records)
  Abandoned,    // outside the rules: the loser left and the winner claimed the game
};

using Result = common::BasicResult<Outcome, Termination>;

}  // namespace orderchaos

// The names of results in records and storage (util/name_table.h).
template <>
struct common::Names<orderchaos::Outcome> {
  static constexpr NameTable<orderchaos::Outcome> table[] = {
      {orderchaos::Outcome::OrderWins, "1-0"},
      {orderchaos::Outcome::ChaosWins, "0-1"},
      {orderchaos::Outcome::Ongoing, "*"},
  };
  static constexpr std::string_view fallback = "*";
};

template <>
struct common::Names<orderchaos::Termination> {
  static constexpr NameTable<orderchaos::Termination> table[] = {
      {orderchaos::Termination::None, "none"},
      {orderchaos::Termination::FiveInARow, "five in a row"},
      {orderchaos::Termination::BoardFull, "board full"},
      {orderchaos::Termination::Resignation, "resignation"},
      {orderchaos::Termination::Timeout, "time forfeit"},
      {orderchaos::Termination::Unspecified, "unspecified"},
      {orderchaos::Termination::Abandoned, "abandoned"},
  };
  static constexpr std::string_view fallback = "none";
};

namespace orderchaos {

std::string_view result_token(Outcome o);  // "1-0" (Order), "0-1" (Chaos), "*"
std::optional<Outcome> parse_result_token(std::string_view token);
std::string_view termination_name(Termination t);  // "five in a row", "board full", ...
std::optional<Termination> parse_termination(std::string_view name);
// A sentence for people, e.g. "Order wins: five in a row".
std::string describe(const Result& result);

// The rules' verdict on a position.
Result judge_position(const Position& pos);

class Game {
 public:
  explicit Game(Position start) : positions_{start}, result_(judge_position(start)) {}

  const Position& start_position() const { return positions_.front(); }
  const Position& position() const { return positions_.back(); }
  const std::vector<Move>& moves() const { return moves_; }
  Result result() const { return result_; }

  // Plays a move in notation; throws MoveError (the game unchanged) if it is not legal
  // or the game is over.
  Move play(std::string_view text);
  void play(Move move);  // a legal move
  void set_result(Result result) { result_ = result; }
  bool undo();  // false if there is no move to take back

 private:
  std::vector<Position> positions_;  // positions_[i] is before moves_[i]
  std::vector<Move> moves_;
  Result result_;
};

}  // namespace orderchaos
