// The run-time game interface (docs/dev/games.md): a whole game at the level of moves
// in text notation, the same for Ordo and for Order and Chaos. The front ends (the UGI
// protocol, the match runner, the terminal game, the server) talk only to this; one
// virtual call per move is nothing there. The hot paths (move generation, search) never
// see it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/game_facts.h"

namespace games {

// The player who moves first (White, Order) and the other (Black, Chaos).
enum class Side : std::uint8_t { First = 0, Second = 1 };

constexpr int index(Side s) {
  return static_cast<int>(s);
}
constexpr Side other(Side s) {
  return s == Side::First ? Side::Second : Side::First;
}

// A move text that is malformed or not legal; what() names the move and why.
class MoveError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// A game name, option, position string or record that cannot be used; what() says why.
class GameError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

enum class Outcome : std::uint8_t { Ongoing, FirstWins, SecondWins, Draw };

struct GameResult {
  Outcome outcome = Outcome::Ongoing;
  std::string termination;  // the game's own name: "home row", "five in a row", "none"
  std::string token;        // "1-0", "0-1", "1/2-1/2", "*"
  std::string description;  // a sentence for people
  // What the winner scores in games worth points (Mughrabieh: the loser's pieces left on
  // the board, the score towards a match to 31); 0 for a draw, an unfinished game and
  // games where a win is just a win.
  int points = 0;
  bool over() const { return outcome != Outcome::Ongoing; }
};

// One outcome of a chance node (a roll of the dice), as play() takes it: {"52", 1.0 / 18}.
struct ChanceOutcome {
  std::string text;
  double probability = 0;
};

// The outcome that a uniformly random 64-bit word draws by the outcomes' probabilities
// (the word's top 53 bits as a fraction, then the cumulative sums); never out of range.
inline std::size_t chance_index(const std::vector<ChanceOutcome>& outcomes, std::uint64_t random) {
  const double u = static_cast<double>(random >> 11) * 0x1.0p-53;
  double sum = 0;
  for (std::size_t i = 0; i + 1 < outcomes.size(); ++i) {
    sum += outcomes[i].probability;
    if (u < sum) return i;
  }
  return outcomes.empty() ? 0 : outcomes.size() - 1;
}

// Endings decided by the players or the referee rather than the board.
enum class Ending : std::uint8_t {
  Resignation,
  Timeout,
  Agreement,    // a draw; not every game has draws
  Unspecified,  // a forfeit for another reason (an illegal move, a crash)
  Abandonment,  // the loser left a game between two people and the winner claimed it
};

// What the last move did on the board, as squares in the game's notation, for a front end
// that marks it.
struct MoveMarks {
  // The squares the move's pieces left and reached (Ordo: every piece of a moved line;
  // Mughrabieh: each die step's points, in order).
  std::vector<std::string> from, to;
  std::vector<std::string> captured;  // squares whose piece a step took
  std::vector<std::string> removed;   // squares emptied otherwise (Ordo's cut-off pieces)
  std::vector<std::string> placed;    // squares where a new piece stands (Order and Chaos)
};

std::string default_game_name();  // the registry's first entry (game_registry.cpp)

// A game by name and options, e.g. {"ordo", {{"rules", "x"}, {"size", "8x8"}}}.
// Ordo: rules (classic|x), size (10x8|8x8), position, repetition (on|off), move-limit (N).
// Order and Chaos: rules (original|exact-five), position.
// Mughrabieh: rules (house|ludii), position (its roll, if one is pending, in the text).
struct GameSpec {
  std::string game = default_game_name();
  std::map<std::string, std::string> options;
};

// Chance (as OpenSpiel models it): a game with dice has chance nodes, positions where the
// referee acts rather than a player. There play(text) takes an outcome ("52"), legal_moves()
// is empty, play_random() draws an outcome by its probability, undo() takes the outcome
// back, and moves() lists it as a step of its own, so that play_moves(moves()) from the
// start remakes the game. side_to_move() is the side the outcome is for. Games without
// chance never have a chance node.
class AnyGame {
 public:
  virtual ~AnyGame() = default;

  virtual std::string_view game_name() const = 0;      // "ordo", "orderchaos"
  virtual std::string_view game_title() const = 0;     // "Ordo", "Order and Chaos"
  virtual std::string rules_name() const = 0;          // "classic", "x", "original", ...
  virtual std::pair<int, int> board_size() const = 0;  // width, height
  virtual std::string side_name(Side side) const = 0;  // "White", "Black", "Order", "Chaos"

  virtual std::string start_position() const = 0;  // position strings of the game
  virtual std::string position() const = 0;
  // The current position as a text diagram, each line after `indent` and ending in '\n'.
  virtual std::string diagram(const std::string& indent) const = 0;
  // The aligned "Label  value" lines that `show` prints under the diagram: the position
  // string, the rules, whose turn it is, the result and what else the game must say.
  virtual std::string summary() const = 0;
  // Examples of the game's move notation, for help texts.
  virtual std::string notation_hint() const = 0;
  virtual Side side_to_move() const = 0;
  // Whether the referee acts now (a roll of the dice is to be made), not a player.
  virtual bool is_chance_node() const { return false; }
  // The outcomes possible at a chance node, their probabilities summing to 1; none
  // elsewhere.
  virtual std::vector<ChanceOutcome> chance_outcomes() const { return {}; }
  // The legal moves in the game's notation, sorted; none once the game is over or at a
  // chance node.
  virtual std::vector<std::string> legal_moves() const = 0;
  // Plays a move (at a chance node: an outcome) in any notation the game accepts and
  // returns it as the game writes it. Throws MoveError naming the move and why; the game
  // is then unchanged.
  virtual std::string play(std::string_view text) = 0;
  // Takes back one step, a move or a chance outcome; false if there is none to take back.
  virtual bool undo() = 0;
  // Every step from the start, chance outcomes included, as written.
  virtual std::vector<std::string> moves() const = 0;
  // The position string after each move (the i-th follows the i-th move), for a front end
  // that shows every position of the game (the server's state).
  virtual std::vector<std::string> positions_after() const = 0;

