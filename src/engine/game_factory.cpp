// The games by name: their option lists, the factory, and records of either game.
#include <algorithm>

#include "util/record_text.h"
#include "engine/any_game.h"
#include "orderchaos/ai/orderchaos_game.h"
#include "ordo/ai/ordo_game.h"

namespace games {

const std::vector<GameInfo>& known_games() {
  static const std::vector<GameInfo> kGames = {
      {"ordo", "Ordo", {"classic", "x"}, {"10x8", "8x8"}, {"alphabeta", "mcts"}},
      {"orderchaos", "Order and Chaos", {"original", "exact-five"}, {"6x6"}, {"alphabeta", "mcts"}},
  };
  return kGames;
}

const GameInfo& game_info(std::string_view name) {
  for (const GameInfo& info : known_games()) {
    if (info.name == name) return info;
  }
  throw GameError("unknown game '" + std::string(name) + "' (known: ordo, orderchaos)");
}

std::unique_ptr<AnyGame> make_game(const GameSpec& spec) {
  const GameInfo& info = game_info(spec.game);
  if (info.name == "ordo") return make_ordo_game(spec.options);
  return make_orderchaos_game(spec.options);
}

void play_moves(AnyGame& game, const std::vector<std::string>& moves) {
  // Played on a copy so that an illegal move leaves the game untouched.
  const std::unique_ptr<AnyGame> trial = game.clone();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    try {
      trial->play(moves[i]);
    } catch (const MoveError& e) {
      throw MoveError("move " + std::to_string(i + 1) + " '" + moves[i] + "' (" +
                      trial->side_name(trial->side_to_move()) + ") is illegal: " + e.what());
    }
  }
  for (const std::string& move : moves) game.play(move);
}

AnyRecord read_any_record(std::string_view text) {
  std::string game_tag;
  try {
    const common::RecordText parts = common::read_record_text(text);
    if (const std::string* tag = parts.tag("Game")) game_tag = *tag;
  } catch (const common::RecordError& e) {
    throw GameError(e.what());
  }
  AnyRecord record;
  if (game_tag == "Order and Chaos") {
    record.game = read_orderchaos_record(text, record.tags);
  } else if (game_tag == "Ordo" || game_tag.empty()) {
    record.game = read_ordo_record(text, record.tags);
  } else {
    throw GameError("bad record: unknown game '" + game_tag +
                    "' (known: \"Ordo\", \"Order and Chaos\")");
  }
  return record;
}

}  // namespace games
