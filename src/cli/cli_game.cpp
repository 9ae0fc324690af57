#include "cli/cli_game.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/game_registry.h"

namespace ordo::cli {

namespace {

std::string joined(const std::vector<std::string>& words, const std::string& separator) {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : separator) + word;
  return text;
}

bool has(const std::vector<std::string>& words, const std::string& word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

// The options checked against what the game offers, before the game sees them, so that
// the message names the command-line option.
void check_options(const CommonOptions& options, const games::GameInfo& info) {
  if (!options.rules.empty() && !has(info.rule_sets, options.rules)) {
    throw std::invalid_argument("unknown rule set '" + options.rules + "' for " + info.title +
                                "; expected " + joined(info.rule_sets, " or "));
  }
  if (!options.size.empty() && !has(info.sizes, options.size)) {
    throw std::invalid_argument("--size: " + info.title + " is played on " +
                                joined(info.sizes, " or ") +
                                (info.sizes.size() == 1 ? " only" : ""));
  }
  if (!info.endless && (options.no_repetition || options.move_limit)) {
    throw std::invalid_argument(info.title +
                                " always ends by its rules: --no-repetition and --move-limit "
                                "are house rules for games that could go on for ever");
  }
}

}  // namespace

std::unique_ptr<games::AnyGame> make_cli_game(const CommonOptions& options) {
  const games::GameEntry& entry = games::game_entry(options.game);
  check_options(options, entry.info);
  std::unique_ptr<games::AnyGame> game;
  try {
    game = entry.make_game(game_spec(options).options);
  } catch (const games::GameError& e) {
    // Every option but the position has been checked above.
    throw std::invalid_argument(std::string("--position: ") + e.what());
  }
  std::istringstream words(options.moves);
  std::vector<std::string> moves;
  for (std::string word; words >> word;) moves.push_back(word);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    try {
      game->play(moves[i]);
    } catch (const games::MoveError& e) {
      throw std::invalid_argument(
          "--moves: move " + std::to_string(i + 1) + " of " + std::to_string(moves.size()) + " (" +
          game->side_name(game->side_to_move()) + ") is illegal: " + e.what());
    }
  }
  return game;
}

}  // namespace ordo::cli
