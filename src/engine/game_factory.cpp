// The games by name, from the registry (game_registry.h): their option lists, the factory,
// and records of any game.
#include <algorithm>

#include "engine/any_game.h"
#include "engine/game_registry.h"
#include "util/record_text.h"

namespace games {

const std::vector<GameInfo>& known_games() {
  static const std::vector<GameInfo> kGames = [] {
    std::vector<GameInfo> infos;
    for (const GameEntry& entry : game_registry()) infos.push_back(entry.info);
    return infos;
  }();
  return kGames;
}

const GameInfo& game_info(std::string_view name) {
  return game_entry(name).info;
}

std::unique_ptr<AnyGame> make_game(const GameSpec& spec) {
  return game_entry(spec.game).make_game(spec.options);
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
  // A record without a Game tag is the default game's (the registry's first).
  const std::vector<GameEntry>& games = game_registry();
  const auto entry =
      game_tag.empty() ? games.begin()
                       : std::find_if(games.begin(), games.end(),
                                      [&](const GameEntry& e) { return e.record_tag == game_tag; });
  if (entry == games.end()) {
    std::string known;
    for (const GameEntry& e : games) known += (known.empty() ? "\"" : ", \"") + e.record_tag + "\"";
    throw GameError("bad record: unknown game '" + game_tag + "' (known: " + known + ")");
  }
  AnyRecord record;
  record.game = entry->read_record(text, record.tags);
  return record;
}

std::vector<AnyRecord> read_any_records(std::string_view text) {
  const std::vector<common::RecordChunk> chunks = common::split_records(text);
  if (chunks.empty()) throw GameError("bad record: the text holds no game");
  std::vector<AnyRecord> records;
  for (const common::RecordChunk& chunk : chunks) {
    try {
      records.push_back(read_any_record(chunk.text));
    } catch (const std::invalid_argument& e) {
      std::string why = e.what();
      if (why.rfind("bad record: ", 0) == 0) why.erase(0, std::string("bad record: ").size());
      throw GameError("bad record: game " + std::to_string(records.size() + 1) + " (line " +
                      std::to_string(chunk.first_line) + "): " + why);
    }
  }
  return records;
}

}  // namespace games
