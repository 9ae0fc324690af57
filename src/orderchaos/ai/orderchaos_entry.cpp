#include "orderchaos/ai/orderchaos_entry.h"

#include "engine/stored_result.h"
#include "orderchaos/ai/orderchaos_bench.h"
#include "orderchaos/ai/orderchaos_engine.h"
#include "orderchaos/ai/orderchaos_game.h"
#include "orderchaos/ai/orderchaos_prove_report.h"
#include "orderchaos/ai/orderchaos_solve_report.h"
#include "orderchaos/game.h"

namespace games {

GameEntry orderchaos_entry() {
  return {.info = {.name = "orderchaos",
                   .title = "Order and Chaos",
                   .rule_sets = {"original", "exact-five"},
                   .sizes = {"6x6"},
                   .searchers = {"alphabeta", "mcts"},
                   .draws = false},
          .record_tag = "Order and Chaos",
          .board = {.rule_set_titles = {"Order and Chaos", "Order and Chaos (exact five)"},
                    .rule_set_notes = {"five or more in a row wins",
                                       "only exactly five in a row wins; six do not count"},
                    .move_style = "placement",
                    .board_has_sides = false,
                    .pieces = {"X", "O"},
                    .example_move = "Xc3",
                    .goal = "Order wants five in a row; Chaos wants to fill the board without "
                            "one."},
          .make_game = make_orderchaos_game,
          .read_record = read_orderchaos_record,
          .describe_result = describe_stored_result<orderchaos::Result>,
          .moves_if_to_move = orderchaos_moves_if_to_move,
          .make_engine = make_orderchaos_engine,
          .bench = orderchaos_bench,
          .solve = orderchaos_solve,
          .prove = orderchaos_prove};
}

}  // namespace games
