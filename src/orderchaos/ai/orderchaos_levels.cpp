// Order and Chaos's level table (docs/levels.md), and the levels' choice instantiated for it.
#include "orderchaos/ai/orderchaos_search.h"
#include "search/levels_impl.h"

namespace ordo {

namespace {

// Order and Chaos: evaluation units some five times smaller than Ordo's, and a narrow,
// shrinking tree (72 placements at most), so deeper for the same nodes.
constexpr LevelTable kOrderChaosLevels = {{
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

}  // namespace

LevelSettings orderchaos_level_settings(int level) {
  return level_in(kOrderChaosLevels, level);
}

template std::optional<orderchaos::Move> choose_at_level<OrderChaosRules>(
    const LevelSettings&, OrderChaosAlphaBeta&, const orderchaos::Position&,
    const std::vector<std::uint64_t>&, const OrderChaosSearchResult&, std::uint64_t,
    const std::atomic<bool>&, const SearchLimits&, std::uint64_t*);

}  // namespace ordo
