// A statistics run as JSON: what was run (game, players, seed, the shards played), the
// raw counts (metrics.h) and a summary worked out from them. Merging reads the counts
// back, checks that the files are shards of one run, and adds them up; the result is
// byte for byte the file that one run of all the games writes.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "engine/game_facts.h"
#include "stats/metrics.h"
#include "stats/stats_runner.h"

namespace stats {

// A stats file that cannot be read or merged; what() names the file and what is wrong.
class StatsFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct RunResult {
  RunSettings settings;
  int shard_count = 1;
  std::vector<int> shards_played = {1};  // 1-based, ascending
  games::GameFacts facts;
  Tally tally;
};

// The JSON text (indented, ending in a newline). A result holding every shard of its
// run is written as the one-shard run it equals.
std::string write_stats_json(const RunResult& result);
// Throws StatsFileError naming `source` (a file name, for messages).
RunResult read_stats_json(const std::string& text, const std::string& source);
// The results added up. Throws StatsFileError when they are not disjoint shards of one
// run (another game, options, players, seed or number of games, or a shard twice).
RunResult merge_results(const std::vector<RunResult>& results,
                        const std::vector<std::string>& sources);

}  // namespace stats
