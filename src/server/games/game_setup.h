// What the server reads of a game from the one registry (engine/game_registry.h): a create
// request's game options, a stored row's game and settings, stored results, and the
// game's own fields of the state. Nothing here names a game; what differs between games
// comes from their registry entries and games::AnyGame.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "engine/any_game.h"
#include "engine/game_registry.h"
#include "server/storage/stored_game.h"

namespace ordo::server {

// The game-specific columns of a stored row.
struct GameSetup {
  std::string game;      // "ordo", "orderchaos"
  std::string rules;     // a rule set of the game
  std::string size;      // "10x8", "6x6", ...
  std::string start;     // position string
  std::string settings;  // JSON of the game's further options (settings_of)
};

// The game named by a request's "game" field, the registry's first when absent; ApiError
// 400 naming the known games otherwise.
const games::GameEntry& requested_game(const nlohmann::json& body);

// From the create request's "game", "rules", "size" and "position" (ApiError 400 saying
// what is wrong, also for a position whose game is already decided).
GameSetup setup_from_request(const nlohmann::json& body);

// The settings column of `game`: its house options (AnyGame::house_options) as a JSON
// object, "on"/"off" as true/false, whole numbers as numbers, '-' in names as '_'.
std::string settings_of(const games::AnyGame& game);

// The game at its start from a stored row's columns (throws games::GameError).
games::GameSpec spec_of(const StoredGame& row);

// Whether a result of this termination name is a house rule of ours in `game`.
bool is_house_rule(const std::string& game, const std::string& termination);

// A stored result (score token, termination name) as a sentence for people; empty while
// the game goes on.
std::string describe_stored(const std::string& game, const std::string& score,
                            const std::string& reason);

// What a move did on the board (engine/any_game.h MoveMarks) as the state writes it:
// {"from", "to", "captured", "removed", "placed"}, each a list of squares.
nlohmann::json marks_json(const games::MoveMarks& marks);

// The fields of the state that show the board beyond the position (docs/api.md): "last",
// "line", "split" (games with groups) and "house_rules" (games that have some).
void add_board_state(const games::AnyGame& game, nlohmann::json& state);

// Reading an optional string field of a request (`fallback` when absent or null).
std::string optional_request_string(const nlohmann::json& body, const char* field,
                                    const std::string& fallback);

}  // namespace ordo::server
