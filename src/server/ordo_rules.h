// Ordo's side of the server's game seam (game_rules.h), and the request reading that the
// analysis endpoint (Ordo only) shares with it.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/any_game.h"
#include "ordo/game.h"

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

// An Ordo game at its start from stored text (throws games::GameError if unreadable).
std::unique_ptr<games::AnyGame> ordo_game_from_stored(const std::string& rules,
                                                      const std::string& start,
                                                      const std::string& settings);

}  // namespace ordo::server
