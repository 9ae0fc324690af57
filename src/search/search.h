// Alpha-beta search: iterative deepening principal variation search with a transposition
// table, move ordering (TT move, captures, killers, history), mate-distance scores, a
// quiescence search for captures and threats, repetition draws, limits and a stop flag.
//
// With one thread, a fixed depth and no time limit the search is deterministic: the same
// position, history and limits give the same best move and node count on every run (on a
// fresh searcher or after clear(); the table is kept between searches otherwise).
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/move_list.h"
#include "core/position.h"
#include "search/evaluation.h"
#include "search/transposition_table.h"

namespace ordo {

// Zero means "no limit" for each field.
struct SearchLimits {
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
};

// The progress of one finished iteration.
struct Info {
  int depth = 0;
  int score = 0;
  // Turns of the side to move until the game is won (positive) or lost (negative), when
  // the score is a mate score.
  std::optional<int> mate;
  std::uint64_t nodes = 0;
  std::uint64_t nodes_per_second = 0;
  std::int64_t elapsed_ms = 0;
  std::vector<Move> pv;
};

struct SearchResult {
  std::optional<Move> best_move;  // none only when the side to move has no legal move
  int score = 0;
  std::optional<int> mate;
  int depth = 0;  // of the last finished iteration
  std::uint64_t nodes = 0;
  std::vector<Move> pv;
};

// The mate distance of a score in turns of the side to move (see Info::mate).
std::optional<int> mate_in_turns(int score);

class AlphaBeta {
 public:
  explicit AlphaBeta(std::size_t table_mib = 16);
  ~AlphaBeta();

  // `history`: hashes of the game's positions before `root` (not `root` itself), for the
  // repetition rule. `on_info` is called after every finished iteration.
  SearchResult search(const Position& root, const std::vector<std::uint64_t>& history,
                      const SearchLimits& limits, const std::atomic<bool>& stop,
                      const std::function<void(const Info&)>& on_info = {});

  // Forgets everything learned: table, history heuristic.
  void clear();
  void set_weights(const EvalWeights& weights) { weights_ = weights; }
  void use_default_weights() { weights_.reset(); }
  TranspositionTable& table() { return table_; }

 private:
  struct PlyMoves;  // generated moves and their ordering keys for one ply

  int search_node(Position& pos, int depth, int alpha, int beta, int ply);
  int quiesce(Position& pos, int alpha, int beta, int ply, int qply);
  bool out_of_budget();
  bool is_repetition(std::uint64_t hash) const;
  PlyMoves& moves_at(int ply);
  void order_moves(const Position& pos, PlyMoves& moves, int ply, const std::optional<Move>& tt);
  void remember_cutoff(const Position& pos, const Move& move, int depth, int ply);
  void update_pv(int ply, const Move& move);
  int eval(const Position& pos) const;

  TranspositionTable table_;
  std::optional<EvalWeights> weights_;
  std::vector<std::unique_ptr<PlyMoves>> ply_moves_;  // allocated once per ply reached
  std::array<std::array<Move, 2>, kMaxPly> killers_{};
  std::vector<int> history_;  // [colour][from][to] of the first and last step
  std::array<std::array<Move, kMaxPly>, kMaxPly> pv_{};
  std::array<int, kMaxPly> pv_length_{};
  std::vector<std::uint64_t> hashes_;  // the game's history, then the current search path

  // Per search.
  SearchLimits limits_;
  const std::atomic<bool>* stop_ = nullptr;
  std::chrono::steady_clock::time_point start_;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
};

}  // namespace ordo
