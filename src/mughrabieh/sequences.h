// Random play uniform over step sequences without listing the turns: one walk counts the
// legal sequences (the last step of each branch as one popcount), a second walks them in the
// same order to the k-th. Both play steps without hashing. The same sequences as
// generate_turns counts: under the house rules those of the best rank, under the ludii rules
// every sequence after which no die can move.
#pragma once

#include <cstdint>

#include "mughrabieh/position.h"

namespace mughrabieh {

// The number of legal step sequences for `pos`'s pending roll (0 when it has none: the
// pass) and their rank (TurnList::rank; under the ludii rules the largest met). `pos` is used
// as scratch and left as it was.
struct SequenceCount {
  std::uint32_t total = 0;
  int rank = -1;
};
SequenceCount count_sequences(Position& pos);

// The k-th of those sequences (k < count.total), as a turn; `count` from count_sequences(pos).
Turn sequence_at(Position& pos, SequenceCount count, std::uint32_t k);

}  // namespace mughrabieh
