// The stored rows every storage back end shares. Storage itself is ServerStorage
// (server_storage.h); this header remains for the files that need only the rows.
#pragma once

#include "server/storage/stored_game.h"
