// Mughrabieh's engine behind AnyEngine: at a decision (a roll pending) the AI's best turn
// for the roll (mughrabieh/ai/mughrabieh_player.h); at a chance node there is nothing to
// search, as the referee rolls, and go() reports no move.
#pragma once

#include <memory>

#include "engine/any_engine.h"

namespace games {

std::unique_ptr<AnyEngine> make_mughrabieh_engine(const AnyGame& game,
                                                  const EngineSettings& settings);

}  // namespace games
