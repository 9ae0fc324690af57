// What each of the ten levels searches (docs/levels.md, Mughrabieh): the weak levels play
// the static evaluation with noise, the middle ones one ply of chance, the top two plies,
// each looking deeper only at the candidates the shallower pass ranks best.
#pragma once

namespace mughrabieh::ai {

struct LevelSettings {
  int depth = 0;        // plies of chance at most
  double noise = 0;     // the spread of the noise added to each root turn's equity
  int root_width = 0;   // root turns searched deeper than 0-ply (the best by the last depth)
  int reply_width = 0;  // replies searched on, inside, where more plies follow
};

LevelSettings level_settings(int level);  // 1..10, clamped

}  // namespace mughrabieh::ai