  virtual GameResult result() const = 0;
  // Ends an ongoing game outside the board: `loser` resigned, ran out of time or forfeited;
  // Agreement is a draw (no loser). Throws GameError if the game is over or has no such
  // ending (Order and Chaos has no draws).
  virtual void end(Ending how, std::optional<Side> loser) = 0;
  // Takes back an ending decided outside the board (resignation, time, agreement, forfeit)
  // so that play goes on; false when the game is ongoing or the board decided it.
  virtual bool reopen() = 0;
  // What a player should know beyond the board and the result, one sentence each: Ordo's
  // duty to reconnect a split group, and repetitions under its house rule.
  virtual std::vector<std::string> notes() const { return {}; }
  // The house rules in force in this game (ours, not the game's), one sentence each.
  virtual std::vector<std::string> house_rules() const { return {}; }
  // The options beyond rules, size and position that this game was made with (GameSpec),
  // so that a stored game can be made again: Ordo's repetition and move-limit.
  virtual std::map<std::string, std::string> house_options() const { return {}; }
  // What the last move did; all empty before the first move.
  virtual MoveMarks last_move_marks() const = 0;
  // Each move's marks, in order, for showing any earlier position as the page shows the
  // current one. The default replays the game backwards on a clone; a game that can do
  // better (one pass forward) overrides it.
  virtual std::vector<MoveMarks> marks_after() const;
  // The squares that decided the game on the board (Order's five in a row); none otherwise.
  virtual std::vector<std::string> deciding_squares() const { return {}; }

  // The game's own record format with these tags (players, event...).
  virtual std::string record(const std::map<std::string, std::string>& tags) const = 0;

  // The option values that a UGI engine needs for this game, as setoption name/value.
  virtual std::vector<std::pair<std::string, std::string>> protocol_options() const = 0;
  // Move sequences of `depth` from the current position (docs/rules.md section 8).
  virtual std::uint64_t perft(int depth) const = 0;
  // The same count below each legal move of the position (as the game writes it), sorted
  // by the move's text.
  virtual std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const = 0;
  // The deepest perft that finishes in seconds from the start.
  virtual int max_perft_depth() const = 0;
  // Whether `side` has a move that wins at once (as if it were its turn).
  virtual bool can_win_at_once(Side side) const = 0;
  // Whether every game ends by the rules (Ordo only with a move limit).
  virtual bool always_ends() const = 0;

  virtual std::unique_ptr<AnyGame> clone() const = 0;

  // For statistics (src/stats, game_facts.h): the game's words for what it reports, and
  // that report for the last turn.
  virtual GameFacts facts() const = 0;
  virtual TurnFacts last_turn_facts() const = 0;
  // legal_moves().size() without writing the moves out.
  virtual std::size_t legal_move_count() const = 0;
  // Uniformly random play without text: plays legal move floor(random * n / 2^64) of the
  // n legal moves in the game's own (fixed) generation order, and returns n. At a chance
  // node it plays the outcome chance_index(chance_outcomes(), random) and returns the
  // number of outcomes. Throws GameError when the game is over.
  virtual std::size_t play_random(std::uint64_t random) = 0;
};

// What a game offers, for option lists (UGI `ugi`, the command line).
struct GameInfo {
  std::string name;                    // "ordo"
  std::string title;                   // "Ordo"
  std::vector<std::string> rule_sets;  // default first
  std::vector<std::string> sizes;      // default first; {"6x6"} where fixed
  std::vector<std::string> searchers;  // of its engine (any_engine.h), default first
  // Whether its engine takes evaluation weights (EngineSettings::eval_weights).
  bool settable_weights = false;
  // Whether a game may go on forever, so that it takes the house rules' options
  // "repetition" and "move-limit" (and a match sets a move limit).
  bool endless = false;
  // Whether the players may agree a draw (Ending::Agreement).
  bool draws = true;
  // The termination names (GameResult::termination) of endings that are house rules of
  // ours, not the game's own.
  std::vector<std::string> house_rule_endings{};
  // Whether the game has chance nodes (AnyGame::is_chance_node: dice), where a referee
  // must draw the outcome.
  bool chance = false;
  // Whether a game's win is worth points (GameResult::points), as in a match to a score.
  bool points = false;
};

const std::vector<GameInfo>& known_games();
// The game of that name; throws GameError listing the known ones.
const GameInfo& game_info(std::string_view name);

// A new game at its start (or the `position` option). Throws GameError naming the unknown
// game, option or the bad value.
std::unique_ptr<AnyGame> make_game(const GameSpec& spec);

// Plays `moves` in order. Throws MoveError "move N 'TEXT' (SIDE) is illegal: WHY" and
// leaves the game as it was before the first move.
void play_moves(AnyGame& game, const std::vector<std::string>& moves);

struct AnyRecord {
  std::unique_ptr<AnyGame> game;
  std::map<std::string, std::string> tags;  // those that do not describe the game itself
};

// A record of either game (by its Game tag), every move checked. Throws GameError
// saying what is wrong.
AnyRecord read_any_record(std::string_view text);

// Records written one after another (a match's records), each read as read_any_record
// reads one. Throws GameError naming the game (1-based), its first line and what is wrong;
// a text with no record is refused too.
std::vector<AnyRecord> read_any_records(std::string_view text);

}  // namespace games
