// Proves the value of an Order and Chaos position with perfect play: Order wins or Chaos
// wins. An AND/OR depth-first search (the game has no draws, so a value is one bit) with
// a transposition table over symmetry classes (symmetry.h), immediate-win checks, and
// move ordering by the lines each placement keeps alive or kills.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "orderchaos/position.h"

namespace orderchaos {

struct SolveLimits {
  std::uint64_t nodes = 0;  // 0 = no limit
  const std::atomic<bool>* stop = nullptr;
};

struct SolveResult {
  // Set when the search finished: the winner with best play.
  std::optional<Outcome> value;
  // A move of the side to move that keeps its win when it wins (the first one found), or
  // its first move in the search's order when it loses; none when the game is over.
  std::optional<Move> best;
  std::uint64_t nodes = 0;
  std::uint64_t table_hits = 0;
};

class Solver {
 public:
  explicit Solver(std::size_t table_mib = 64);
  SolveResult solve(const Position& root, const SolveLimits& limits = {});
  void clear();

 private:
  struct Entry {
    Bitboard first = 0;  // canonical boards; bit 63: Chaos to move, bit 62: slot used
    Bitboard second = 0;
    bool order_wins = false;
  };

  // Whether Order wins from `pos` with best play; nullopt when stopped.
  std::optional<bool> order_wins(Position& pos, Move* best);
  bool out_of_budget();
  Entry* probe(const Position& pos, Bitboard& first, Bitboard& second);

  std::vector<Entry> table_;
  SolveLimits limits_;
  std::uint64_t nodes_ = 0;
  std::uint64_t hits_ = 0;
  bool aborted_ = false;
};

// Whether the side to move could win at once: Order by completing a line. (Chaos never
// wins by a single placement except by filling the board.)
bool order_can_win_now(const Position& pos);

}  // namespace orderchaos
