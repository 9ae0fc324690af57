// One thread's share of an alpha-beta search: the recursive principal variation search with
// its own move lists, killers, history and search path, and a transposition table shared
// with the other workers (lazy SMP: every worker searches the same root, and what one
// finds reaches the others through the table).
//
// Pruning: null-move pruning (never for a side in danger: for Ordo, split or facing a piece
// about to reach its home row; nor where the game says passing is no fair test: for Ordo,
// a Classic 8x8 endgame), late move reductions (not for a side with forced replies:
// for Ordo, a split side), late move pruning near the leaves of an Ordo X search, and
// optionally one ply of extension for a side with forced replies, the analogue of a check
// extension.
//
// The table's move is searched before the other moves are generated: when it cuts off, the
// node never generates them.
//
// A template over a game's search rules (ordo/ai/ordo_rules.h says what they provide);
// the definitions are in search_worker_impl.h, instantiated in each game's ai/ folder.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "search/score.h"
#include "search/searcher.h"
#include "search/transposition_table.h"

namespace ordo {

// What all workers of one search share. Set up before the workers start.
template <class Model>
struct BasicSharedSearch {
  TranspositionTable* table = nullptr;
  const Model* model = nullptr;  // the evaluation's weights; null: the game's defaults
  SearchLimits limits;
  const std::atomic<bool>* stop = nullptr;  // from the caller
  std::atomic<bool> helpers_stop{false};    // set when the main worker is done
  Stopwatch timer;  // started with the search, on the thread that runs the main worker
};

// Which pruning a worker uses (measurements switch them). The split extension is off by
// default: it cost 2.2 times the nodes to depth 5 over the bench positions (quiescence
// already searches every reply of a split side for two plies).
struct PruningOptions {
  bool null_move = true;
  bool late_move_reductions = true;
  bool late_move_pruning = true;
  bool danger_extension = false;
  // Where Rules::singular_extension allows it. Off: it won self-play but lost games to the
  // reference bot at the terms (research/tuning-log.md, "Singular extensions").
  bool singular_extension = false;
};

template <class Rules>
class BasicSearchWorker {
 public:
  using Position = typename Rules::Position;
  using Move = typename Rules::Move;
  using SharedSearch = BasicSharedSearch<typename Rules::Model>;

  explicit BasicSearchWorker(bool is_main);
  ~BasicSearchWorker();

  // Prepares a search of a root whose earlier game positions are `history`.
  void begin(SharedSearch& shared, const std::vector<std::uint64_t>& history);
  // One iteration at the root; 0 when aborted (check aborted()).
  int search_root(Position& root, int depth, int alpha, int beta);
  // Whether `move` at the root scores at least `threshold` at `depth` (a null-window test).
  bool scores_at_least(Position& root, const Move& move, int depth, int threshold);
  bool aborted() const { return aborted_; }
  std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  std::vector<Move> root_pv() const;
  void clear_history();
  void set_pruning(const PruningOptions& pruning) { pruning_ = pruning; }

 private:
  struct PlyMoves;     // generated moves and their ordering keys for one ply
  struct TableHitOf {  // a table hit with the game's move unpacked
    std::optional<Move> move;
    int score;
    int depth;
    Bound bound;
  };
  struct NodeBest;              // the best move and score a node has found so far
  struct Singularity {          // what the singular test found out about a table move
    int extension = 0;          // plies more for it: the other moves all score well below it
    std::optional<int> cutoff;  // another move beats beta too: the node's score
  };
  struct ChildSearch {   // what every move of a node is searched with
    std::uint64_t hash;  // the node's
    int depth;
    int child_depth;
    int beta;
    int ply;
    bool pv_node;
    bool split;
  };

  int search_node(Position& pos, int depth, int alpha, int beta, int ply, bool null_allowed);
  int quiesce(Position& pos, int alpha, int beta, int ply, int qply);
  int null_move_score(Position& pos, int depth, int beta, int ply);
  bool out_of_budget();
  bool is_repetition(std::uint64_t hash) const;
  PlyMoves& moves_at(int ply);
  void order_moves(const Position& pos, PlyMoves& moves, int ply, const std::optional<Move>& tt);
  void remember_cutoff(const Position& pos, const Move& move, int depth, int ply);
  void update_pv(int ply, const Move& move);
  int search_move(Position& pos, const Move& move, std::size_t number, bool quiet,
                  const ChildSearch& node, int alpha, int extension = 0);
  Singularity test_singular(Position& pos, const TableHitOf& hit, const Move& move, int depth,
                            int beta, int ply);
  int win_at_once(const Move& move, int ply);
  bool take_score(const Position& pos, NodeBest& best, const Move& move, int score, int depth,
                  int ply, int beta);
  int store_node(std::uint64_t hash, int ply, const NodeBest& best, int depth, int original_alpha,
                 int beta);
  int eval(const Position& pos) const;
  void count_node() {
    nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }

  const bool is_main_;
  PruningOptions pruning_;
  SharedSearch* shared_ = nullptr;
  std::vector<std::unique_ptr<PlyMoves>> ply_moves_;  // allocated once per ply reached
  std::array<std::array<Move, 2>, kMaxPly> killers_{};
  // The move a node leaves out while the singular test searches its other moves.
  std::array<std::optional<Move>, kMaxPly> excluded_{};
  std::vector<int> history_;  // Rules::history_index (Ordo: [colour][from][to])
  std::array<std::array<Move, kMaxPly>, kMaxPly> pv_{};
  std::array<int, kMaxPly> pv_length_{};
  std::vector<std::uint64_t> hashes_;  // the game's history, then the current search path
  std::array<std::array<std::uint8_t, 64>, 64> reductions_{};  // [depth][move number]
  int root_depth_ = 0;
  std::atomic<std::uint64_t> nodes_{0};  // written by this worker only, read by the main
  bool aborted_ = false;
};

}  // namespace ordo
