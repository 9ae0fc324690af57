#include "ordo/ai/ordo_entry.h"

#include "ordo/ai/ordo_bench.h"
#include "ordo/ai/ordo_engine.h"
#include "ordo/ai/ordo_game.h"
#include "ordo/ai/ordo_solve_report.h"

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
          .extra_players = {"uct"},
          .make_game = make_ordo_game,
          .read_record = read_ordo_record,
          .make_engine = make_ordo_engine,
          .bench = ordo_bench,
          .solve = ordo_solve};
}

}  // namespace games
