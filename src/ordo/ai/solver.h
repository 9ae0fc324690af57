// An exact solver for short forced wins: proves that the side to move wins on or before
// its N-th own turn whatever the opponent does ("win in N"; a turn is one move of one
// side), or that no such win exists. It uses only the rules: values are win / not a win
// within the turns left, never an evaluation.
//
// A move wins when it lands on the enemy home row, takes the last enemy piece, or leaves
// the opponent without a legal move (blocked, or split and unable to reconnect): the game
// is then over, as the rules core judges it, and the search counts it the same way.
//
// Method: depth-first AND/OR search (the prover needs one winning move, every reply of the
// defender must still lose), iterative deepening on N so that the shortest win is found
// first, a transposition table of proven bounds per position (wins within k turns, no win
// within k turns), and move ordering that tries moves that win at once first, then
// captures, then the most advanced landing squares.
//
// Repetition [house rule, third occurrence draws]. A position that has already occurred
// twice in the game before the search would draw on its next occurrence, so reaching it
// counts as not a win for the prover. Repetitions inside the proof itself need no check: a
// shortest win never repeats a position (the prover's distance to the win falls with every
// turn it plays), so a proof exists under the house rule exactly when it exists without
// it, and the table's values do not depend on the path. With repetition off nothing is
// excluded. A move limit shortens N to the turns the limit leaves.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "ordo/game.h"
#include "ordo/move_list.h"
#include "ordo/position.h"

namespace ordo {

constexpr int kMaxSolveTurns = 30;

struct SolveLimits {
  int max_turns = 1;        // N: 1..kMaxSolveTurns
  std::uint64_t nodes = 0;  // 0 = no limit
  std::int64_t time_ms = 0;
};

enum class SolveStatus {
  Win,      // a forced win in `turns`, and none shorter
  NoWin,    // no forced win within the turns searched
  Unknown,  // stopped by a limit before N was settled
};

struct SolveResult {
  SolveStatus status = SolveStatus::Unknown;
  int turns = 0;          // Win: the shortest win
  int proven_no_win = 0;  // no win within this many turns is proven (0: nothing proven)
  int max_turns = 0;      // N after a move limit shortened it
  // Win: a main line, starting with the prover's move and ending with the winning move
  // (the defender's replies resist as long as possible).
  std::vector<Move> line;
  std::uint64_t nodes = 0;
  std::int64_t elapsed_ms = 0;
};

class Solver {
 public:
  explicit Solver(std::size_t table_mib = 16);
  ~Solver();

  // `drawn`: hashes of positions whose next occurrence draws (see above); `stop` may be
  // null. Throws std::invalid_argument for N out of range.
  SolveResult solve(const Position& root, const std::vector<std::uint64_t>& drawn,
                    const SolveLimits& limits, const std::atomic<bool>* stop = nullptr);
  // The game's position, with its repetition history and move limit.
  SolveResult solve(const Game& game, const SolveLimits& limits,
                    const std::atomic<bool>* stop = nullptr);

 private:
  struct Table;
  struct PlyMoves;

  bool prover_wins(Position& pos, int turns, int ply);
  const Move* move_leaving_no_reply(Position& pos, const MoveList& moves, int ply);
  bool defender_loses(Position& pos, int turns, int ply);
  bool is_drawn(std::uint64_t hash) const;
  bool out_of_budget();
  PlyMoves& moves_at(int ply);
  std::vector<Move> main_line(Position pos, int turns);

  std::unique_ptr<Table> table_;
  std::vector<std::unique_ptr<PlyMoves>> ply_moves_;  // allocated once per ply reached
  std::vector<std::uint64_t> drawn_;                  // sorted

  SolveLimits limits_;
  const std::atomic<bool>* stop_ = nullptr;
  std::int64_t start_ns_ = 0;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
};

// Hashes of the positions whose next occurrence would be the third (the current one
// included), when the game draws by repetition; empty otherwise.
std::vector<std::uint64_t> drawn_on_next_occurrence(const Game& game);

}  // namespace ordo
