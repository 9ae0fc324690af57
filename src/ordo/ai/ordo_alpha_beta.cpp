// The generic template of search/search.h instantiated for Ordo.
#include "ordo/ai/ordo_search.h"
#include "search/search_impl.h"

namespace ordo {

template class BasicAlphaBeta<OrdoRules>;

}  // namespace ordo
