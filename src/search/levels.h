// Playing levels 1..10: what a level limits (depth, nodes) and how much it lets chance
// choose among nearly equal moves or blunder. Level 10 is full strength with the time
// given. The tables are in docs/levels.md: Classic Ordo and Ordo X have one each (an Ordo X
// turn has thousands of choices, so the same budgets reach far shallower depths), and
// Order and Chaos has its own (orderchaos_level_settings), read by the same mechanism.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "ordo/types.h"
#include "search/search.h"

namespace ordo {

constexpr int kMinLevel = 1;
constexpr int kMaxLevel = 10;

struct LevelSettings {
  int max_depth = 0;            // 0: no limit
  std::uint64_t max_nodes = 0;  // 0: no limit
  // Root moves scoring within this margin of the best are chosen among at random.
  int margin = 0;
  int blunder_percent = 0;  // chance of a uniformly random legal move instead
};

// The settings of `level` (clamped to 1..10), for an Ordo rule set and for Order and Chaos
// (whose evaluation has smaller units and whose searches go deeper).
LevelSettings level_settings(int level, Variant variant);
LevelSettings orderchaos_level_settings(int level);

// The tighter of the caller's limits and the level's.
SearchLimits limits_at_level(SearchLimits limits, const LevelSettings& level);

// The move to play at a level after `searcher` has found `result` for `root`: the best
// move, or with the level's randomness one of the near-best moves or a blunder. The
// choice depends only on `seed` and the position, so it is reproducible. The search for
// near-best moves stops at the level's nodes and at `budget`'s nodes and time (what is
// left of the caller's limits; 0: none), keeping what it found by then, so that a level
// keeps to the limits of its `go`; the nodes it took go to `nodes_used` (if given).
// For either game (instantiated in levels.cpp).
template <class Rules>
std::optional<typename Rules::Move> choose_at_level(
    const LevelSettings& level, BasicAlphaBeta<Rules>& searcher,
    const typename Rules::Position& root, const std::vector<std::uint64_t>& history,
    const BasicSearchResult<typename Rules::Move>& result, std::uint64_t seed,
    const std::atomic<bool>& stop, const SearchLimits& budget = {},
    std::uint64_t* nodes_used = nullptr);

}  // namespace ordo
