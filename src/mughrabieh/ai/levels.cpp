#include "mughrabieh/ai/levels.h"

#include <algorithm>
#include <array>

namespace mughrabieh::ai {

LevelSettings level_settings(int level) {
  // Measured in research/mughrabieh-ai.md (the ladder).
  static constexpr std::array<LevelSettings, 10> kTable{{
      {0, 0.60, 0, 0},  // 1
      {0, 0.35, 0, 0},
      {0, 0.20, 0, 0},
      {0, 0.10, 0, 0},
      {0, 0.04, 0, 0},  // 5
      {0, 0.00, 0, 0},
      {1, 0.00, 4, 0},
      {1, 0.00, 12, 0},
      {2, 0.00, 4, 3},
      {2, 0.00, 8, 5},  // 10
  }};
  return kTable[std::clamp(level, 1, 10) - 1];
}

}  // namespace mughrabieh::ai
