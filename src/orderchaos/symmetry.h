// The 16 symmetries of an Order and Chaos position: the 8 of the square board, each with
// or without swapping X and O. Every rule (lines, the exact-five ends, the full board)
// is the same under all of them, so a solver may store one value per class.
#pragma once

#include <array>
#include <cstdint>

#include "orderchaos/board.h"

namespace orderchaos {

// A board pair in one fixed form of its symmetry class: the smallest (x, o) pair in
// lexicographic order over the 16 images.
struct CanonicalBoards {
  Bitboard first = 0;
  Bitboard second = 0;
  friend bool operator==(const CanonicalBoards&, const CanonicalBoards&) = default;
};

CanonicalBoards canonical(Bitboard x, Bitboard o);

// The image of `board` under geometric symmetry t (0 = identity, 8 in all).
Bitboard transform(Bitboard board, int t);

}  // namespace orderchaos
