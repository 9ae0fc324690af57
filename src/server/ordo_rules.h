// The Ordo-specific part of the server, behind a narrow seam: reading the game options of
// a request, the start position and settings a stored row keeps, and the rule-dependent
// fields of the state (position, legal moves, last move, result). HTTP, storage, seats,
// clocks and events do not look inside an ordo::Game; a second game would add a file like
// this one.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/game.h"
#include "core/record.h"

namespace ordo::server {

constexpr const char* kOrdoGameName = "ordo";

struct OrdoSetup {
  Variant variant = Variant::Classic;
  std::string start;     // position string
  std::string size;      // "10x8" | "8x8"
  std::string settings;  // JSON of the game options
};

// From the create request's "rules", "size" and "position" (ApiError 400 when wrong).
OrdoSetup ordo_setup_from_request(const nlohmann::json& body);
OrdoSetup ordo_setup_from_record(const Record& record);
std::string ordo_rules_name(Variant variant);

// A game at its start from stored text (throws std::invalid_argument if it is unreadable).
Game ordo_game_from_stored(const std::string& rules, const std::string& start,
                           const std::string& settings);

// Stored result fields: the score token and the termination name.
std::string stored_score(const Result& result);
std::string stored_reason(const Result& result);
Result result_from_stored(const std::string& score, const std::string& reason);
// True for results that players (not the board) decided: resignation, agreement, time,
// or a record's result given without a reason.
bool decided_by_players(const Result& result);

// Fills "start", "position", "to_move", "ply", "split", "legal", "last", "result",
// "house_rules" and the "move"/"position" of each entry of "moves" (which the caller
// sized to the game's move count).
void add_ordo_state(const Game& game, nlohmann::json& state);
nlohmann::json result_json(const Result& result);

}  // namespace ordo::server
