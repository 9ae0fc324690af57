#include "server/games/game_setup.h"

#include <algorithm>
#include <cctype>

#include "server/common/api_error.h"
#include "server/games/clock_settings.h"
#include "server/games/game_types.h"
#include "server/games/match_keeping.h"
#include "server/games/request_fields.h"
#include "server/games/server_dice.h"

namespace ordo::server {

using nlohmann::json;

namespace {

bool contains(const std::vector<std::string>& list, const std::string& value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

// "classic or x", "a, b or c".
std::string alternatives(const std::vector<std::string>& list) {
  std::string text;
  for (std::size_t i = 0; i < list.size(); ++i)
    text += (i == 0 ? "" : i + 1 == list.size() ? " or " : ", ") + list[i];
  return text;
}

std::string size_name(std::pair<int, int> size) {
  return std::to_string(size.first) + "x" + std::to_string(size.second);
}

bool is_whole_number(const std::string& text) {
  return !text.empty() && text.size() <= 9 &&
         std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(c) != 0; });
}

std::string replaced(std::string text, char from, char to) {
  std::replace(text.begin(), text.end(), from, to);
  return text;
}

// The string form (GameSpec) of a settings column's value; empty for a value of no form.
std::string option_value(const json& value) {
  if (value.is_boolean()) return value.get<bool>() ? "on" : "off";
  if (value.is_number_integer()) return std::to_string(value.get<std::int64_t>());
  if (value.is_string()) return value.get<std::string>();
  return "";
}

json squares_json(const std::vector<std::string>& squares) {
  json list = json::array();
  for (const std::string& square : squares) list.push_back(square);
  return list;
}

}  // namespace

std::string optional_request_string(const json& body, const char* field,
                                    const std::string& fallback) {
  if (!body.contains(field) || body[field].is_null()) return fallback;
  return string_field(body, field, false);
}

const games::GameEntry& requested_game(const json& body) {
  const std::string name = optional_request_string(body, "game", games::default_game().info.name);
  const games::GameEntry* entry = nullptr;
  try {
    entry = &games::game_entry(name);
  } catch (const games::GameError& e) {
    throw ApiError(400, "bad_request", e.what());
  }
  return *entry;
}

GameSetup setup_from_request(const json& body) {
  const games::GameInfo& info = requested_game(body).info;
  const std::string rules = optional_request_string(body, "rules", info.rule_sets.front());
  if (!contains(info.rule_sets, rules))
    throw ApiError(400, "bad_request",
                   "unknown rules '" + rules + "' for " + info.title + " (" +
                       alternatives(info.rule_sets) + ")");
  const std::string size = optional_request_string(body, "size", info.sizes.front());
  if (!contains(info.sizes, size))
    throw ApiError(
        400, "bad_request",
        "unknown size '" + size + "' for " + info.title + " (" + alternatives(info.sizes) + ")");
  const std::string position = optional_request_string(body, "position", "");
  games::GameSpec spec{info.name, {{"rules", rules}, {"size", size}}};
  if (!position.empty()) spec.options["position"] = position;
  std::unique_ptr<games::AnyGame> game;
  try {
    game = games::make_game(spec);
  } catch (const games::GameError& e) {
    throw ApiError(400, "bad_request", std::string("bad position: ") + e.what());
  }
  const std::string actual = size_name(game->board_size());
  if (!position.empty() && body.contains("size") && !body["size"].is_null() && actual != size)
    throw ApiError(400, "bad_request",
                   "size '" + size + "' does not match the position's " + actual + " board");
  // A start position whose game is already decided is no game to play.
  if (game->result().over())
    throw ApiError(400, "bad_request",
                   "the position is already decided: " + game->result().description);
  return {info.name, rules, actual, game->start_position(), settings_of(*game)};
}

std::string settings_of(const games::AnyGame& game) {
  json settings = json::object();
  for (const auto& [name, value] : game.house_options()) {
    const std::string key = replaced(name, '-', '_');
    if (value == "on" || value == "off")
      settings[key] = value == "on";
    else if (is_whole_number(value))
      settings[key] = std::stoi(value);
    else
      settings[key] = value;
  }
  return settings.dump();
}

games::GameSpec spec_of(const StoredGame& row) {
  games::GameSpec spec{row.game, {{"rules", row.rules}, {"position", row.start}}};
  const json settings = json::parse(row.settings, nullptr, false);
  if (settings.is_object())
    for (const auto& [key, value] : settings.items()) {
      // The server's, not the game's (server_dice.h, match_keeping.h, clock_settings.h).
      if (is_dice_key(key) || is_match_key(key) || is_clock_key(key)) continue;
      if (std::string text = option_value(value); !text.empty())
        spec.options[replaced(key, '_', '-')] = std::move(text);
    }
  return spec;
}

bool is_house_rule(const std::string& game, const std::string& termination) {
  return contains(games::game_info(game).house_rule_endings, termination);
}

std::string describe_stored(const std::string& game, const std::string& score,
                            const std::string& reason) {
  return games::game_entry(game).describe_result(score, reason);
}

json marks_json(const games::MoveMarks& marks) {
  return {{"from", squares_json(marks.from)},
          {"to", squares_json(marks.to)},
          {"captured", squares_json(marks.captured)},
          {"removed", squares_json(marks.removed)},
          {"placed", squares_json(marks.placed)}};
}

void add_board_state(const games::AnyGame& game, json& state) {
  if (game.moves().empty()) {
    state["last"] = nullptr;
  } else {
    state["last"] = marks_json(game.last_move_marks());
  }
  state["line"] = squares_json(game.deciding_squares());
  if (game.facts().has_groups)
    state["split"] =
        game.last_turn_facts().split[static_cast<std::size_t>(games::index(game.side_to_move()))];
  if (const std::vector<std::string> house = game.house_rules(); !house.empty())
    state["house_rules"] = house;
}

}  // namespace ordo::server
