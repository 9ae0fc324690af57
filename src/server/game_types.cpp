#include "server/game_types.h"

#include <memory>
#include <string>

namespace ordo::server {

using nlohmann::json;

json game_type(const games::GameEntry& entry) {
  const games::GameInfo& info = entry.info;
  json rule_sets = json::array();
  for (std::size_t i = 0; i < info.rule_sets.size(); ++i)
    rule_sets.push_back(
        {{"name", info.rule_sets[i]},
         {"title", i < entry.board.rule_set_titles.size() ? entry.board.rule_set_titles[i]
                                                          : info.rule_sets[i]}});
  const std::unique_ptr<games::AnyGame> game = entry.make_game({});
  return {{"name", info.name},
          {"title", info.title},
          {"rule_sets", rule_sets},
          {"sizes", info.sizes},
          {"sides",
           {{"white", game->side_name(games::Side::First)},
            {"black", game->side_name(games::Side::Second)}}},
          {"move_style", entry.board.move_style},
          {"pieces", entry.board.pieces},
          {"example_move", entry.board.example_move},
          {"goal", entry.board.goal},
          {"draws", info.draws}};
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
