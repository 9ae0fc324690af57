// The alpha-beta searcher instantiated for Order and Chaos (search.h, orderchaos_rules.h):
// the same search as Ordo's, with the second game's moves, evaluation and quiescence.
#pragma once

#include "search/mcts.h"
#include "orderchaos/ai/orderchaos_rules.h"
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

}  // namespace ordo
