// The aggregates of a statistics run, kept as integer counts only so that adding games
// in any order, on any number of threads or machines, gives exactly the same tally (and
// the same JSON): shards merged equal one run. Intervals are 95%.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "stats/game_sample.h"

namespace stats {

// The 97.5% point of the standard normal distribution: 95% two-sided intervals.
constexpr double kZ95 = 1.959963984540054;

struct Interval {
  double low = 0;
  double high = 0;
};

// Wilson's score interval for a proportion of `successes` in `trials` (none: [0, 1]).
Interval wilson_interval(std::uint64_t successes, std::uint64_t trials, double z = kZ95);

// Count, sum and sum of squares of a whole-number quantity: its mean and the mean's
// normal-approximation interval.
struct Moments {
  std::uint64_t count = 0;
  std::uint64_t sum = 0;
  std::uint64_t sum_squares = 0;

  void add(std::uint64_t value);
  void merge(const Moments& other);
  double mean() const;
  double standard_deviation() const;  // of the values (n - 1 in the denominator)
  Interval mean_interval(double z = kZ95) const;
  friend bool operator==(const Moments&, const Moments&) = default;
};

// How many times each whole number occurred.
using Histogram = std::map<int, std::uint64_t>;
// The nearest-rank q-quantile (0 < q <= 1): the smallest value with at least q of the
// counts at or below it; 0 for an empty histogram.
int quantile(const Histogram& histogram, double q);

// Sums per ply index, over the games that reached that ply.
struct PlyProfile {
  std::vector<std::uint64_t> games;        // games with a turn to play at ply i
  std::vector<std::uint64_t> legal_moves;  // their legal moves there, summed
  // The pieces after ply i (index 0: the start), summed over the games that had them.
  std::vector<std::uint64_t> boards;
  std::vector<std::array<std::uint64_t, 2>> pieces;
  friend bool operator==(const PlyProfile&, const PlyProfile&) = default;
};

// Per side: how often its pieces were split into groups, and how often reconnected.
struct GroupCounts {
  std::array<std::uint64_t, 2> splits = {0, 0};
  std::array<std::uint64_t, 2> reconnections = {0, 0};
  std::uint64_t games_with_split = 0;
  friend bool operator==(const GroupCounts&, const GroupCounts&) = default;
};

// From the engine's evaluations (ludii_metrics.h): per game, when it was decided for
// good and how often the lead changed.
struct EvaluationCounts {
  std::uint64_t games = 0;      // games with at least one evaluation
  std::uint64_t positions = 0;  // evaluations in all
  std::uint64_t lead_changes = 0;
  std::uint64_t decided_games = 0;  // games with a winner, among `games`
  // Decisiveness of each decided game in millionths, summed (whole numbers, so that the
  // sum does not depend on the order of the games).
  std::uint64_t decisiveness_millionths = 0;
  friend bool operator==(const EvaluationCounts&, const EvaluationCounts&) = default;
};

// Matches to a score (RunSettings::match_to): how many, who won them and how long they ran.
struct MatchCounts {
  std::uint64_t matches = 0;
  std::uint64_t first_wins = 0;  // won by the first side (which begins the first game)
  Histogram games;               // games per match
  Moments plies;                 // plies per match, all its games together
  friend bool operator==(const MatchCounts&, const MatchCounts&) = default;
};

struct Tally {
  std::uint64_t games = 0;
  std::uint64_t first_wins = 0;
  std::uint64_t second_wins = 0;
  std::uint64_t draws = 0;
  std::uint64_t limit_endings = 0;  // ended by a limit (Ludii's timeouts)
  std::map<std::string, std::uint64_t> endings;
  Histogram plies;
  Moments ply_moments;
  PlyProfile profile;
  std::vector<std::uint64_t> turn_kinds;  // turns of each kind (GameFacts::turn_kinds)
  GroupCounts groups;
  EvaluationCounts evaluation;
  Histogram points;     // the winner's points per won game, in games worth points
  MatchCounts matches;  // only in runs of matches

  // `decisive_score`: the winner's evaluation that counts as decided (ludii_metrics.h).
  void add(const GameSample& game, int decisive_score);
  // Adds each game of the match, and the match.
  void add(const MatchSample& match, int decisive_score);
  void merge(const Tally& other);
  friend bool operator==(const Tally&, const Tally&) = default;
};

// The first player's score (wins + draws / 2) / games and its interval (trinomial
// variance, normal approximation).
double first_player_score(const Tally& tally);
Interval first_player_score_interval(const Tally& tally, double z = kZ95);

}  // namespace stats
