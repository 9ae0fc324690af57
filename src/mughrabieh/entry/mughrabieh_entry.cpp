#include "mughrabieh/entry/mughrabieh_entry.h"

#include "mughrabieh/entry/mughrabieh_engine.h"
#include "mughrabieh/entry/mughrabieh_game.h"
#include "mughrabieh/entry/mughrabieh_tools.h"
#include "mughrabieh/types.h"

namespace games {

GameEntry mughrabieh_entry() {
  return {.info = {.name = "mughrabieh",
                   .title = "Mughrabieh",
                   .rule_sets = {"house", "ludii"},
                   .sizes = {"12x2"},
                   .searchers = {"expectimax"},
                   .draws = false,
                   .chance = true,
                   .points = true},
          .record_tag = "Mughrabieh",
          .board = {.rule_set_titles = {"Mughrabieh", "Mughrabieh (Ludii's model)"},
                    .rule_set_notes = {"a larger number bears off only from the farthest point",
                                       "any larger number bears off; two passes in turn draw"},
                    .move_style = "tables",
                    .pieces = {"white", "black"},
                    .example_move = "13/8,8/6",
                    .goal = "Each side races its fifteen pieces round the board and bears them "
                            "off first; the winner scores the loser's pieces left.",
                    .score_name = "Equity",
                    .score_scale = 1000},
          .make_game = make_mughrabieh_game,
          .read_record = read_mughrabieh_record,
          .describe_result = describe_mughrabieh_result,
          .moves_if_to_move = mughrabieh_moves_if_to_move,
          .make_engine = make_mughrabieh_engine,
          .bench = mughrabieh_bench,
          .solve = mughrabieh_solve,
          .match_target = mughrabieh::kMatchTarget,
          .make_match_game = make_mughrabieh_match_game,
          .next_match_starter = mughrabieh_next_match_starter};
}

}  // namespace games
