// The engine facade (engine/engine_impl.h) instantiated for Ordo.
#include "ordo/ai/ordo_facade.h"

#include "engine/engine_impl.h"

namespace ordo {

template class BasicEngine<OrdoEngineGame>;

}  // namespace ordo
