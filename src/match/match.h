// A match between two players: paired openings (each played twice, colours swapped),
// games in parallel (one thread per game, fresh players per game), statistics after every
// game and an optional SPRT that stops the match early.
//
// Game i uses opening i / 2 (of the book, if there is one, in turn); the first player moves first
// (White, Order) in even games and second in odd ones. Any game of games/any_game.h. Results are
// kept by game index, so the records come out in the same order whatever the concurrency; with one
// game at a time and deterministic players (fixed depth or nodes) the whole match is the same on
// every run.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "match/game_runner.h"
#include "match/player_factory.h"
#include "match/stats.h"

namespace ordo::match {

// The registry's default game, with a move limit of 300 where it is endless (a match
// needs games that end).
MatchRules default_match_rules();

struct MatchConfig {
  // The game and its options; an endless game needs a move limit.
  MatchRules rules = default_match_rules();
  PlayerConfig first;
  PlayerConfig second;
  int games = 20;
  int concurrency = 1;
  std::uint64_t seed = 1;
  int opening_plies = 4;
  std::vector<Opening> book;  // when not empty, used instead of random openings
  std::optional<TimeControl> clock;
  std::optional<SprtParameters> sprt;
  // Above 0: each "game" of the match is a match to this many points (games worth points,
  // games::PointsMatch), played from the start positions; a forfeit loses that whole match.
  int points_target = 0;
};

struct GameReport {
  int index = 0;
  bool first_is_white = true;  // the first player moves first (White, Order)
  PlayedGame played;
  double first_points = 0;  // 1, 1/2 or 0
  // With MatchConfig::points_target: every game of this match to a score, in order (the
  // last is `played`), and the final score ("White 31, Black 12").
  std::vector<PlayedGame> match_games;
  std::string match_score;
  // The records of the game, or of every game of the match to a score, one after another.
  std::string records() const;
};

// The Elo estimate (trinomial) after a number of finished games, for the plot.
struct EloPoint {
  int games = 0;
  EloEstimate estimate;
};

struct MatchState {
  WinDrawLoss wdl;  // for the first player
  PairCounts pairs{};
  std::optional<SprtState> sprt;
  int sprt_decided_after = 0;  // games finished when the SPRT decided (0: not decided)
  std::vector<EloPoint> history;
  int games_done = 0;
};

struct MatchResult {
  std::vector<GameReport> games;  // by index; only the games played
  MatchState state;
};

// Called after every game, serialised (one at a time), in the order games finish.
using GameCallback = std::function<void(const GameReport&, const MatchState&)>;

// Throws std::invalid_argument for a bad configuration and rethrows the first error a
// game thread met (after the other games have finished).
MatchResult run_match(const MatchConfig& config, const GameCallback& on_game = {});

}  // namespace ordo::match
