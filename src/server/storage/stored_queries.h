// Query text both back ends run, written once in the terms of sql_text.h: `?` or `?N`
// placeholders, and text ordered by its bytes with COLLATE "C" (SQLite's own order).
// Each query's columns are those its reader in stored_rows.h reads (or, for the mail's
// rows, the reader beside it here).
#pragma once

#include <string>

#include "server/storage/mail_storage.h"
#include "server/storage/stored_rows.h"

namespace ordo::server {

// A disabled account's open challenges, withdrawn with its sessions (set_account_disabled).
inline constexpr const char* kWithdrawChallengesOf =
    "UPDATE challenges SET state = 'cancelled' WHERE state = 'open' AND creator = ? "
    "RETURNING id";

// Whether an unfinished game will change ratings when it ends: a game of a rated match
// changes them only as the match's last game (game_matches.cpp).
inline constexpr const char* kSetGameRated =
    "UPDATE games SET rated = ? WHERE id = ? AND result = '*' AND rating_applied = 0";

// A seat's rating in one pool, read before a rated game changes it.
inline constexpr const char* kSeatRatingQuery =
    "SELECT rating, deviation, volatility, games FROM ratings WHERE account_id = ? AND "
    "game = ? AND rules = ? AND size = ?";

// Claims a rated game's rating update: only the first finish of it changes the row. The
// last column counts the other games between the same two accounts (either way round)
// that changed ratings in the day before this one ended (counts_for_rating).
inline constexpr const char* kClaimRatingUpdate =
    "UPDATE games SET rating_applied = 1 WHERE id = ? AND rated = 1 AND rating_applied = 0 "
    "RETURNING white_account, black_account, game, rules, size, "
    "(SELECT COUNT(*) FROM games o WHERE o.id <> games.id AND o.game = games.game AND "
    "o.updated_ms > games.updated_ms - 86400000 AND "
    "((o.white_account = games.white_account AND o.black_account = games.black_account) OR "
    "(o.white_account = games.black_account AND o.black_account = games.white_account)) AND "
    "EXISTS (SELECT 1 FROM rating_changes c WHERE c.game_id = o.id))";

// Writes one seat's new rating, and the change of it the game made.
inline constexpr const char* kWriteRating =
    "INSERT INTO ratings (account_id, game, rules, size, rating, deviation, volatility, games) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account_id, game, rules, size) DO UPDATE SET "
    "rating = excluded.rating, deviation = excluded.deviation, volatility = "
    "excluded.volatility, games = excluded.games";
inline constexpr const char* kWriteRatingChange =
    "INSERT INTO rating_changes (game_id, seat, before, after, deviation_after) "
    "VALUES (?, ?, ?, ?, ?)";

// A pool's ratings, best first (read_stored_rating).
inline constexpr const char* kPoolRatingsQuery =
    "SELECT r.account_id, a.name, r.rating, r.deviation, r.volatility, r.games FROM ratings r "
    "JOIN accounts a ON a.id = r.account_id WHERE r.game = ? AND r.rules = ? AND r.size = ? "
    "ORDER BY r.rating DESC, a.name_key COLLATE \"C\" LIMIT ?";

// A game's rating changes, white's first (read_rating_change).
inline constexpr const char* kRatingChangesQuery =
    "SELECT seat, before, after, deviation_after FROM rating_changes WHERE game_id = ? "
    "ORDER BY seat COLLATE \"C\" DESC";

// An account's ratings by pool (read_pool_rating).
inline constexpr const char* kAccountRatingsQuery =
    "SELECT game, rules, size, rating, deviation, games FROM ratings WHERE account_id = ? "
    "ORDER BY game COLLATE \"C\", rules COLLATE \"C\", size COLLATE \"C\"";

// An account's rating after each of its rated games, oldest first (read_rating_point).
inline constexpr const char* kRatingHistoryQuery =
    "SELECT g.id, g.game, g.rules, g.size, c.after, c.deviation_after, g.updated_ms, c.before "
    "FROM rating_changes c JOIN games g ON g.id = c.game_id WHERE "
    "(c.seat = 'white' AND g.white_account = ?1) OR (c.seat = 'black' AND g.black_account = ?1) "
    "ORDER BY g.updated_ms, g.id COLLATE \"C\"";

// Every account by name, without password hashes (read_account).
inline constexpr const char* kAllAccountsQuery =
    "SELECT id, name, '', created_ms, disabled FROM accounts ORDER BY name_key COLLATE \"C\"";

// An account's games, last changed first (?1 the account, ?2 how many): read_game, then the
// number of moves and the seat that moved last. Two indexed lookups (one per seat) rather
// than an OR that would scan every game.
std::string account_games_query(bool unfinished_only);

// The public games: those between two accounts (made in the lobby), newest first, with
// their move counts. ?1 chooses: 'all', 'playing' (unfinished) or 'finished'. A game with
// a guest's seat or the engine is its players' own and is never listed.
inline const std::string kPublicGamesQuery =
    std::string("SELECT ") + kGameColumns +
    ", (SELECT COUNT(*) FROM moves WHERE game_id = games.id) FROM games "
    "WHERE white_account <> 0 AND black_account <> 0 AND (CAST(?1 AS TEXT) = 'all' OR "
    "(CAST(?1 AS TEXT) = 'playing' AND result = '*') OR "
    "(CAST(?1 AS TEXT) = 'finished' AND result <> '*')) "
    "ORDER BY created_ms DESC, id COLLATE \"C\" DESC LIMIT ?2 OFFSET ?3";

// Unfinished games nobody has touched since ?1 that no account holds a seat of and that
// no clock or correspondence deadline will end: a guest's game left behind (oldest first).
inline constexpr const char* kIdleGuestGamesQuery =
    "SELECT id FROM games WHERE result = '*' AND white_account = 0 AND black_account = 0 AND "
    "days_per_move = 0 AND flag_at_ms = 0 AND updated_ms < ?1 ORDER BY updated_ms, id "
    "COLLATE \"C\" LIMIT ?2";

// Notifications by e-mail (mail_storage.h). An account's address, and whether the
// operator disabled the account (read_stored_email).
inline constexpr const char* kAccountEmailQuery =
    "SELECT e.address, e.verified_ms, e.notify, a.disabled FROM account_emails e "
    "JOIN accounts a ON a.id = e.account_id WHERE e.account_id = ?";

template <StoredRow Row>
StoredEmail read_stored_email(const Row& r) {
  return {r.text(0), r.int64(1), r.integer(2) != 0, r.integer(3) != 0};
}

// Sets an account's address (?1 the account, ?2 the address): a new one is not verified
// and mailed to until its player says otherwise, whatever the one before was.
inline constexpr const char* kSetAccountEmail =
    "INSERT INTO account_emails (account_id, address, verified_ms, notify) VALUES (?, ?, 0, 1) "
    "ON CONFLICT (account_id) DO UPDATE SET address = excluded.address, verified_ms = 0, "
    "notify = 1";
inline constexpr const char* kDeleteAccountEmail =
    "DELETE FROM account_emails WHERE account_id = ?";

// Verifies an account's address only while it is still the one the link was sent to.
inline constexpr const char* kVerifyAccountEmail =
    "UPDATE account_emails SET verified_ms = ?1 WHERE account_id = ?2 AND address = ?3";
inline constexpr const char* kSetEmailNotify =
    "UPDATE account_emails SET notify = ?1 WHERE account_id = ?2";

inline constexpr const char* kAddMailLink =
    "INSERT INTO mail_links (digest, account_id, purpose, address, created_ms) "
    "VALUES (?, ?, ?, ?, ?)";
// A link by its token's digest (read_mail_link).
inline constexpr const char* kMailLinkQuery =
    "SELECT account_id, purpose, address, created_ms FROM mail_links WHERE digest = ?";

template <StoredRow Row>
StoredMailLink read_mail_link(const Row& r) {
  return {r.int64(0), r.text(1), r.text(2), r.int64(3)};
}

inline constexpr const char* kDeleteMailLink = "DELETE FROM mail_links WHERE digest = ?";

// A mail's claim: a row is inserted by the first claim of its key only.
inline constexpr const char* kClaimMail =
    "INSERT INTO mail_claims (key, claimed_ms) VALUES (?, ?) ON CONFLICT (key) DO NOTHING";

// The links and the claims made before ?1, forgotten.
inline constexpr const char* kDeleteMailLinksBefore = "DELETE FROM mail_links WHERE created_ms < ?";
inline constexpr const char* kDeleteMailClaimsBefore =
    "DELETE FROM mail_claims WHERE claimed_ms < ?";

// Unfinished correspondence games whose running turn's deadline is in [?1, ?2), nearest
// first, at most ?3 (read_deadline_game); found through games_by_flag.
inline constexpr const char* kDeadlinesQuery =
    "SELECT id, white_account, black_account, turn_started_ms, flag_at_ms, days_per_move "
    "FROM games WHERE flag_at_ms > 0 AND flag_at_ms >= ?1 AND flag_at_ms < ?2 AND "
    "result = '*' AND days_per_move > 0 ORDER BY flag_at_ms, id COLLATE \"C\" LIMIT ?3";

template <StoredRow Row>
DeadlineGame read_deadline_game(const Row& r) {
  return {r.text(0), r.int64(1), r.int64(2), r.int64(3), r.int64(4), r.integer(5)};
}

}  // namespace ordo::server
