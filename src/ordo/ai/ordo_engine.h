// Ordo's engine facade (engine/engine.h) behind AnyEngine.
#pragma once

#include <memory>

#include "engine/any_engine.h"

namespace games {

std::unique_ptr<AnyEngine> make_ordo_engine(const AnyGame& game, const EngineSettings& settings);

}  // namespace games
