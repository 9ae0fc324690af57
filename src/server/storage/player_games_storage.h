// What the "my games" view and the player pages need from storage: the games whose seats
// an account holds. Free of database types, like AccountStorage, so that a second back end
// can implement it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/account_storage.h"
#include "server/storage/stored_game.h"

namespace ordo::server {

// A seat's rating before and after a rated game that changed it.
struct SeatRatingChange {
  double before = 0, after = 0;
};

struct AccountGame {
  StoredGame game;
  int plies = 0;
  std::string last_mover;  // white | black; empty before the first move
  // What the game did to each seat's rating; none before it ended, or where it rated none.
  std::optional<SeatRatingChange> white_change, black_change;
};

// An account's rating in one pool.
struct PoolRating {
  RatingPool pool;
  double rating = 1500, deviation = 350;
  int games = 0;
};

// The account's rating after one rated game.
struct RatingPoint {
  std::string game_id;
  RatingPool pool;
  double rating = 0, deviation = 0;
  std::int64_t at_ms = 0;  // when the game ended
  double before = 0;       // the rating the game started from
};

class PlayerGamesStorage {
 public:
  virtual ~PlayerGamesStorage() = default;

  // The games where `account` holds a seat (only those still going on, if asked), the
  // latest changed first, at most `limit`.
  virtual std::vector<AccountGame> games_of_account(std::int64_t account, bool unfinished_only,
                                                    int limit) = 0;
  // The account's ratings, one per pool it has played in.
  virtual std::vector<PoolRating> ratings_of(std::int64_t account) = 0;
  // Its rating after each rated game, oldest first.
  virtual std::vector<RatingPoint> rating_history(std::int64_t account) = 0;
};

}  // namespace ordo::server
