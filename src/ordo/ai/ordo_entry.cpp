#include "ordo/ai/ordo_entry.h"

#include "engine/stored_result.h"
#include "ordo/ai/ordo_bench.h"
#include "ordo/ai/ordo_calibrate.h"
#include "ordo/ai/ordo_engine.h"
#include "ordo/ai/ordo_game.h"
#include "ordo/ai/ordo_solve_report.h"
#include "ordo/ai/ordo_uct_bot.h"
#include "ordo/ai/solver.h"
#include "ordo/game.h"
#include "ordo/tuning/tune_command.h"

namespace games {

static_assert(ordo::kMaxSolveTurns == SolveRequest::kMaxTurns);

GameEntry ordo_entry() {
  return {.info = {.name = "ordo",
                   .title = "Ordo",
                   .rule_sets = {"classic", "x"},
                   .sizes = {"10x8", "8x8"},
                   .searchers = {"alphabeta", "mcts"},
                   .settable_weights = true,
                   .endless = true,
                   .draws = true,
                   .house_rule_endings =
                       {std::string(ordo::termination_name(ordo::Termination::NoLegalMove)),
                        std::string(ordo::termination_name(ordo::Termination::Repetition))}},
          .record_tag = "Ordo",
          .board = {.rule_set_titles = {"Classic", "Ordo X"},
                    .rule_set_notes = {"", "never backward; a sideways move takes a second step"},
                    .move_style = "steps",
                    .pieces = {"white", "black"},
                    .example_move = "c2-c3",
                    .goal = "Each side wants to reach the other's home row or take its last "
                            "piece, keeping its own pieces connected."},
          .extra_players = {"uct"},
          .make_game = make_ordo_game,
          .read_record = read_ordo_record,
          .describe_result = describe_stored_result<ordo::Result>,
          .moves_if_to_move = ordo_moves_if_to_move,
          .make_bot = make_ordo_bot,
          .make_engine = make_ordo_engine,
          .bench = ordo_bench,
          .solve = ordo_solve,
          .calibrate = ordo_calibrate,
          .tune = ordo::run_tune,
          .check_weights = check_ordo_weights};
}

}  // namespace games
