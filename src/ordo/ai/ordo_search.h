// Ordo's searchers: the generic templates of search/ instantiated with Ordo's search rules
// (ordo_rules.h), under the names the rest of the program uses, and Ordo's level tables.
// The instantiations are in ordo_alpha_beta.cpp, ordo_search_worker.cpp, ordo_mcts.cpp
// and ordo_levels.cpp.
#pragma once

#include "ordo/ai/ordo_rules.h"
#include "ordo/types.h"
#include "search/levels.h"
#include "search/mcts.h"
#include "search/search.h"
#include "search/search_worker.h"
#include "search/searcher.h"

namespace ordo {

using Info = BasicInfo<Move>;
using SearchResult = BasicSearchResult<Move>;
using Searcher = BasicSearcher<OrdoRules>;
using SharedSearch = BasicSharedSearch<EvalModel>;
using SearchWorker = BasicSearchWorker<OrdoRules>;

extern template class BasicSearchWorker<OrdoRules>;
extern template class BasicAlphaBeta<OrdoRules>;
extern template class BasicMcts<OrdoRules>;

// Ordo's alpha-beta searcher (a class rather than an alias, so that it can be declared
// ahead and does not clash with the SearcherKind::AlphaBeta enumerator).
class AlphaBeta : public BasicAlphaBeta<OrdoRules> {
 public:
  using BasicAlphaBeta<OrdoRules>::BasicAlphaBeta;
};

// Ordo's MCTS searcher (a class, so that it does not clash with SearcherKind::Mcts).
class Mcts : public BasicMcts<OrdoRules> {
 public:
  using BasicMcts<OrdoRules>::BasicMcts;
};

// The settings of `level` (clamped to 1..10) for a rule set: Classic Ordo and Ordo X have
// a table each (an Ordo X turn has thousands of choices, so the same budgets reach far
// shallower depths; docs/levels.md).
LevelSettings level_settings(int level, Variant variant);

}  // namespace ordo
