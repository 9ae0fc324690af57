// Playing levels 1..10: what a level limits (depth, nodes) and how much it lets chance
// choose among nearly equal moves or blunder. Level 10 is full strength with the time
// given. Each game has its table (or one per rule set) in its ai/ folder, read by this
// one mechanism; the tables and what they mean are in docs/levels.md.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

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

// The tighter of two limits, 0 meaning none.
template <class T>
constexpr T tighter_limit(T a, T b) {
  if (a == 0) return b;
  if (b == 0) return a;
  return a < b ? a : b;
}

// A game's table: the settings of levels 1..10 in order.
using LevelTable = std::array<LevelSettings, kMaxLevel>;

// The settings of `level` in `table`, the level clamped to 1..10.
LevelSettings level_in(const LevelTable& table, int level);

// The tighter of the caller's limits and the level's.
SearchLimits limits_at_level(SearchLimits limits, const LevelSettings& level);

// The move to play at a level after `searcher` has found `result` for `root`: the best
// move, or with the level's randomness one of the near-best moves or a blunder. The
// choice depends only on `seed` and the position, so it is reproducible. The search for
// near-best moves stops at the level's nodes and at `budget`'s nodes and time (what is
// left of the caller's limits; 0: none), keeping what it found by then, so that a level
// keeps to the limits of its `go`; the nodes it took go to `nodes_used` (if given).
// Defined in levels_impl.h, instantiated in each game's ai/ folder.
template <class Rules>
std::optional<typename Rules::Move> choose_at_level(
    const LevelSettings& level, BasicAlphaBeta<Rules>& searcher,
    const typename Rules::Position& root, const std::vector<std::uint64_t>& history,
    const BasicSearchResult<typename Rules::Move>& result, std::uint64_t seed,
    const std::atomic<bool>& stop, const SearchLimits& budget = {},
    std::uint64_t* nodes_used = nullptr);

}  // namespace ordo
