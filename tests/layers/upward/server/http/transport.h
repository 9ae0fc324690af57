// An include against the order (scripts/check-layers must refuse it): the transport naming
// the game service, which is above it.
#pragma once

#include "server/games/game_service.h"
#include "server/http/http_message.h"
