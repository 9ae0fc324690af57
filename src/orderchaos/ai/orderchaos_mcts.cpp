// The generic template of search/mcts.h instantiated for Order and Chaos.
#include "orderchaos/ai/orderchaos_search.h"
#include "search/mcts_impl.h"

namespace ordo {

template class BasicMcts<OrderChaosRules>;

}  // namespace ordo
