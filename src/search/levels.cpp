#include "search/levels.h"

#include <algorithm>

namespace ordo {

LevelSettings level_in(const LevelTable& table, int level) {
  return table[static_cast<std::size_t>(std::clamp(level, kMinLevel, kMaxLevel) - 1)];
}

SearchLimits limits_at_level(SearchLimits limits, const LevelSettings& level) {
  limits.depth = tighter_limit(limits.depth, level.max_depth);
  limits.nodes = tighter_limit(limits.nodes, level.max_nodes);
  limits.finish_first_iteration = level.max_nodes > 0;
  return limits;
}

}  // namespace ordo
