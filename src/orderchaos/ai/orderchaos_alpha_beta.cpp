// The generic template of search/search.h instantiated for Order and Chaos.
#include "orderchaos/ai/orderchaos_search.h"
#include "search/search_impl.h"

namespace ordo {

template class BasicAlphaBeta<OrderChaosRules>;

}  // namespace ordo
