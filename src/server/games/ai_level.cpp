#include "server/games/ai_level.h"

#include <algorithm>

namespace ordo::server {

games::GoLimits limits_for_level(int level) {
  level = std::clamp(level, kMinLevel, kMaxLevel);
  games::GoLimits limits;
  // The lower levels are held back by their node caps and end in well under a second;
  // the top level thinks for two seconds, enough to be strong without a long wait.
  limits.movetime_ms = level == kMaxLevel ? 2000 : 1000;
  return limits;
}

}  // namespace ordo::server
