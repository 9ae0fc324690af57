// Plays the games of a statistics run on several threads and adds them up. Each game's
// randomness comes from the run's seed and the game's index alone, so a run gives the
// same tally on any number of threads, and shard K/N (the games whose index is K-1
// modulo N) of N shards together give exactly the tally of the whole run.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "engine/any_engine.h"
#include "engine/any_game.h"
#include "stats/game_sample.h"
#include "stats/metrics.h"

namespace stats {

// "random" (uniform over the legal moves), "level:N" (the app's level N, 1..10),
// "nodes:N" (our engine at N nodes a move), "time:MS" (MS milliseconds a move).
struct PlayerChoice {
  enum class Kind { Random, Level, Nodes, Time };
  Kind kind = Kind::Random;
  std::uint64_t value = 0;
  bool is_engine() const { return kind != Kind::Random; }
  std::string text() const;  // as parsed, normalised
  friend bool operator==(const PlayerChoice&, const PlayerChoice&) = default;
};

// Throws std::invalid_argument saying what is wrong.
PlayerChoice parse_player_choice(std::string_view text);

// Shard `index` of `count` (1-based): the games whose index is index-1 modulo count.
struct Shard {
  int index = 1;
  int count = 1;
  bool plays(std::uint64_t game) const {
    return game % static_cast<std::uint64_t>(count) == static_cast<std::uint64_t>(index - 1);
  }
  std::string text() const { return std::to_string(index) + "/" + std::to_string(count); }
  friend bool operator==(const Shard&, const Shard&) = default;
};

// "K/N" with 1 <= K <= N <= 1000000. Throws std::invalid_argument.
Shard parse_shard(std::string_view text);

// What makes a run: equal settings and seeds give equal tallies.
struct RunSettings {
  games::GameSpec game;  // name and options (rules, size, ...)
  PlayerChoice first;
  PlayerChoice second;
  std::uint64_t games = 0;  // of the whole run, over all shards
  std::uint64_t seed = 1;
  int random_plies = 0;  // plies played uniformly at random before the players take over
  // Evaluate every this many plies with an engine at eval_nodes (0: only the engine
  // players' own evaluations of the moves they play).
  int eval_every = 0;
  std::uint64_t eval_nodes = 2000;
  int decisive_score = 400;  // the winner's evaluation that counts as decided
  // Above 0: each of the run's `games` is a match to this many points (games worth points
  // only, engine/points_match.h), every game of it counted too.
  int match_to = 0;
};
bool same_run(const RunSettings& a, const RunSettings& b);

// The seed of game `index`'s randomness.
std::uint64_t game_seed(std::uint64_t run_seed, std::uint64_t index);

// The engines one thread reuses from game to game (made when first needed).
class EngineSet {
 public:
  games::AnyEngine& engine(int slot, const games::AnyGame& game);  // 0, 1: players; 2: judge

 private:
  std::unique_ptr<games::AnyEngine> engines_[3];
};

// Plays game `index` of the run. Throws games::GameError for a game or player that cannot
// be used.
GameSample play_game(const RunSettings& settings, std::uint64_t index, EngineSet& engines);
// Plays match `index` of a run of matches (settings.match_to > 0); the first side begins
// its first game and the game's rule says who begins each next one. Throws games::GameError
// as play_game does, or for a match that runs past kMaxMatchGames games (draws score
// nothing).
MatchSample play_match(const RunSettings& settings, std::uint64_t index, EngineSet& engines);
inline constexpr int kMaxMatchGames = 10'000;

struct RunControl {
  int threads = 1;
  Shard shard;
  // After each game, from the thread that played it (one at a time): games done, of all.
  std::function<void(std::uint64_t done, std::uint64_t total)> on_progress;
};

// The games of the shard, counted; throws what a game threw (the first one).
Tally run_games(const RunSettings& settings, const RunControl& control);
// How many games (or matches) of the run the shard plays.
std::uint64_t shard_games(std::uint64_t games, const Shard& shard);

}  // namespace stats
