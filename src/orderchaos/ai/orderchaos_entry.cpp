#include "orderchaos/ai/orderchaos_entry.h"

#include "orderchaos/ai/orderchaos_bench.h"
#include "orderchaos/ai/orderchaos_engine.h"
#include "orderchaos/ai/orderchaos_game.h"
#include "orderchaos/ai/orderchaos_prove_report.h"
#include "orderchaos/ai/orderchaos_solve_report.h"

namespace games {

GameEntry orderchaos_entry() {
  return {.info = {.name = "orderchaos",
                   .title = "Order and Chaos",
                   .rule_sets = {"original", "exact-five"},
                   .sizes = {"6x6"},
                   .searchers = {"alphabeta", "mcts"}},
          .record_tag = "Order and Chaos",
          .make_game = make_orderchaos_game,
          .read_record = read_orderchaos_record,
          .make_engine = make_orderchaos_engine,
          .bench = orderchaos_bench,
          .solve = orderchaos_solve,
          .prove = orderchaos_prove};
}

}  // namespace games
