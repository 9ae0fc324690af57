#include "ordo/ai/ordo_entry.h"

#include "ordo/ai/ordo_engine.h"
#include "ordo/ai/ordo_game.h"

namespace games {

GameEntry ordo_entry() {
  return {.info = {.name = "ordo",
                   .title = "Ordo",
                   .rule_sets = {"classic", "x"},
                   .sizes = {"10x8", "8x8"},
                   .searchers = {"alphabeta", "mcts"},
                   .settable_weights = true,
                   .endless = true},
          .record_tag = "Ordo",
          .make_game = make_ordo_game,
          .read_record = read_ordo_record,
          .make_engine = make_ordo_engine};
}

}  // namespace games
