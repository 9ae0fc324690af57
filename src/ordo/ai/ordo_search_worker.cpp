// The generic template of search/search_worker.h instantiated for Ordo.
#include "ordo/ai/ordo_search.h"
#include "search/search_worker_impl.h"

namespace ordo {

template class BasicSearchWorker<OrdoRules>;

}  // namespace ordo
