#include "ordo/position.h"

#include <stdexcept>

#include "ordo/zobrist.h"

namespace ordo {

Position::Position(const Geometry& geometry, Variant variant, Bitboard white, Bitboard black,
                   Color to_move)
    : geometry_(&geometry), pieces_{white, black}, side_(to_move), variant_(variant) {
  if ((white | black) & ~geometry.all()) throw std::invalid_argument("pieces lie off the board");
  if (white & black) throw std::invalid_argument("a square holds pieces of both sides");
  hash_ = compute_hash();
  connected_[0] = geometry.is_connected(white);
  connected_[1] = geometry.is_connected(black);
}

Position Position::start(Variant variant, int width, int height) {
  if (!((width == 10 && height == 8) || (width == 8 && height == 8))) {
    throw std::invalid_argument("start positions exist for 10x8 and 8x8 only, not " +
                                std::to_string(width) + "x" + std::to_string(height));
  }
  const Geometry& g = Geometry::of(width, height);
  // The 10x8 set-up by file letters; 8x8 drops files a and j.
  constexpr std::string_view rank1 = "..ww..ww..", rank2 = "wwwwwwwwww", rank3 = "ww..ww..ww";
  const int skip = width == 10 ? 0 : 1;
  Bitboard white = 0, black = 0;
  for (int f = 0; f < width; ++f) {
    const std::string_view rows[3] = {rank1, rank2, rank3};
    for (int r = 0; r < 3; ++r) {
      if (rows[r][f + skip] != 'w') continue;
      white |= bit(g.square(f, r));
      black |= bit(g.square(f, height - 1 - r));
    }
  }
  return Position(g, variant, white, black, Color::White);
}

std::uint64_t Position::compute_hash() const {
  std::uint64_t h =
      zobrist::of_squares(Color::White, pieces_[0]) ^ zobrist::of_squares(Color::Black, pieces_[1]);
  if (side_ == Color::Black) h ^= zobrist::kKeys.second_to_move;
  return h;
}

char Position::piece_at(int sq) const {
  if (pieces_[0] & bit(sq)) return 'w';
  if (pieces_[1] & bit(sq)) return 'b';
  return 0;
}

std::optional<Color> Position::decided_winner() const {
  for (Color c : {Color::White, Color::Black}) {
    const Color o = opponent(c);
    if (pieces(c) & geometry_->home_row(o)) return c;
    if (!pieces(o) && pieces(c)) return c;
  }
  return std::nullopt;
}

Bitboard Position::moved_squares(const Step& step) const {
  if (!step.is_ordo()) return bit(step.from);
  const int lo = std::min(step.from, step.tail), hi = std::max(step.from, step.tail);
  // All squares lo..hi; for a vertical ordo keep only its file.
  const Bitboard span = (bit(hi) << 1) - bit(lo);
  const Geometry& g = *geometry_;
  return g.rank_of(lo) == g.rank_of(hi) ? span : span & g.file_mask(g.file_of(lo));
}

void Position::remove_pieces(Color c, Bitboard squares) {
  pieces_[index(c)] &= ~squares;
  hash_ ^= zobrist::of_squares(c, squares);
}

void Position::add_pieces(Color c, Bitboard squares) {
  pieces_[index(c)] |= squares;
  hash_ ^= zobrist::of_squares(c, squares);
}

Bitboard Position::play_step(const Step& step) {
  const Color mover = side_, enemy = opponent(side_);
  const Bitboard from = moved_squares(step);
  const Bitboard to = shift_by(from, step.to - step.from);
  Bitboard removed = to & pieces(enemy);
  if (removed) remove_pieces(enemy, removed);
  remove_pieces(mover, from);
  add_pieces(mover, to);
  if (removed && variant_ == Variant::X && !geometry_->is_connected(pieces(enemy))) {
    // Ordo X: only one largest enemy group stays (the chosen one on a tie).
    Bitboard stays = 0, rest = pieces(enemy);
    int best = 0;
    while (rest) {
      const Bitboard group = geometry_->flood(rest & -rest, rest);
      rest &= ~group;
      const int size = popcount(group);
      const bool chosen = step.keep != kNoSquare && (group & bit(step.keep));
      if (size > best || (size == best && chosen)) best = size, stays = group;
    }
    const Bitboard extra = pieces(enemy) & ~stays;
    remove_pieces(enemy, extra);
    removed |= extra;
  }
  // A legal step leaves the mover connected; only removals can split the enemy.
  connected_[index(mover)] = true;
  if (removed) connected_[index(enemy)] = geometry_->is_connected(pieces(enemy));
  return removed;
}

void Position::pass_turn() {
  side_ = opponent(side_);
  hash_ ^= zobrist::kKeys.second_to_move;
}

Undo Position::make(const Move& move) {
  Undo undo{0, hash_, {connected_[0], connected_[1]}};
  for (int i = 0; i < move.step_count; ++i) undo.removed |= play_step(move.steps[i]);
  pass_turn();
  return undo;
}

void Position::unmake(const Move& move, const Undo& undo) {
  side_ = opponent(side_);
  const Color mover = side_;
  for (int i = move.step_count - 1; i >= 0; --i) {
    const Step& step = move.steps[i];
    const Bitboard from = moved_squares(step);
    pieces_[index(mover)] &= ~shift_by(from, step.to - step.from);
    pieces_[index(mover)] |= from;
  }
  pieces_[index(opponent(mover))] |= undo.removed;
  hash_ = undo.hash;
  connected_[0] = undo.connected[0];
  connected_[1] = undo.connected[1];
}

}  // namespace ordo
