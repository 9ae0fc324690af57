// The one registry of games: what the front ends (UGI, the match runner, the command line,
// the server) may know of a game, each entry written by the game itself in its ai/ folder
// (ordo/ai/ordo_entry.cpp, orderchaos/ai/orderchaos_entry.cpp). game_registry.cpp is the
// only place that names them all; a new game adds one line there.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/any_bot.h"
#include "engine/any_engine.h"
#include "engine/any_game.h"

namespace games {

// What `bench` asks of a game: its fixed workload for timing (perft, seeded random games,
// fixed-depth searches), with counts that are the same on every run.
struct BenchRequest {
  std::string rules;         // a rule set of the game; empty: its default
  std::optional<int> games;  // random games to play; none: the game's own number
  bool quick = false;        // a small workload (for tests)
};

// What `solve` asks of a game; each game takes what applies to it and refuses the rest.
struct SolveRequest {
  static constexpr int kMaxTurns = 30;  // the most `turns` any game's solver takes
  int turns = 0;  // a forced win within this many own turns (games without an end); 0: none
  std::uint64_t nodes = 0;       // 0: no limit
  std::int64_t movetime_ms = 0;  // 0: no limit
  std::size_t hash_mib = 64;
  bool json = false;  // one JSON object instead of text
  // Sampling: `sample` seeded random positions with `empty` empty squares (games that fill
  // a board); `sampling` says whether any of the three was given.
  int sample = 0;
  int empty = 16;
  std::uint64_t seed = 1;
  bool sampling = false;
};

// What `prove` asks of a game: proof-number search of its position, or with `frontier` of
// every position that many moves on (one per symmetry class).
struct ProveRequest {
  int frontier = -1;        // -1: the position itself
  std::uint64_t nodes = 0;  // per position; 0: no limit
  std::size_t hash_mib = 256;
  bool list = false;  // with frontier: each position and its value
  // The winner's whole strategy, for one proved position: `write_strategy` (null: not
  // wanted) receives the file's text; `strategy_name` names it in the report.
  std::function<void(const std::string& text)> write_strategy{};
  std::string strategy_name{};
  std::size_t strategy_limit = 1000000;  // most positions a strategy may hold
  // Whether what the game has proved already (Order and Chaos: Order's centre strategy)
  // settles positions in the search; strategy files never use it.
  bool use_proofs = true;
};

// What `calibrate` asks of a game: how many nodes its engine's search and how many
// iterations its reference bot (an extra match player) reach per second of thread CPU time
// on each of some positions, and the per-move budgets that stand for the given seconds.
struct CalibrateRequest {
  std::uint64_t nodes = 400'000;      // search nodes per position
  std::uint64_t iterations = 20'000;  // bot iterations per position
  double engine_seconds = 1.0;
  double bot_seconds = 5.0;
};

// What a front end needs to draw a game's board and take its moves (the web page).
struct BoardFacts {
  // GameInfo::rule_sets' names for people, in the same order ("Classic", "Ordo X").
  std::vector<std::string> rule_set_titles;
  // What sets each rule set apart, a short phrase for choosing one ("five or more in a row
  // wins"), in the same order; empty where the title says enough.
  std::vector<std::string> rule_set_notes{};
  // How a move is made: "steps" (pieces go from square to square) or "placement" (a
  // piece is put on an empty square).
  std::string move_style = "steps";
  // Whether each side has its own edge of the board (Ordo's home rows, a tables board's
  // home quarters), so that a player is shown the board from that edge; false where
  // the board is the same for both (Order and Chaos), and nothing is turned.
  bool board_has_sides = true;
  // What is moved or placed: the kinds of piece where either side places either ("X",
  // "O"), else each side's ("white", "black").
  std::vector<std::string> pieces;
  std::string example_move;  // "c2-c3", "Xc3"
  std::string goal;          // one sentence: what each side wants
  // How its engine's score (AnyEngine's SearchInfo::score, the side to move's) reads for
  // people: its name and how many score units make one shown unit (Ordo: hundredths of a
  // piece, shown as +1.25; Mughrabieh: thousandths of equity, shown as +0.370 equity).
  std::string score_name = "Evaluation";
  int score_scale = 100;
};

struct GameEntry {
  GameInfo info;           // name, title, rule sets, sizes, searchers
  std::string record_tag;  // the Game tag of its records ("Ordo")
  BoardFacts board;
  // The kinds of match player beyond our engine (kind=ab) and any UGI engine (kind=ugi)
  // that play this game, each a reference bot made by make_bot: "uct" (Ordo's).
  std::vector<std::string> extra_players{};
  // A new game from GameSpec options; throws GameError naming a bad option or value.
  std::unique_ptr<AnyGame> (*make_game)(const std::map<std::string, std::string>& options);
  // A game read from a record of this game; tags beyond the game's own go to `tags`.
  std::unique_ptr<AnyGame> (*read_record)(std::string_view text,
                                          std::map<std::string, std::string>& tags);
  // A stored result (a result token and a termination name, as GameResult has them) as a
  // sentence for people; empty when the token is no result ("*" or unknown).
  std::string (*describe_result)(const std::string& token, const std::string& termination);
  // The moves `side` could make in `game`'s position were it its turn, as the game writes
  // them, sorted (what a waiting player may queue as a premove).
  std::vector<std::string> (*moves_if_to_move)(const AnyGame& game, Side side);
  // Its reference bot of one of the kinds in extra_players, for a game made with these
  // options (rules, size); throws GameError for a bad option. Null: it has none.
  std::unique_ptr<AnyBot> (*make_bot)(std::string_view kind,
                                      const std::map<std::string, std::string>& options,
                                      const BotSettings& settings) = nullptr;
  // Its engine (null: the game has none).
  std::unique_ptr<AnyEngine> (*make_engine)(const AnyGame& game, const EngineSettings& settings);
  // Runs the bench workload, writing its report; throws GameError for a bad rule set.
  void (*bench)(const BenchRequest& request, std::ostream& out) = nullptr;
  // Solves the game's position exactly, writing the report; returns the exit status (1:
  // nothing to solve). Throws GameError for a request that does not fit the game.
  int (*solve)(const AnyGame& game, const SolveRequest& request, std::ostream& out,
               std::ostream& err) = nullptr;
  // Proves the game's position by proof-number search, writing the report; returns the exit
  // status (1: nothing to prove, or no strategy). Null: the game has no proof search.
  int (*prove)(const AnyGame& game, const ProveRequest& request, std::ostream& out,
               std::ostream& err) = nullptr;
  // Measures its engine against its reference bot on `positions` (games of this game),
  // writing one row a position, the medians and the budgets. Null: the game has no
  // reference bot to calibrate against.
  void (*calibrate)(const std::vector<const AnyGame*>& positions, const CalibrateRequest& request,
                    std::ostream& out) = nullptr;
  // Its evaluation tuner (`tune`), given the arguments after `tune` (its own subcommands
  // and options); returns the exit status, throws std::exception for bad input. Null: the
  // game has none.
  int (*tune)(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) = nullptr;
  // Checks evaluation weights written as the engine takes them (EngineSettings::
  // eval_weights, "name=value,..."), throwing std::invalid_argument that names a bad name or
  // number. Null: the game takes none (GameInfo::settable_weights is false).
  void (*check_weights)(const std::string& text) = nullptr;
  // Matches to a score, for games whose wins are worth points (GameInfo::points; see
  // points_match.h): the usual target (Mughrabieh: 31; 0: not played in matches), a game
  // of such a match begun by `starter`, from GameSpec options as make_game takes them, and
  // who begins the game after one that `starter` began and that ended with `result`.
  int match_target = 0;
  std::unique_ptr<AnyGame> (*make_match_game)(const std::map<std::string, std::string>& options,
                                              Side starter) = nullptr;
  Side (*next_match_starter)(Side starter, const GameResult& result) = nullptr;
};

// Every game, the default first (a record without a Game tag is the default game's).
const std::vector<GameEntry>& game_registry();

// The default game's entry (the registry's first): what a request, a stored row or a
// match that names no game plays.
const GameEntry& default_game();

// The entry of the game of that name; throws GameError listing the known ones.
const GameEntry& game_entry(std::string_view name);

// Checks evaluation weights before the game is known (a UGI option, a match player's
// eval.NAME): accepted if some game takes them; else throws std::invalid_argument with the
// first such game's reason.
void check_weights_of_some_game(const std::string& text);

// The games' names, "ordo, orderchaos", for messages.
std::string game_names();

// Whether the game of that name has that extra kind of match player (GameEntry).
bool has_extra_player(std::string_view game, std::string_view kind);

// The titles of the games that have that extra kind of player, "Ordo", for messages.
std::string games_with_extra_player(std::string_view kind);

// The names of the games whose entry has that hook ("orderchaos" for &GameEntry::prove),
// for messages that refuse another game.
template <class Hook>
std::string games_with(Hook GameEntry::*hook) {
  std::string names;
  for (const GameEntry& entry : game_registry())
    if (entry.*hook) names += (names.empty() ? "" : ", ") + entry.info.name;
  return names;
}

}  // namespace games
