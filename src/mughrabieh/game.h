// A Mughrabieh game: a start position, the turns played with their rolls, and the result
// by the rules (a side bore off all its pieces; under the ludii rules also a draw when both
// sides passed in turn) or by the players (resignation, time). And a match: games to 31.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mughrabieh/position.h"
#include "util/name_table.h"

namespace mughrabieh {

enum class Termination {
  None,
  BorneOff,     // the winner bore off all fifteen pieces
  TwoPasses,    // ludii rules: both sides passed in turn, a draw
  Resignation,  // outside the rules: said by a player
  Timeout,
  Unspecified,  // a result from outside the rules with no reason given (records)
  Abandoned,    // outside the rules: the loser left and the winner claimed the game
};

using Result = common::BasicResult<Outcome, Termination>;

}  // namespace mughrabieh

// The names of results in records and storage (util/name_table.h).
template <>
struct common::Names<mughrabieh::Outcome> {
  static constexpr NameTable<mughrabieh::Outcome> table[] = {
      {mughrabieh::Outcome::WhiteWins, "1-0"},
      {mughrabieh::Outcome::BlackWins, "0-1"},
      {mughrabieh::Outcome::Draw, "1/2-1/2"},
      {mughrabieh::Outcome::Ongoing, "*"},
  };
  static constexpr std::string_view fallback = "*";
};

template <>
struct common::Names<mughrabieh::Termination> {
  static constexpr NameTable<mughrabieh::Termination> table[] = {
      {mughrabieh::Termination::None, "none"},
      {mughrabieh::Termination::BorneOff, "borne off"},
      {mughrabieh::Termination::TwoPasses, "two passes"},
      {mughrabieh::Termination::Resignation, "resignation"},
      {mughrabieh::Termination::Timeout, "time forfeit"},
      {mughrabieh::Termination::Unspecified, "unspecified"},
      {mughrabieh::Termination::Abandoned, "abandoned"},
  };
  static constexpr std::string_view fallback = "none";
};

namespace mughrabieh {

std::string_view result_token(Outcome o);  // "1-0" (White), "0-1" (Black), "1/2-1/2", "*"
std::optional<Outcome> parse_result_token(std::string_view token);
std::string_view termination_name(Termination t);
std::optional<Termination> parse_termination(std::string_view name);
// A sentence for people, e.g. "White wins 7 points: all pieces borne off".
std::string describe(const Result& result, int points);

// The rules' verdict on a position.
Result judge_position(const Position& pos);

class Game {
 public:
  explicit Game(Position start);

  // The position the game began from, as given (a chance node unless given with a roll).
  const Position& start_position() const { return start_; }
  // The position now: a chance node between turns, or holding the roll given by roll().
  // The positions before each turn keep that turn's roll.
  const Position& position() const { return positions_.back(); }
  const std::vector<Turn>& turns() const { return turns_; }
  Result result() const { return result_; }
  // The points the winner scores (by the rules: the loser's pieces left on the board; a
  // resignation or timeout scores the same), 0 while the game goes on or for a draw.
  int points() const;

  // Makes the pending roll (the referee's); throws MoveError if one is pending or the game
  // is over.
  void roll(Roll roll);
  // Plays a turn in notation (its roll is the pending one, or is made by it at a chance
  // node); throws MoveError (the game unchanged) if it is not legal or the game is over.
  Turn play(std::string_view text);
  void play(const Turn& turn);  // a legal turn
  void set_result(Result result) { result_ = result; }
  // One event back: a pending roll, else the last turn (whose roll is then pending
  // again); false if there is none. The start position's own roll stays.
  bool undo();
  const std::vector<Position>& positions() const { return positions_; }

 private:
  Position start_;
  std::vector<Position> positions_;  // positions_[i] is before turns_[i], with its roll
  std::vector<Turn> turns_;
  Result result_;
  bool start_roll_ = false;  // the start position came with its roll
};

// A match to 31 (docs/rules.md, Mughrabieh 7 and 9): the winner of a game scores its
// points; White begins the first game and the winner of each game begins the next (house
// rule); a drawn game (ludii rules only) scores nothing and is begun again by the same side.
class Match {
 public:
  explicit Match(RuleSet rules = RuleSet::House, int target = kMatchTarget);
  RuleSet rules() const { return rules_; }
  int target() const { return target_; }
  int score(Side s) const { return score_[index(s)]; }
  const std::vector<Game>& games() const { return games_; }
  bool over() const { return score_[0] >= target_ || score_[1] >= target_; }
  std::optional<Side> winner() const;
  // Who begins the next game, and its start position.
  Side next_starter() const { return next_starter_; }
  Position next_start() const { return Position::start(rules_, next_starter_); }
  // Adds a finished game begun from next_start(); throws std::invalid_argument otherwise.
  void add_game(const Game& game);

 private:
  RuleSet rules_;
  int target_;
  std::array<int, 2> score_{};
  Side next_starter_ = Side::White;
  std::vector<Game> games_;
};

}  // namespace mughrabieh
