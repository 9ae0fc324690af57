#include "orderchaos/symmetry.h"

#include <utility>

namespace orderchaos {

namespace {

constexpr int kGeometric = 8;
constexpr int kBytes = (kSquares + 7) / 8;

// Where symmetry t sends the square (file, rank): a rotation by t % 4 quarter turns,
// mirrored first when t >= 4.
constexpr int image(int t, int sq) {
  int f = file_of(sq), r = rank_of(sq);
  if (t >= 4) f = kSide - 1 - f;
  for (int i = 0; i < t % 4; ++i) {
    const int turned_file = r;
    r = kSide - 1 - f;
    f = turned_file;
  }
  return square_at(f, r);
}

// table[t][b][v]: the image of the bits v in byte b of a board, so that transforming a
// board is five lookups.
using ByteTables = std::array<std::array<std::array<Bitboard, 256>, kBytes>, kGeometric>;

constexpr ByteTables make_tables() {
  ByteTables tables{};
  for (int t = 0; t < kGeometric; ++t)
    for (int b = 0; b < kBytes; ++b)
      for (int v = 0; v < 256; ++v) {
        Bitboard out = 0;
        for (int i = 0; i < 8; ++i) {
          const int sq = b * 8 + i;
          if ((v >> i & 1) && sq < kSquares) out |= bit(image(t, sq));
        }
        tables[t][b][v] = out;
      }
  return tables;
}

constexpr ByteTables kTables = make_tables();

}  // namespace

Bitboard transform(Bitboard board, int t) {
  Bitboard out = 0;
  for (int b = 0; b < kBytes; ++b) out |= kTables[t][b][(board >> (8 * b)) & 0xFF];
  return out;
}

CanonicalBoards canonical(Bitboard x, Bitboard o) {
  CanonicalBoards best{x, o};
  for (int t = 0; t < kGeometric; ++t) {
    const Bitboard tx = t == 0 ? x : transform(x, t);
    const Bitboard to = t == 0 ? o : transform(o, t);
    const CanonicalBoards images[2] = {{tx, to}, {to, tx}};
    for (const auto& c : images)
      if (std::pair(c.first, c.second) < std::pair(best.first, best.second)) best = c;
  }
  return best;
}

}  // namespace orderchaos
