// The definition of choose_at_level (levels.h), included only where a game instantiates
// it (its ai/ folder), so that search/ names no game.
#pragma once

#include <algorithm>
#include <memory>

#include "search/levels.h"
#include "util/random.h"

namespace ordo {

namespace levels_detail {

// Near-best candidates are looked for among this many root moves (a turn of Ordo X has thousands).
constexpr std::size_t kCandidateMoves = 48;

}  // namespace levels_detail

template <class Rules>
std::optional<typename Rules::Move> choose_at_level(
    const LevelSettings& level, BasicAlphaBeta<Rules>& searcher,
    const typename Rules::Position& root, const std::vector<std::uint64_t>& history,
    const BasicSearchResult<typename Rules::Move>& result, std::uint64_t seed,
    const std::atomic<bool>& stop, const SearchLimits& budget, std::uint64_t* nodes_used) {
  if (!result.best_move || (level.margin == 0 && level.blunder_percent == 0)) {
    return result.best_move;
  }
  // A won game is not thrown away, even by a beginner.
  if (result.mate && *result.mate > 0) return result.best_move;
  common::SplitMix64 rng(seed ^ Rules::hash(root));
  if (static_cast<int>(rng.below(100)) < level.blunder_percent) {
    auto moves = std::make_unique<typename Rules::MoveList>();
    Rules::generate_legal(root, *moves);
    return (*moves)[rng.below(static_cast<std::uint32_t>(moves->size()))];
  }
  const int depth = std::max(result.depth, 1);
  const std::vector<typename Rules::Move> near = searcher.moves_scoring_at_least(
      root, history, depth, result.score - level.margin, levels_detail::kCandidateMoves,
      SearchLimits{.nodes = tighter_limit(level.max_nodes, budget.nodes),
                   .time_ms = budget.time_ms,
                   .time_basis = budget.time_basis},
      stop, nodes_used);
  if (near.empty()) return result.best_move;
  return near[rng.below(static_cast<std::uint32_t>(near.size()))];
}

}  // namespace ordo
