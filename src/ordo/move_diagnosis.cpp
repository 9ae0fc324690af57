#include "ordo/move_diagnosis.h"

#include <algorithm>
#include <cstdlib>

#include "ordo/notation.h"

namespace ordo {

Diagnosis::Diagnosis(const Position& pos)
    : pos_(pos),
      g_(pos.geometry()),
      us_(pos.side_to_move()),
      // Ordo X has no reconnection turns, so no backward moves either.
      reconnecting_(pos.variant() == Variant::Classic && !pos.is_connected(pos.side_to_move())) {}

std::string Diagnosis::why_not(const WrittenStep& w) const {
  return w.ordo ? why_not_ordo(w) : why_not_singleton(w);
}

std::string Diagnosis::name(int sq) const {
  return square_name(g_, sq);
}

std::optional<std::string> Diagnosis::owner_problem(int sq) const {
  const char piece = pos_.piece_at(sq);
  if (!piece) return "there is no piece on " + name(sq);
  if (piece != color_letter(us_)) {
    return name(sq) + " holds a " + std::string(color_name(opponent(us_))) + " piece, but " +
           std::string(color_name(us_)) + " is to move";
  }
  return std::nullopt;
}

// The first square after `from` along (df, dr), within `steps`, that holds a piece
// other than the moving ones; -1 when there is none.
int Diagnosis::first_blocker(int from, int df, int dr, int steps, Bitboard moving) const {
  for (int i = 1; i <= steps; ++i) {
    const int sq = from + i * (dr * g_.width() + df);
    if (pos_.occupied() & ~moving & bit(sq)) return sq;
  }
  return -1;
}

std::string Diagnosis::connection_problem() const {
  return reconnecting_ ? "it does not reconnect your split group"
                       : "it would split your group (all your pieces must stay connected)";
}

std::string Diagnosis::backward_problem() const {
  if (pos_.variant() == Variant::X) return "Ordo X has no backward moves";
  return "pieces move backward only in a reconnection turn (when your group is split)";
}

std::string Diagnosis::why_not_singleton(const WrittenStep& w) const {
  if (auto problem = owner_problem(w.from)) return *problem;
  const int df = g_.file_of(w.to) - g_.file_of(w.from);
  const int dr = g_.rank_of(w.to) - g_.rank_of(w.from);
  if (df == 0 && dr == 0) return "a move must go to another square";
  if (df != 0 && dr != 0 && std::abs(df) != std::abs(dr)) {
    return name(w.from) + " to " + name(w.to) + " is not a straight or diagonal line";
  }
  if (dr * forward_sign() < 0 && !reconnecting_) return backward_problem();
  const int steps = std::max(std::abs(df), std::abs(dr));
  const int sdf = (df > 0) - (df < 0), sdr = (dr > 0) - (dr < 0);
  const int blocker = first_blocker(w.from, sdf, sdr, steps - 1, 0);
  if (blocker >= 0) return "the path is blocked at " + name(blocker);
  const char target = pos_.piece_at(w.to);
  if (target == color_letter(us_)) return name(w.to) + " holds your own piece";
  if (target && !w.capture) {
    return name(w.to) + " holds an enemy piece: write the capture as " + name(w.from) + "x" +
           name(w.to);
  }
  if (!target && w.capture) return "there is nothing to capture on " + name(w.to);
  return connection_problem();
}

std::optional<std::string> Diagnosis::ordo_direction_problem(bool horizontal, int df,
                                                             int dr) const {
  if (pos_.variant() == Variant::X) {
    if (df != 0 && dr != 0 && std::abs(df) != std::abs(dr)) {
      return "an ordo moves in a straight or diagonal line";
    }
    if (dr * forward_sign() < 0) return backward_problem();
    return std::nullopt;
  }
  if (horizontal && (df != 0 || (dr * forward_sign() < 0 && !reconnecting_))) {
    return reconnecting_ ? "a horizontal ordo moves straight forward or backward only"
                         : "a horizontal ordo moves straight forward only (backward only in a "
                           "reconnection turn)";
  }
  if (!horizontal && dr != 0) return "a vertical ordo moves sideways only";
  return std::nullopt;
}

std::string Diagnosis::why_not_ordo(const WrittenStep& w) const {
  const int f1 = g_.file_of(w.from), r1 = g_.rank_of(w.from);
  const int f2 = g_.file_of(w.tail), r2 = g_.rank_of(w.tail);
  if (w.from == w.tail) return "an ordo has at least two pieces: its two end squares differ";
  if (f1 != f2 && r1 != r2) {
    return name(w.from) + " and " + name(w.tail) + " are not on one rank or file";
  }
  const int len = std::max(std::abs(f2 - f1), std::abs(r2 - r1)) + 1;
  const int lf = (f2 > f1) - (f2 < f1), lr = (r2 > r1) - (r2 < r1);
  Bitboard line = 0;
  for (int i = 0; i < len; ++i) {
    const int sq = g_.square(f1 + i * lf, r1 + i * lr);
    if (auto problem = owner_problem(sq)) {
      return *problem + " (an ordo is an unbroken line of your own pieces)";
    }
    line |= bit(sq);
  }
  const int df = g_.file_of(w.to) - f1, dr = g_.rank_of(w.to) - r1;
  if (df == 0 && dr == 0) return "a move must go to another square";
  if (auto problem = ordo_direction_problem(r1 == r2, df, dr)) return *problem;
  if (!g_.on_board(f2 + df, r2 + dr)) return "the ordo would leave the board";
  const int steps = std::max(std::abs(df), std::abs(dr));
  const int sdf = (df > 0) - (df < 0), sdr = (dr > 0) - (dr < 0);
  for (int i = 0; i < len; ++i) {
    const int sq = g_.square(f1 + i * lf, r1 + i * lr);
    const int blocker = first_blocker(sq, sdf, sdr, steps, line);
    if (blocker >= 0) return "the ordo is blocked at " + name(blocker);
  }
  return connection_problem();
}

}  // namespace ordo
