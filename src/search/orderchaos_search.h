// The alpha-beta searcher instantiated for Order and Chaos (search.h, orderchaos_rules.h):
// the same search as Ordo's, with the second game's moves, evaluation and quiescence.
#pragma once

#include "search/orderchaos_rules.h"
#include "search/search.h"

namespace ordo {

using OrderChaosInfo = BasicInfo<orderchaos::Move>;
using OrderChaosSearchResult = BasicSearchResult<orderchaos::Move>;
using OrderChaosSearcher = BasicSearcher<OrderChaosRules>;
using OrderChaosAlphaBeta = BasicAlphaBeta<OrderChaosRules>;
extern template class BasicSearchWorker<OrderChaosRules>;
extern template class BasicAlphaBeta<OrderChaosRules>;

}  // namespace ordo
