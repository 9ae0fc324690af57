// The offers one player makes and the other answers, beyond the draw offer: a takeback
// (network games; the other modes have undo) and a rematch with the colours swapped.
// Stored with the game (StoredGame::offers), so that every instance on one database sees
// and answers them.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "engine/any_game.h"

namespace ordo::server {

struct Match;

struct GameOffers {
  // Asked by `takeback_by` at `takeback_ply` plies: void as soon as the game moves on.
  std::optional<games::Side> takeback_by;
  std::size_t takeback_ply = 0;
  std::optional<games::Side> rematch_by;
  std::string rematch_id;  // the rematch, once both agreed

  // As stored: JSON, or empty for no offer at all.
  std::string to_text() const;
  // Text that is not such JSON (a row edited by hand) reads as no offer.
  static GameOffers from_text(const std::string& text);
};

// The seat whose takeback request is pending, if it still stands.
std::optional<games::Side> pending_takeback(const Match& match);
// How many plies a takeback by `seat` removes: back to and including its last move; 0 if
// it has played none.
std::size_t takeback_plies(const Match& match, games::Side seat);
// takeback_offer, rematch_offer, rematch and connected, as docs/api.md shows them.
void add_offer_state(const Match& match, nlohmann::json& state);

}  // namespace ordo::server
