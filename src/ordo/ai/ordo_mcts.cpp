// The generic template of search/mcts.h instantiated for Ordo.
#include "ordo/ai/ordo_search.h"
#include "search/mcts_impl.h"

namespace ordo {

template class BasicMcts<OrdoRules>;

}  // namespace ordo
