// The shape every searcher has, so that the engine facade can run any of them: alpha-beta
// (search.h) or Monte Carlo tree search (mcts.h). One virtual call per search, none per
// node.
//
// Templates over a game's search rules (`Rules`; ordo/ai/ordo_rules.h lists what they
// provide): the results carry the game's own moves. Each game names its instantiations in
// its ai/ folder (ordo/ai/ordo_search.h, orderchaos/ai/orderchaos_search.h).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "util/stopwatch.h"

namespace ordo {

// Zero means "no limit" for each field.
struct SearchLimits {
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  // What time_ms counts: wall time, or the CPU time of the thread that calls search()
  // (for fair matches on a loaded machine; common/stopwatch.h).
  TimeBasis time_basis = TimeBasis::Wall;
  // A share of a clock (true) stops starting iterations halfway through time_ms, to keep
  // time for later moves; a fixed time per move (false) is searched to its end, since a
  // root move that wins in an unfinished iteration is played.
  bool time_from_clock = false;
  // The node limit waits until the first iteration has finished, so that a small budget
  // (the low levels) still chooses from searched moves rather than the fallback move.
  bool finish_first_iteration = false;
};

// The progress of one finished iteration (alpha-beta) or of one reporting interval (MCTS).
template <class MoveT>
struct BasicInfo {
  int depth = 0;
  int score = 0;
  // Turns of the side to move until the game is won (positive) or lost (negative), when
  // the score is a mate score.
  std::optional<int> mate;
  std::uint64_t nodes = 0;
  std::uint64_t nodes_per_second = 0;
  std::int64_t elapsed_ms = 0;
  std::vector<MoveT> pv;
};

template <class MoveT>
struct BasicSearchResult {
  std::optional<MoveT> best_move;  // none only when the side to move has no legal move
  int score = 0;
  std::optional<int> mate;
  int depth = 0;  // of the last finished iteration
  std::uint64_t nodes = 0;
  std::vector<MoveT> pv;
};

template <class Rules>
class BasicSearcher {
 public:
  using Position = typename Rules::Position;
  using Info = BasicInfo<typename Rules::Move>;
  using Result = BasicSearchResult<typename Rules::Move>;

  virtual ~BasicSearcher() = default;
  // `history`: hashes of the game's positions before `root` (not `root` itself), for the
  // repetition rule. `on_info` reports progress; `stop` may be set from any thread.
  virtual Result search(const Position& root, const std::vector<std::uint64_t>& history,
                        const SearchLimits& limits, const std::atomic<bool>& stop,
                        const std::function<void(const Info&)>& on_info = {}) = 0;
  // Forgets everything learned between searches.
  virtual void clear() = 0;
};

}  // namespace ordo
