// A stored game and its moves, as every storage back end keeps them (no database types).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/game_registry.h"

namespace ordo::server {

struct StoredGame {
  std::string id;
  std::string game = games::default_game().info.name;  // a registered game's name
  std::string mode;                                    // ai | local | network
  std::string rules;  // one of the game's rule sets (GameInfo::rule_sets)
  std::string size;   // one of the game's sizes (GameInfo::sizes)
  std::string start;  // start position text
  // The game's house options as JSON (game_setup.h, settings_of); for a game with chance
  // also its secret dice seed and first rolled step (server_dice.h), never sent to a client.
  std::string settings = "{}";
  std::string white_name, black_name;
  // What checks the seat tokens (the game service stores their digests, see
  // token_digest.h); empty for a seat nobody holds (the engine's seat in mode ai).
  std::string white_token, black_token;
  std::int64_t clock_initial_ms = 0;  // 0 = no clock
  std::int64_t clock_increment_ms = 0;
  int ai_level = 0;      // 0 = no engine
  std::string ai_color;  // white | black | empty
  std::string result = "*";
  std::string reason;  // how the game ended (a termination name), empty while it goes on
  std::int64_t created_ms = 0;
  std::int64_t updated_ms = 0;
  std::string draw_offer;  // white | black | empty: the seat whose draw offer is pending
  // When the turn of the side to move began, and when its running clock falls (0 = no
  // clock runs). Together with the moves they give the clock back exactly, so a game
  // with a running clock need not be held in memory for its flag to fall.
  std::int64_t turn_started_ms = 0;
  std::int64_t flag_at_ms = 0;
  // The accounts holding the seats (0: a guest's seat); a rated game's result moves both
  // accounts' ratings once, in the transaction that stores it (storage_ratings.cpp).
  std::int64_t white_account = 0, black_account = 0;
  bool rated = false;
  // A correspondence game: each move must come within this many days (its deadline is
  // flag_at_ms, which a restart keeps); 0 for a game with a clock or none.
  int days_per_move = 0;
  // The takeback and rematch offers (GameOffers, game_offers.h) as text; empty: none.
  std::string offers;
};

struct StoredMove {
  int ply = 0;  // 0-based index of the move in the game
  std::string notation;
  std::string by;  // white | black
  std::int64_t think_ms = 0;
  std::optional<std::int64_t> clock_after_ms;  // the mover's time left after the move
};

struct GameSummary {
  StoredGame game;
  int plies = 0;
};

}  // namespace ordo::server
