// An include against the order (scripts/check-layers must refuse it): the shared utilities
// naming the server.
#pragma once

#include "server/games/game_service.h"
