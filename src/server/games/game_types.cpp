#include "server/games/game_types.h"

#include <memory>
#include <string>
#include <vector>

namespace ordo::server {

using nlohmann::json;

namespace {

std::string at_or(const std::vector<std::string>& list, std::size_t i,
                  const std::string& fallback) {
  return i < list.size() ? list[i] : fallback;
}

// Each rule set: its name, title, what sets it apart and the house rules in force at its
// start (they differ between rule sets: Ordo X positions never repeat).
json rule_sets_of(const games::GameEntry& entry) {
  const games::GameInfo& info = entry.info;
  json rule_sets = json::array();
  for (std::size_t i = 0; i < info.rule_sets.size(); ++i) {
    const std::unique_ptr<games::AnyGame> game = entry.make_game({{"rules", info.rule_sets[i]}});
    rule_sets.push_back({{"name", info.rule_sets[i]},
                         {"title", at_or(entry.board.rule_set_titles, i, info.rule_sets[i])},
                         {"note", at_or(entry.board.rule_set_notes, i, "")},
                         {"house_rules", game->house_rules()}});
  }
  return rule_sets;
}

}  // namespace

json game_type(const games::GameEntry& entry) {
  const games::GameInfo& info = entry.info;
  const std::unique_ptr<games::AnyGame> game = entry.make_game({});
  // The levels of the server's engine; none for a game without an engine.
  const json levels = entry.make_engine ? json{{"min", games::kMinLevel}, {"max", games::kMaxLevel}}
                                        : json(nullptr);
  return {{"name", info.name},
          {"title", info.title},
          {"rule_sets", rule_sets_of(entry)},
          {"sizes", info.sizes},
          {"sides",
           {{"white", game->side_name(games::Side::First)},
            {"black", game->side_name(games::Side::Second)}}},
          {"move_style", entry.board.move_style},
          {"board_has_sides", entry.board.board_has_sides},
          {"pieces", entry.board.pieces},
          {"example_move", entry.board.example_move},
          {"goal", entry.board.goal},
          // The engine's score for people: its name, and the units in one shown unit.
          {"score", {{"name", entry.board.score_name}, {"scale", entry.board.score_scale}}},
          {"draws", info.draws},
          // Dice: the server rolls (docs/api.md, "Games with dice"); a win worth points.
          {"chance", info.chance},
          {"points", info.points},
          // The target of the game's own matches (0: not played in matches to a score).
          {"match_target", entry.make_match_game ? entry.match_target : 0},
          {"levels", levels}};
}

const json& game_types() {
  static const json kTypes = [] {
    json list = json::array();
    for (const games::GameEntry& entry : games::game_registry()) list.push_back(game_type(entry));
    return json{{"games", list}};
  }();
  return kTypes;
}

const json& game_type_of(std::string_view name) {
  for (const json& type : game_types()["games"])
    if (type["name"].get<std::string>() == name) return type;
  throw games::GameError("unknown game '" + std::string(name) + "'");
}

}  // namespace ordo::server
