// Ordo's level tables (docs/levels.md), and the levels' choice instantiated for Ordo.
#include "ordo/ai/ordo_search.h"
#include "search/levels_impl.h"

namespace ordo {

namespace {

constexpr LevelTable kClassicLevels = {{
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
constexpr LevelTable kOrdoXLevels = {{
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

}  // namespace

LevelSettings level_settings(int level, Variant variant) {
  return level_in(variant == Variant::X ? kOrdoXLevels : kClassicLevels, level);
}

template std::optional<Move> choose_at_level<OrdoRules>(const LevelSettings&,
                                                        BasicAlphaBeta<OrdoRules>&, const Position&,
                                                        const std::vector<std::uint64_t>&,
                                                        const SearchResult&, std::uint64_t,
                                                        const std::atomic<bool>&,
                                                        const SearchLimits&, std::uint64_t*);

}  // namespace ordo
