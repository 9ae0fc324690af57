// The engine facade (engine/engine_impl.h) instantiated for Order and Chaos.
#include "orderchaos/ai/orderchaos_facade.h"

#include "engine/engine_impl.h"

namespace ordo {

template class BasicEngine<OrderChaosEngineGame>;

}  // namespace ordo
