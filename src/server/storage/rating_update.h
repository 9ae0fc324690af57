// A rated game's effect on both seats' ratings (Glicko-2, glicko2.h), as every storage
// back end applies it, in the transaction that stores the result.
#pragma once

#include <cstdint>
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

// At most this many rated games between the same two accounts change ratings in any day
// (so two accounts cannot farm a rating by playing each other over and over).
inline constexpr std::int64_t kRatedGamesPerPairPerDay = 3;
// Whether a rated game changes ratings, given the games between the same two accounts
// that changed ratings in the day before it (kClaimRatingUpdate's last column).
inline bool counts_for_rating(std::int64_t recent_rated_games_of_pair) {
  return recent_rated_games_of_pair < kRatedGamesPerPairPerDay;
}

struct RatedGame {
  SeatRating white, black;
};
// Both seats' ratings after a game that white scored `score` (1, 1/2, 0) in.
RatedGame rate_game(const RatedGame& before, double score);

// Rates a game between two accounts through a back end's statements, in the transaction
// that stores its result: read(account) gives a seat's rating, write(account, SeatRating)
// stores the new one, write_change(seat, before, after) keeps what the game changed.
template <class Read, class Write, class WriteChange>
void rate_and_store(std::int64_t white, std::int64_t black, double score, Read read, Write write,
                    WriteChange write_change) {
  const RatedGame before{read(white), read(black)};
  const RatedGame after = rate_game(before, score);
  write(white, after.white);
  write(black, after.black);
  write_change("white", before.white.rating.rating, after.white.rating);
  write_change("black", before.black.rating.rating, after.black.rating);
}

}  // namespace ordo::server
