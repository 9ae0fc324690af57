// A reference bot: plain UCT with random single-piece playouts. It mirrors the robot of
// the best-known Ordo site (exploration 0.75, playouts cut at 99 moves, 5 seconds a move)
// so that our engine can be measured against it (issue 4). It is deliberately simple: no
// evaluation, no tree reuse, no transpositions, one thread.
//
// With an iteration limit and no time limit the bot is deterministic: the same position,
// seed and limit give the same move and visit counts on every run.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "ordo/move.h"
#include "ordo/move_list.h"
#include "ordo/playout.h"
#include "ordo/position.h"
#include "util/stopwatch.h"

namespace ordo {

struct UctConfig {
  double exploration = 0.75;  // c in  w/n + c * sqrt(ln N / n)
  int playout_cap = 99;       // moves (whole turns); a playout cut there is a draw
  std::uint64_t seed = 0x0DD0;
};

// Zero means "no limit" for each field; with neither, think() runs until `stop`.
struct UctLimits {
  std::int64_t time_ms = 0;
  std::uint64_t iterations = 0;
  TimeBasis time_basis = TimeBasis::Wall;  // what time_ms counts (common/stopwatch.h)
};

struct UctResult {
  std::optional<Move> best_move;  // none only when the side to move has no legal move
  std::uint64_t visits = 0;       // of the best move
  double win_rate = 0.0;          // of the best move, for the side to move, in [0, 1]
  std::uint64_t iterations = 0;
  std::size_t nodes = 0;  // in the tree, root included
  std::int64_t elapsed_ms = 0;
};

// How a playout ended: the winner by the rules, or none when it was cut at the cap.
struct PlayoutOutcome {
  std::optional<Color> winner;
  int moves = 0;  // whole turns played
};

// A uniformly random legal move whose steps are all singletons (an Ordo X turn may have two
// such steps); when there is none, a uniformly random legal move; none when the side to
// move has no legal move. `scratch` holds the generated moves.
std::optional<Move> random_single_piece_move(const Position& pos, Rng& rng, MoveList& scratch);

// Plays random single-piece moves from `pos` until the rules decide the game (a piece on
// the home row, no pieces left, no legal move) or `cap` moves have been played. The
// second form takes the scratch move list from the caller.
PlayoutOutcome single_piece_playout(Position pos, Rng& rng, int cap);
PlayoutOutcome single_piece_playout(Position pos, Rng& rng, int cap, MoveList& scratch);

class UctBot {
 public:
  explicit UctBot(UctConfig config = {});
  ~UctBot();

  UctResult think(const Position& root, const UctLimits& limits, const std::atomic<bool>& stop);
  const UctConfig& config() const { return config_; }

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFF;

  // Children are linked as a list of siblings, so a node is added only when it is first
  // tried: one node per iteration, however many moves a position has (Ordo X: thousands).
  struct Node {
    Move move;  // the move that led here (unused at the root)
    std::uint32_t parent = kNone;
    std::uint32_t first_child = kNone;
    std::uint32_t next_sibling = kNone;
    std::uint32_t tried = 0;       // children added so far, in move generation order
    std::int32_t move_count = -1;  // legal moves; -1 until the node is first expanded
    std::uint32_t visits = 0;
    double reward = 0.0;          // summed, for the side that played `move`
    std::optional<Color> winner;  // set when the rules decide the game here
    Color mover = Color::White;   // the side that played `move`
  };

  static bool fully_expanded(const Node& node) {
    return node.move_count >= 0 && node.tried == static_cast<std::uint32_t>(node.move_count);
  }
  void iterate(const Position& root, Rng& rng);
  std::uint32_t select_child(std::uint32_t node) const;
  std::uint32_t expand(std::uint32_t node, Position& pos);
  std::uint32_t add_node(std::uint32_t parent, const Move& move, Color mover);
  void backpropagate(std::uint32_t node, std::optional<Color> winner);
  std::uint32_t most_visited_child() const;

  UctConfig config_;
  std::vector<Node> nodes_;
  std::unique_ptr<MoveList> moves_;    // scratch for expansion (too big for the stack)
  std::uint32_t moves_node_ = kNone;   // the node whose legal moves are in moves_
  std::unique_ptr<MoveList> playout_;  // scratch for playouts
};

}  // namespace ordo
