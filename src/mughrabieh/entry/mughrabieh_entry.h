// Mughrabieh's entry in the registry of games (engine/game_registry.h).
#pragma once

#include "engine/game_registry.h"

namespace games {

GameEntry mughrabieh_entry();

}  // namespace games
