#include "match/openings.h"

#include <memory>
#include <stdexcept>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/playout.h"

namespace ordo::match {

namespace {

constexpr int kTries = 1000;

Outcome win_for(Color c) {
  return c == Color::White ? Outcome::WhiteWins : Outcome::BlackWins;
}

// Mixes the match seed and the opening number into one generator seed.
std::uint64_t opening_seed(std::uint64_t seed, int index, int attempt) {
  Rng mixer(seed ^ (0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(index + 1)));
  for (int i = 0; i < attempt; ++i) mixer.next();
  return mixer.next();
}

}  // namespace

bool can_win_at_once(const Position& pos, Color color) {
  Position mover = pos;
  if (mover.side_to_move() != color) mover.pass_turn();
  auto moves = std::make_unique<MoveList>();
  generate_legal(mover, *moves);
  for (const Move& move : *moves) {
    Position next = mover;
    next.make(move);
    if (next.decided_winner() == color) return true;
    // A move also wins when it leaves the opponent split with no reconnecting move. A
    // connected side always has a move in Classic (tests/classic_rules_test.cpp) and, near
    // the start, in Ordo X too, so only split positions need the (costly) full count.
    if (!next.is_connected(opponent(color)) && judge_position(next).outcome == win_for(color)) {
      return true;
    }
  }
  return false;
}

Opening make_opening(const MatchRules& rules, int plies, std::uint64_t seed, int index) {
  auto moves = std::make_unique<MoveList>();
  for (int attempt = 0; attempt < kTries; ++attempt) {
    Rng rng(opening_seed(seed, index, attempt));
    Game game(Position::start(rules.variant, rules.width, rules.height));
    Opening opening;
    for (int ply = 0; ply < plies && !game.result().over(); ++ply) {
      game.legal_moves(*moves);
      if (moves->size() == 0) break;
      const Move& move = (*moves)[rng.below(static_cast<std::uint32_t>(moves->size()))];
      opening.moves.push_back(format_move(game.position(), move));
      game.play(move);
    }
    const Position& pos = game.position();
    if (game.result().over() || can_win_at_once(pos, Color::White) ||
        can_win_at_once(pos, Color::Black)) {
      continue;
    }
    return opening;
  }
  throw std::runtime_error("no open position after " + std::to_string(plies) + " random plies in " +
                           std::to_string(kTries) + " tries");
}

}  // namespace ordo::match
