// An Ordo turn in the transposition table's word (search/transposition_table.h): both
// Ordo X steps and the tie choice.
#pragma once

#include "ordo/move.h"
#include "search/transposition_table.h"

namespace ordo {

PackedMove pack_move(const Move& move);
Move unpack_move(PackedMove packed);  // packed != kNoPackedMove

}  // namespace ordo
