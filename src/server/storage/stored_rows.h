// One reader per kind of stored row, for both back ends: each reads a row through the
// few calls that SQLite's statement and libpqxx's row both offer (sqlite_row.h,
// pg_row.h), from the columns named here in the same order.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>

#include "server/storage/account_storage.h"
#include "server/storage/challenge_storage.h"
#include "server/storage/player_games_storage.h"
#include "server/storage/rating_update.h"
#include "server/storage/stored_game.h"

namespace ordo::server {

// What a reader needs of a row: its columns by index, as text, whole numbers or reals.
template <class Row>
concept StoredRow = requires(const Row& row, int i) {
  { row.text(i) } -> std::same_as<std::string>;
  { row.int64(i) } -> std::same_as<std::int64_t>;
  { row.integer(i) } -> std::same_as<int>;
  { row.real(i) } -> std::same_as<double>;
};

// read_game's columns; a query may select more after them (from kGameColumnCount on).
inline constexpr const char* kGameColumns =
    "id, game, mode, rules, size, start, settings, white_name, black_name, white_token, "
    "black_token, clock_initial_ms, clock_increment_ms, ai_level, ai_color, result, reason, "
    "created_ms, updated_ms, draw_offer, turn_started_ms, flag_at_ms, white_account, "
    "black_account, rated, days_per_move, offers";
inline constexpr int kGameColumnCount = 27;

template <StoredRow Row>
StoredGame read_game(const Row& r) {
  StoredGame g;
  g.id = r.text(0);
  g.game = r.text(1);
  g.mode = r.text(2);
  g.rules = r.text(3);
  g.size = r.text(4);
  g.start = r.text(5);
  g.settings = r.text(6);
  g.white_name = r.text(7);
  g.black_name = r.text(8);
  g.white_token = r.text(9);
  g.black_token = r.text(10);
  g.clock_initial_ms = r.int64(11);
  g.clock_increment_ms = r.int64(12);
  g.ai_level = r.integer(13);
  g.ai_color = r.text(14);
  g.result = r.text(15);
  g.reason = r.text(16);
  g.created_ms = r.int64(17);
  g.updated_ms = r.int64(18);
  g.draw_offer = r.text(19);
  g.turn_started_ms = r.int64(20);
  g.flag_at_ms = r.int64(21);
  g.white_account = r.int64(22);
  g.black_account = r.int64(23);
  g.rated = r.integer(24) != 0;
  g.days_per_move = r.integer(25);
  g.offers = r.text(26);
  return g;
}

inline constexpr const char* kChallengeColumns =
    "id, creator, creator_name, target, target_name, game, rules, size, setup, rated, color, "
    "creator_token, state, accepter, game_id, created_ms, instance";

template <StoredRow Row>
StoredChallenge read_challenge(const Row& r) {
  StoredChallenge c;
  c.id = r.text(0);
  c.creator = r.int64(1);
  c.creator_name = r.text(2);
  c.target = r.int64(3);
  c.target_name = r.text(4);
  c.game = r.text(5);
  c.rules = r.text(6);
  c.size = r.text(7);
  c.setup = r.text(8);
  c.rated = r.integer(9) != 0;
  c.color = r.text(10);
  c.creator_token = r.text(11);
  c.state = r.text(12);
  c.accepter = r.int64(13);
  c.game_id = r.text(14);
  c.created_ms = r.int64(15);
  c.instance = r.text(16);
  return c;
}

// The password hash may be left out of a list (selected as '').
inline constexpr const char* kAccountColumns = "id, name, password_hash, created_ms, disabled";

template <StoredRow Row>
StoredAccount read_account(const Row& r) {
  return {r.int64(0), r.text(1), r.text(2), r.int64(3), r.integer(4) != 0};
}

// A seat's rating in one pool (kSeatRatingQuery).
template <StoredRow Row>
SeatRating read_seat_rating(const Row& r) {
  return {{r.real(0), r.real(1), r.real(2)}, r.integer(3)};
}

template <StoredRow Row>
RatingChange read_rating_change(const Row& r) {
  return {r.text(0), r.real(1), r.real(2), r.real(3)};
}

// account_games_query's row: the game's columns, then its move count, last mover and the
// seats' ratings before and after it (-1: unchanged).
template <StoredRow Row>
AccountGame read_account_game(const Row& r) {
  AccountGame g{read_game(r), r.integer(kGameColumnCount), r.text(kGameColumnCount + 1), {}, {}};
  const auto change = [&r](int column) -> std::optional<SeatRatingChange> {
    if (r.real(column) < 0) return std::nullopt;
    return SeatRatingChange{r.real(column), r.real(column + 1)};
  };
  g.white_change = change(kGameColumnCount + 2);
  g.black_change = change(kGameColumnCount + 4);
  return g;
}

template <StoredRow Row>
PoolRating read_pool_rating(const Row& r) {
  return {{r.text(0), r.text(1), r.text(2)}, r.real(3), r.real(4), r.integer(5)};
}

template <StoredRow Row>
RatingPoint read_rating_point(const Row& r) {
  return {r.text(0), {r.text(1), r.text(2), r.text(3)}, r.real(4), r.real(5), r.int64(6),
          r.real(7)};
}

template <StoredRow Row>
StoredRating read_stored_rating(const Row& r) {
  return {r.int64(0), r.text(1), r.real(2), r.real(3), r.real(4), r.integer(5)};
}

}  // namespace ordo::server
