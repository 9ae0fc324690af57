// Mughrabieh's `bench` and `solve` (GameEntry): random games per second, and the exact
// bear-off database's verdict on a pure race with every piece of the side to move home.
#pragma once

#include <ostream>

#include "engine/game_registry.h"

namespace games {

// Seeded random games (the same on every run) of the rule set, timed in CPU time, and the
// turn count of the start position with chance expanded.
void mughrabieh_bench(const BenchRequest& request, std::ostream& out);

// For a side to move with all its pieces in its final six points and no opposing piece
// there: the exact expected number of turns to bear off (the best turn's, with a roll
// pending) and, when the other side is home too, the chance of finishing first. Elsewhere
// the database knows nothing: exit status 1 and why.
int mughrabieh_solve(const AnyGame& game, const SolveRequest& request, std::ostream& out,
                     std::ostream& err);

}  // namespace games
