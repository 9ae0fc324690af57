// A game for two people at one keyboard: reads moves and commands line by line, shows the
// board before each move, and can save and load records.
#pragma once

#include "cli/commands.h"
#include "core/record.h"

namespace ordo::cli {

// Plays on from `record` until `quit` or the end of input; returns the exit status (0).
int run_play_session(Record record, const Streams& io);

}  // namespace ordo::cli
