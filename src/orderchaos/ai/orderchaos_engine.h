// Order and Chaos's engine facade (orderchaos_facade.h) behind AnyEngine.
#pragma once

#include <memory>

#include "engine/any_engine.h"

namespace games {

std::unique_ptr<AnyEngine> make_orderchaos_engine(const AnyGame& game,
                                                  const EngineSettings& settings);

}  // namespace games
