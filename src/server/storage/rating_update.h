// A rated game's effect on both seats' ratings (Glicko-2, glicko2.h), as every storage
// back end applies it, in the transaction that stores the result.
#pragma once

#include <optional>
#include <string>

#include "server/storage/glicko2.h"

namespace ordo::server {

struct SeatRating {
  Glicko2Rating rating;  // a new player's by default
  int games = 0;
};

// White's score, or nothing for a result that is no game result.
std::optional<double> white_score(const std::string& result);

struct RatedGame {
  SeatRating white, black;
};
// Both seats' ratings after a game that white scored `score` (1, 1/2, 0) in.
RatedGame rate_game(const RatedGame& before, double score);

}  // namespace ordo::server
