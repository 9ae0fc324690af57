// The options most commands share (rule set, board, position, moves, house rules) and the
// game they describe.
#pragma once

#include <string>
#include <vector>

#include "engine/any_game.h"

namespace CLI {
class App;
}

namespace ordo::cli {

struct CommonOptions {
  std::string game = games::known_games().front().name;  // --game; the default game
  std::string rules;     // the game's default when empty: classic, or original
  std::string size;      // 10x8 when empty
  std::string position;  // docs/rules.md section 7; overrides size
  std::string moves;     // played from the position, separated by spaces
  bool no_repetition = false;
  int move_limit = 0;
};

// The registered games' names (games::known_games), for --game, and that option's help.
std::vector<std::string> game_names();
// Every registered game's rule sets, for --rules (each game then checks its own).
std::vector<std::string> rule_set_names();
std::string game_option_help();

// Adds --game, --rules, --size, --position, --moves, --no-repetition and --move-limit.
void add_common_options(CLI::App& command, CommonOptions& options);

// The game the options name (--game, --rules, --size, --position and the house rules; not
// --moves), as the run-time game interface has it.
games::GameSpec game_spec(const CommonOptions& options);

}  // namespace ordo::cli
