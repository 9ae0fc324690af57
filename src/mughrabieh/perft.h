// Counting turns in the spirit of perft (docs/rules.md, Mughrabieh 10): from a position, the
// paths of `depth` turns with chance expanded (at a chance node each of the 21 rolls is
// followed once, unweighted), counted two ways: by distinct turns (a turn is its resulting
// position) and by die-step sequences. A turn that ends the game has no continuation.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "mughrabieh/turns.h"

namespace mughrabieh {

struct TurnCounts {
  std::uint64_t turns = 0;      // paths of distinct turns
  std::uint64_t sequences = 0;  // paths of step sequences
  friend bool operator==(const TurnCounts&, const TurnCounts&) = default;
};

// Keeps one turn list per depth, made once, so that counting never allocates per node.
class TurnCounter {
 public:
  TurnCounts count(Position& pos, int depth);

 private:
  std::vector<std::unique_ptr<TurnList>> lists_;
};

// One count with a counter of its own.
TurnCounts perft(const Position& pos, int depth);

}  // namespace mughrabieh
