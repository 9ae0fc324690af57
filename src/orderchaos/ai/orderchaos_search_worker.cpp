// The generic template of search/search_worker.h instantiated for Order and Chaos.
#include "orderchaos/ai/orderchaos_search.h"
#include "search/search_worker_impl.h"

namespace ordo {

template class BasicSearchWorker<OrderChaosRules>;

}  // namespace ordo
