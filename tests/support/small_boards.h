// Every position on the smallest boards (3x3, 4x3, 3x4): each square empty, White or
// Black, either side to move. For exhaustive checks of claims about all positions.
#pragma once

#include <utility>

#include "ordo/position.h"

namespace ordo::testing {

template <class Visit>
void for_each_small_position(Variant variant, Visit&& visit) {
  for (auto [w, h] : {std::pair{3, 3}, std::pair{4, 3}, std::pair{3, 4}}) {
    const Geometry& g = Geometry::of(w, h);
    const int n = g.square_count();
    int total = 1;
    for (int i = 0; i < n; ++i) total *= 3;
    for (int code = 0; code < total; ++code) {
      Bitboard white = 0, black = 0;
      for (int sq = 0, c = code; sq < n; ++sq, c /= 3) {
        if (c % 3 == 1) white |= bit(sq);
        if (c % 3 == 2) black |= bit(sq);
      }
      for (Color side : {Color::White, Color::Black})
        visit(Position(g, variant, white, black, side));
    }
  }
}

}  // namespace ordo::testing
