// What differs between the games the server offers, behind one narrow seam: reading a
// create request's game options, turning a stored row back into a game, the game-specific
// fields of the state, and reading stored results. Everything else (HTTP, storage, seats,
// clocks, the engine, events) works on games::AnyGame and games::AnyEngine and does not
// know which game it serves. Each game has one implementation (ordo_rules.cpp,
// orderchaos_rules.cpp); rules_for() finds it by the game's name.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "engine/any_game.h"
#include "server/storage.h"

namespace ordo::server {

// The game-specific columns of a stored row.
struct GameSetup {
  std::string rules;
  std::string size;      // "10x8", "6x6", ...
  std::string start;     // position string
  std::string settings;  // JSON of further options
};

class GameRules {
 public:
  virtual ~GameRules() = default;

  virtual std::string_view name() const = 0;  // "ordo", "orderchaos"
  // From the create request's "rules", "size" and "position" (ApiError 400 when wrong).
  virtual GameSetup setup_from_request(const nlohmann::json& body) const = 0;
  // The settings column of a game read from `record_text` (a record of this game).
  virtual std::string settings_of_record(std::string_view record_text) const = 0;
  // The game at its start from a stored row's columns (throws games::GameError).
  virtual games::GameSpec spec_of(const StoredGame& row) const = 0;
  // Whether the players may agree a draw.
  virtual bool has_draws() const = 0;
  // Whether a result of this termination name is a house rule of ours, not the game's.
  virtual bool is_house_rule(const std::string& termination) const = 0;
  // A stored result (score token, termination name) as a sentence for people.
  virtual std::string describe_stored(const std::string& score,
                                      const std::string& reason) const = 0;
  // Adds the game's own fields to the state ("last" for every game; Ordo: "split",
  // "house_rules"; Order and Chaos: "line"). `positions[i]` is the position after move i.
  // The caller has filled "moves" (each with its "move").
  virtual void add_state(const games::AnyGame& game, const StoredGame& row,
                         const std::vector<std::string>& positions,
                         nlohmann::json& state) const = 0;
};

// The rules of the game of that name; ApiError 400 naming the known games otherwise.
const GameRules& rules_for(std::string_view game);

const GameRules& ordo_game_rules();
const GameRules& orderchaos_game_rules();

// Reading an optional string field of a create request ("" or `fallback` when absent).
std::string optional_request_string(const nlohmann::json& body, const char* field,
                                    const std::string& fallback);

}  // namespace ordo::server
