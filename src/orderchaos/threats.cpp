#include "orderchaos/threats.h"

#include <bit>

namespace orderchaos {

namespace {

Symbol other(Symbol s) {
  return s == Symbol::X ? Symbol::O : Symbol::X;
}

}  // namespace

Bitboard threat_squares(const Position& pos) {
  Bitboard gaps = 0;
  const Bitboard empty = pos.empty();
  for (const Window& w : kAllWindows)
    for (const Symbol s : {Symbol::X, Symbol::O}) {
      const Bitboard mine = pos.pieces(s);
      if ((pos.pieces(other(s)) & w.squares) || std::popcount(mine & w.squares) != kLineLength - 1)
        continue;
      const Bitboard gap = w.squares & empty;
      if (window_wins(w, mine | gap, pos.version())) gaps |= gap;
    }
  return gaps;
}

bool line_completable(const Position& pos) {
  return !pos.over() && threat_squares(pos) != 0;
}

bool lines_all_blocked(const Position& pos) {
  for (const Window& w : kAllWindows)
    if (!(pos.pieces(Symbol::X) & w.squares) || !(pos.pieces(Symbol::O) & w.squares)) return false;
  return true;
}

void chaos_holding_moves(Position& pos, MoveList& list) {
  list.size = 0;
  if (pos.over()) return;
  const Bitboard threats = threat_squares(pos);
  // With a threat on two squares no single placement fills both; under exact-five a
  // placement beyond a line's end can still spoil one, so only the original rules may
  // stop here.
  if (pos.version() == RuleVersion::Original && std::popcount(threats) >= 2) return;
  for (Bitboard b = pos.empty(); b; b &= b - 1) {
    const auto sq = static_cast<std::uint8_t>(std::countr_zero(b));
    for (const Symbol s : {Symbol::X, Symbol::O}) {
      const Move m{sq, s};
      pos.play(m);
      const bool holds = pos.outcome() != Outcome::OrderWins && !line_completable(pos);
      pos.undo(m);
      if (holds) list.moves[list.size++] = m;
    }
  }
}

}  // namespace orderchaos
