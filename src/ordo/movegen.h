// Legal move generation (whole turns) for a position under its rule set.
#pragma once

#include <array>
#include <cstdint>

#include "ordo/move_list.h"
#include "ordo/position.h"

namespace ordo {

// Appends every legal move of the side to move. Nothing when the board already shows a
// winner (docs/rules.md 4.5): a finished game has no moves.
void generate_legal(const Position& pos, MoveList& list);

// Appends the legal captures of the side to move and its legal moves that land on the
// opponent's home row (the moves that win at once are among them), Classic only: what
// quiescence searches, without generating every quiet move.
void generate_forcing(const Position& pos, MoveList& list);

// The number of legal moves, counted in bulk without building them.
std::uint64_t count_legal(const Position& pos);

// All legal moves of a Classic position in bulk form (the targets of each piece or of
// each slide distance as one bitboard), so that one can be drawn by its index without
// writing every move out. Random playouts use it; index order is generation order.
class BulkMoves {
 public:
  explicit BulkMoves(const Position& pos);  // Classic positions only
  std::uint64_t size() const { return total_; }
  Move at(std::uint64_t index) const;  // index < size()

  struct Chunk {
    Bitboard targets;
    std::uint8_t kind;  // singletons of one piece, slides of one distance, one ordo move
    std::uint8_t a, b, c;
    int count;
    std::uint32_t start;  // the index of its first move
  };

 private:
  const Position& pos_;
  std::array<Chunk, 1024> chunks_;
  int chunk_count_ = 0;
  std::uint64_t total_ = 0;
  friend struct ChunkSink;
};

}  // namespace ordo
