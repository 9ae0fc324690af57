#include "search/levels.h"

#include <algorithm>
#include <array>
#include <memory>

#include "util/random.h"
#include "orderchaos/ai/orderchaos_search.h"

namespace ordo {

namespace {

// Near-best candidates are looked for among this many root moves (Ordo X has thousands).
constexpr std::size_t kCandidateMoves = 48;

constexpr std::array<LevelSettings, kMaxLevel> kClassicLevels = {{
    {1, 2'000, 400, 35},
    {1, 5'000, 200, 15},
    {2, 10'000, 150, 8},
    {2, 30'000, 100, 4},
    {3, 60'000, 70, 2},
    {4, 150'000, 50, 0},
    {5, 400'000, 30, 0},
    {6, 1'500'000, 15, 0},
    {8, 5'000'000, 5, 0},
    {0, 0, 0, 0},
}};

// Ordo X: some 2,000 turns a position, so depth 1 costs ~2,500 nodes, depth 2 ~33,000 and
// depth 3 ~190,000 from the start. The app's 1 s (~100,000 nodes) reaches depth 2 and
// part of 3, its 2 s at level 10 all of 3. Level 9 is held to depth 2, so that the top
// level's extra ply sets it apart. Past ~30,000 nodes at depth 2 neither more nodes nor a
// margin nor rare blunders made a measurable difference (docs/levels.md), so levels 5-8
// share the range below that: depth-2 budgets that cut the iteration short (it plays the
// best root move searched so far), with margins and blunders that shrink as they grow.
// Depth 1 and chance make the bottom four.
constexpr std::array<LevelSettings, kMaxLevel> kOrdoXLevels = {{
    {1, 1'000, 500, 60},
    {1, 1'000, 400, 35},
    {1, 2'000, 250, 15},
    {1, 3'000, 150, 8},
    {2, 6'000, 150, 6},
    {2, 10'000, 130, 4},
    {2, 15'000, 110, 3},
    {2, 22'000, 90, 1},
    {2, 100'000, 0, 0},
    {0, 0, 0, 0},
}};

// Order and Chaos: evaluation units some five times smaller than Ordo's, and a narrow,
// shrinking tree (72 placements at most), so deeper for the same nodes.
constexpr std::array<LevelSettings, kMaxLevel> kOrderChaosLevels = {{
    {1, 2'000, 60, 25},
    {1, 5'000, 40, 15},
    {2, 10'000, 30, 8},
    {2, 30'000, 20, 4},
    {3, 60'000, 14, 2},
    {4, 150'000, 10, 0},
    {5, 400'000, 6, 0},
    {6, 1'500'000, 3, 0},
    {8, 5'000'000, 1, 0},
    {0, 0, 0, 0},
}};

template <class T>
T tighter(T a, T b) {
  if (a == 0) return b;
  if (b == 0) return a;
  return std::min(a, b);
}

std::size_t level_index(int level) {
  return static_cast<std::size_t>(std::clamp(level, kMinLevel, kMaxLevel) - 1);
}

}  // namespace

LevelSettings level_settings(int level, Variant variant) {
  return (variant == Variant::X ? kOrdoXLevels : kClassicLevels)[level_index(level)];
}

LevelSettings orderchaos_level_settings(int level) {
  return kOrderChaosLevels[level_index(level)];
}

SearchLimits limits_at_level(SearchLimits limits, const LevelSettings& level) {
  limits.depth = tighter(limits.depth, level.max_depth);
  limits.nodes = tighter(limits.nodes, level.max_nodes);
  limits.finish_first_iteration = level.max_nodes > 0;
  return limits;
}

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
      root, history, depth, result.score - level.margin, kCandidateMoves,
      SearchLimits{.nodes = tighter(level.max_nodes, budget.nodes),
                   .time_ms = budget.time_ms,
                   .time_basis = budget.time_basis},
      stop, nodes_used);
  if (near.empty()) return result.best_move;
  return near[rng.below(static_cast<std::uint32_t>(near.size()))];
}

template std::optional<Move> choose_at_level<OrdoRules>(const LevelSettings&,
                                                        BasicAlphaBeta<OrdoRules>&, const Position&,
                                                        const std::vector<std::uint64_t>&,
                                                        const SearchResult&, std::uint64_t,
                                                        const std::atomic<bool>&,
                                                        const SearchLimits&, std::uint64_t*);
template std::optional<orderchaos::Move> choose_at_level<OrderChaosRules>(
    const LevelSettings&, OrderChaosAlphaBeta&, const orderchaos::Position&,
    const std::vector<std::uint64_t>&, const OrderChaosSearchResult&, std::uint64_t,
    const std::atomic<bool>&, const SearchLimits&, std::uint64_t*);

}  // namespace ordo
