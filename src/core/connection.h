// Fast answers to "is the mover still one group after this move?" without a flood fill
// per candidate move.
//
// A piece whose removal leaves the rest of its group connected keeps the group
// connected exactly when its destination touches that rest. Only pieces that may be cut
// points (their neighbours are split locally) need the parts of the rest worked out, and
// then a destination must touch every part.
#pragma once

#include <array>

#include "core/bitboard.h"
#include "core/geometry.h"

namespace ordo {

// The parts of `group` without `removed`, each grown by one square. A connected piece
// set placed anywhere reconnects the group iff it touches every grown part.
class Remainder {
 public:
  Remainder(const Geometry& g, Bitboard group, Bitboard removed);

  int part_count() const { return count_; }
  // Does a connected set of squares (a piece, an ordo line) touch every part?
  bool joined_by(Bitboard connected_set) const {
    for (int i = 0; i < count_; ++i)
      if (!(grown_[i] & connected_set)) return false;
    return true;
  }
  // The squares that touch every part (all squares if nothing remains).
  Bitboard common_touch() const { return common_; }

 private:
  // Parts are pairwise non-adjacent, so at most ceil(w/2)*ceil(h/2) <= 36 of them.
  static constexpr int kMaxParts = 40;
  std::array<Bitboard, kMaxParts> grown_;
  Bitboard common_;
  int count_ = 0;
};

// For every piece of one side, the squares it may reach as a singleton and leave its
// side as one group. Works for connected and for split sides.
class ConnectionMap {
 public:
  ConnectionMap(const Geometry& g, Bitboard group);

  Bitboard singleton_targets(int sq) const {
    if (special_set_ & bit(sq)) return special_[sq];
    return touch2_ | (touch1_ & ~geometry_->neighbours(sq));
  }
  // Pieces that may split the group when moved (for tests and evaluation).
  Bitboard cut_candidates() const { return cut_candidates_; }

 private:
  const Geometry* geometry_;
  Bitboard touch1_ = 0;  // squares with at least one neighbour in the group
  Bitboard touch2_ = 0;  // squares with at least two
  Bitboard cut_candidates_ = 0;
  Bitboard special_set_ = 0;  // pieces whose targets are stored in special_
  std::array<Bitboard, kMaxSquares> special_;  // only entries in special_set_ are written
};

}  // namespace ordo
