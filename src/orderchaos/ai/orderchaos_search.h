// The searchers instantiated for Order and Chaos (search/, orderchaos_rules.h): the same
// search as Ordo's, with the second game's moves, evaluation and quiescence, and its level
// table. The instantiations are in orderchaos_alpha_beta.cpp, orderchaos_search_worker.cpp,
// orderchaos_mcts.cpp and orderchaos_levels.cpp.
#pragma once

#include "orderchaos/ai/orderchaos_rules.h"
#include "search/levels.h"
#include "search/mcts.h"
#include "search/search.h"

namespace ordo {

using OrderChaosInfo = BasicInfo<orderchaos::Move>;
using OrderChaosSearchResult = BasicSearchResult<orderchaos::Move>;
using OrderChaosSearcher = BasicSearcher<OrderChaosRules>;
using OrderChaosAlphaBeta = BasicAlphaBeta<OrderChaosRules>;
extern template class BasicSearchWorker<OrderChaosRules>;
extern template class BasicAlphaBeta<OrderChaosRules>;
extern template class BasicMcts<OrderChaosRules>;
using OrderChaosMcts = BasicMcts<OrderChaosRules>;

// MCTS settings for Order and Chaos: its evaluation's units are some five times smaller
// than Ordo's, and a node has at most 72 moves.
inline MctsConfig orderchaos_mcts_config() {
  MctsConfig config;
  config.eval_scale = 30;
  config.max_children = 72;
  return config;
}

// The settings of `level` (clamped to 1..10): evaluation units some five times smaller
// than Ordo's, and searches that go deeper (docs/levels.md).
LevelSettings orderchaos_level_settings(int level);

}  // namespace ordo
