#include "server/ai_level.h"

#include <algorithm>

namespace ordo::server {

GoLimits limits_for_level(int level) {
  level = std::clamp(level, kMinLevel, kMaxLevel);
  GoLimits limits;
  limits.depth = level;                   // 1 ply at level 1 ... 10 at level 10
  limits.movetime_ms = 150 * level;       // 150 ms ... 1.5 s, whichever ends first
  limits.nodes = 2000ull << (level - 1);  // 2 k ... 1 M nodes
  return limits;
}

}  // namespace ordo::server
