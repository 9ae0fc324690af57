// The run-time engine interface (docs/dev/games.md): an engine of one game and rule
// set, told positions as a start string and moves in text, searching on its own thread
// with callbacks that speak text. Adapters over each game's engine facade implement it
// (facade_engine.h); the UGI protocol and the match runner's in-process player use only
// this.
//
// Threads: as the facades (engine/engine.h). Every call except stop() and is_searching()
// comes from one controlling thread; the callbacks run on the search thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/any_game.h"
#include "search/transposition_table.h"
#include "util/stopwatch.h"

namespace games {

using ordo::TimeBasis;

// The levels every game's engine offers (the lower ones weaker on purpose).
constexpr int kMinLevel = 1;
constexpr int kMaxLevel = 10;

struct EngineSettings {
  std::size_t hash_mib = ordo::kDefaultTableMib;
  int threads = 1;
  std::string searcher = "alphabeta";  // or "mcts" where the game has one
  int level = kMaxLevel;               // kMinLevel (beginner) .. kMaxLevel
  // The lower levels' randomness; none: fresh entropy at every search (so that games
  // against a lower level differ), a seed: reproducible choices.
  std::optional<std::uint64_t> seed{};
  // Evaluation weights for alpha-beta as "name=value,..." over the rule set's defaults
  // (Ordo's feature names, docs/tuning.md); empty: the defaults. Games without
  // settable weights refuse any.
  std::string eval_weights{};
  friend bool operator==(const EngineSettings&, const EngineSettings&) = default;
};

// What go() may be told; zero means "not given" for every number. Clocks per side
// (index(Side)): time left (-1 = no clock) and increment.
struct GoLimits {
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t movetime_ms = 0;
  // What movetime_ms counts: wall time, or the searching thread's CPU time (for fair
  // matches on a loaded machine). A clock is always wall time.
  TimeBasis movetime_basis = TimeBasis::Wall;
  bool infinite = false;  // until stop(); the best move is reported only then
  std::int64_t time_left_ms[2] = {-1, -1};
  std::int64_t increment_ms[2] = {0, 0};
  int moves_to_go = 0;
};

// A root move and its score for the side to move, from an engine that ranks every root
// move (Mughrabieh: each distinct turn for the roll, by its equity).
struct RankedMove {
  std::string move;
  int score = 0;
  friend bool operator==(const RankedMove&, const RankedMove&) = default;
};

// One finished iteration, the principal variation in the game's notation.
struct SearchInfo {
  int depth = 0;
  int score = 0;
  std::optional<int> mate;  // turns to a win (positive) or a loss (negative)
  std::uint64_t nodes = 0;
  std::uint64_t nodes_per_second = 0;
  std::int64_t elapsed_ms = 0;
  std::vector<std::string> pv;
  // The same as `mate` in plies (both players' turns), as the UGI protocol counts.
  std::optional<int> mate_plies;
  // Every root move, best first, where the engine ranks them (in the final info); empty
  // where it does not (the alpha-beta engines order moves but score only the best).
  std::vector<RankedMove> ranked;
};

struct EngineCallbacks {
  std::function<void(const SearchInfo&)> on_info;
  // Once per go(), last; no move when the game is over.
  std::function<void(const std::optional<std::string>& best_move)> on_best_move;
  // Once per go() that found a move, just before on_best_move: that move as the pv, the
  // last finished iteration's depth, score and nodes, and the time of the whole go().
  std::function<void(const SearchInfo&)> on_final_info = {};
};

class AnyEngine {
 public:
  virtual ~AnyEngine() = default;

  virtual const EngineSettings& settings() const = 0;
  // Throws GameError for a value this engine does not take (the settings unchanged).
  virtual void set_settings(const EngineSettings& settings) = 0;
  // Forgets the game and what the search learned.
  virtual void new_game() = 0;
  // `start` (a position string of the game) with `moves` played. Throws GameError for a
  // bad position and MoveError for an illegal move; the engine's game is then unchanged.
  virtual void set_position(const std::string& start, const std::vector<std::string>& moves) = 0;

  // Makes what the next search needs (the table of the Hash size) now, so that no search
  // spends its time on it; go() does it too.
  virtual void prepare() = 0;
  virtual bool prepared() const = 0;  // whether prepare() has nothing left to do

  // Starts a search and returns at once.
  virtual void go(const GoLimits& limits, EngineCallbacks callbacks) = 0;
  virtual void stop() = 0;  // any thread; the search still reports its best move
  virtual void wait() = 0;  // until the running search has reported its best move
  virtual bool is_searching() const = 0;
};

// Whether `game` (a game name) has an engine.
bool has_engine(std::string_view game);

// An engine for the game, rules and board of `game`. Throws GameError if that game has
// no engine or the settings are bad.
std::unique_ptr<AnyEngine> make_engine(const AnyGame& game, const EngineSettings& settings);

}  // namespace games
