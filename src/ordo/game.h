// A game: a start position, the moves played, and the result by the rules, including
// the house rules on repetition and an optional move limit (docs/rules.md 4.5, 4.6).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ordo/move_list.h"
#include "ordo/position.h"
#include "util/name_table.h"

namespace ordo {

enum class Outcome { Ongoing, WhiteWins, BlackWins, Draw };

enum class Termination {
  None,
  HomeRow,          // a piece reached the opponent's home row
  CapturedAll,      // the loser has no pieces left
  CannotReconnect,  // the loser was split and had no reconnecting move
  NoLegalMove,      // the loser was connected but blocked [house rule]
  Repetition,       // third occurrence of a position [house rule]
  MoveLimit,        // the user's move limit was reached
  Resignation,      // outside the rules: said by a player
  Agreement,
  Timeout,
  Unspecified,  // a result from outside the rules with no reason given (records)
  Abandoned,    // outside the rules: the loser left and the winner claimed the game
};

using Result = common::BasicResult<Outcome, Termination>;

}  // namespace ordo

// The names of results in records and storage (util/name_table.h).
template <>
struct common::Names<ordo::Outcome> {
  static constexpr NameTable<ordo::Outcome> table[] = {
      {ordo::Outcome::WhiteWins, "1-0"},
      {ordo::Outcome::BlackWins, "0-1"},
      {ordo::Outcome::Draw, "1/2-1/2"},
      {ordo::Outcome::Ongoing, "*"},
  };
  static constexpr std::string_view fallback = "*";
};

template <>
struct common::Names<ordo::Termination> {
  static constexpr NameTable<ordo::Termination> table[] = {
      {ordo::Termination::None, ""},
      {ordo::Termination::HomeRow, "home row"},
      {ordo::Termination::CapturedAll, "all pieces captured"},
      {ordo::Termination::CannotReconnect, "cannot reconnect"},
      {ordo::Termination::NoLegalMove, "no legal move"},
      {ordo::Termination::Repetition, "repetition"},
      {ordo::Termination::MoveLimit, "move limit"},
      {ordo::Termination::Resignation, "resignation"},
      {ordo::Termination::Agreement, "agreement"},
      {ordo::Termination::Timeout, "time forfeit"},
      {ordo::Termination::Unspecified, "unspecified"},
      {ordo::Termination::Abandoned, "abandoned"},
  };
  static constexpr std::string_view fallback = "";
};

namespace ordo {

std::string_view result_token(Outcome o);  // "1-0", "0-1", "1/2-1/2", "*"
std::optional<Outcome> parse_result_token(std::string_view token);
std::string_view termination_name(Termination t);  // "home row", "repetition", ...
std::optional<Termination> parse_termination(std::string_view name);
// A sentence for people, e.g. "White wins: a piece reached Black's home row".
std::string describe(const Result& result);

// Empty when the side to move is connected, otherwise what it must do (a sentence for
// people).
std::string split_text(const Position& pos);

struct GameOptions {
  bool repetition_draw = true;  // [house rule] third occurrence draws
  int move_limit = 0;           // turns in all (both players); 0 = none
  friend bool operator==(const GameOptions&, const GameOptions&) = default;
};

// The rules' verdict on a position with no history: winner by the board, or the side to
// move loses for want of a legal move.
Result judge_position(const Position& pos);

class Game {
 public:
  explicit Game(Position start, GameOptions options = {});

  const Position& start_position() const { return positions_.front(); }
  const Position& position() const { return positions_.back(); }
  const std::vector<Move>& moves() const { return moves_; }
  const GameOptions& options() const { return options_; }
  Result result() const { return result_; }
  void legal_moves(MoveList& list) const;

  // Plays a move given in any accepted notation; throws MoveError (the game unchanged)
  // if it is not legal or the game is over.
  Move play(std::string_view text);
  // Plays a move known to be legal (from legal_moves).
  void play(const Move& move);
  // Ends the game by a players' decision (resignation, agreement, time).
  void set_result(Result result) { result_ = result; }
  // Takes back the last move; false if there is none.
  bool undo();

  // How many times the current position has occurred (for repetition).
  int occurrences_of_current() const;
  // Hashes of the positions before the current one, oldest first (for a search's
  // repetition checks).
  std::vector<std::uint64_t> earlier_hashes() const;

 private:
  Result compute_result() const;

  GameOptions options_;
  std::vector<Position> positions_;  // positions_[i] is before moves_[i]
  std::vector<Move> moves_;
  Result result_;
};

// Empty unless the current position occurred before and the repetition house rule is on.
std::string repetition_text(const Game& game);

}  // namespace ordo
