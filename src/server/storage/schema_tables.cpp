// The tables of schema version 12. Columns stand in the order a database migrated from an
// older version has them (added columns last), so that new and migrated databases agree.
#include "server/storage/schema_tables.h"

namespace ordo::server {

namespace {

constexpr auto kInt = ColumnType::kInt;
constexpr auto kBigInt = ColumnType::kBigInt;
constexpr auto kText = ColumnType::kText;
constexpr auto kReal = ColumnType::kReal;
constexpr auto kPostgres = SqlDialect::kPostgres;

// A column as most are: NOT NULL, perhaps with a default.
Column col(std::string name, ColumnType type, std::string default_value = "") {
  return {std::move(name), type, true, std::move(default_value)};
}

// A column that refers to another table's row and goes with it.
Column ref(std::string name, ColumnType type, std::string references) {
  Column c = col(std::move(name), type);
  c.references = std::move(references);
  return c;
}

std::vector<Table> make_tables() {
  std::vector<Table> tables;
  // games.seq orders games created in the same millisecond, as SQLite's rowid does. The id
  // (as the first version declared it) may be NULL in SQLite, never in PostgreSQL.
  Column seq{"seq", ColumnType::kSequence, false};
  seq.only = kPostgres;
  tables.push_back({"games",
                    {seq,
                     {"id", kText, false},
                     col("game", kText),
                     col("mode", kText),
                     col("rules", kText),
                     col("size", kText),
                     col("start", kText),
                     col("settings", kText),
                     col("white_name", kText),
                     col("black_name", kText),
                     col("white_token", kText),
                     col("black_token", kText),
                     col("clock_initial_ms", kBigInt),
                     col("clock_increment_ms", kBigInt),
                     col("ai_level", kInt),
                     col("ai_color", kText),
                     col("result", kText),
                     col("reason", kText),
                     col("created_ms", kBigInt),
                     col("updated_ms", kBigInt),
                     col("draw_offer", kText, "''"),
                     col("turn_started_ms", kBigInt, "0"),
                     col("flag_at_ms", kBigInt, "0"),
                     col("white_account", kBigInt, "0"),
                     col("black_account", kBigInt, "0"),
                     col("rated", kInt, "0"),
                     col("rating_applied", kInt, "0"),
                     col("days_per_move", kInt, "0"),
                     col("offers", kText, "''")},
                    {"id"},
                    {{"games_by_created", {"created_ms DESC", "seq DESC"}},
                     {"games_by_flag", {"flag_at_ms"}, false, "flag_at_ms > 0"},
                     {"games_by_white_account", {"white_account"}, false, "white_account != 0"},
                     {"games_by_black_account", {"black_account"}, false, "black_account != 0"}}});
  tables.push_back({"moves",
                    {ref("game_id", kText, "games(id)"),
                     col("ply", kInt),
                     col("notation", kText),
                     col("by", kText),
                     col("think_ms", kBigInt),
                     {"clock_after_ms", kBigInt, false}},
                    {"game_id", "ply"}});
  Column name_key = col("name_key", kText);
  name_key.unique = true;
  tables.push_back({"accounts",
                    {{"id", ColumnType::kRowId, false},
                     col("name", kText),
                     name_key,
                     col("password_hash", kText),
                     col("created_ms", kBigInt),
                     col("disabled", kInt, "0"),
                     // Names unique by their skeleton (name_skeleton.h); many NULLs allowed.
                     {"name_skeleton", kText, false}},
                    {"id"},
                    {{"accounts_by_skeleton", {"name_skeleton"}, true}}});
  tables.push_back(
      {"sessions",
       {{"digest", kText, false},
        ref("account_id", kBigInt, "accounts(id) ON DELETE CASCADE"),
        col("created_ms", kBigInt),
        col("expires_ms", kBigInt)},
       {"digest"},
       {{"sessions_by_account", {"account_id"}}, {"sessions_by_expiry", {"expires_ms"}}}});
  tables.push_back(
      {"ratings",
       {ref("account_id", kBigInt, "accounts(id) ON DELETE CASCADE"), col("game", kText),
        col("rules", kText), col("size", kText), col("rating", kReal), col("deviation", kReal),
        col("volatility", kReal), col("games", kInt)},
       {"account_id", "game", "rules", "size"},
       {{"ratings_by_pool", {"game", "rules", "size", "rating DESC"}}}});
  tables.push_back({"rating_changes",
                    {ref("game_id", kText, "games(id)"), col("seat", kText), col("before", kReal),
                     col("after", kReal), col("deviation_after", kReal)},
                    {"game_id", "seat"}});
  tables.push_back({"challenges",
                    {{"id", kText, false},
                     col("creator", kBigInt),
                     col("creator_name", kText),
                     col("target", kBigInt),
                     col("target_name", kText),
                     col("game", kText),
                     col("rules", kText),
                     col("size", kText),
                     col("setup", kText),
                     col("rated", kInt),
                     col("color", kText),
                     col("creator_token", kText),
                     col("state", kText),
                     col("accepter", kBigInt, "0"),
                     col("game_id", kText, "''"),
                     col("created_ms", kBigInt),
                     // The instance it was made on (lease_storage.h).
                     col("instance", kText, "''")},
                    {"id"},
                    {{"challenges_open", {"created_ms"}, false, "state = 'open'"}}});
  tables.push_back({"chat_messages",
                    {{"id", ColumnType::kRowId, false},
                     col("game_id", kText),
                     col("seat", kText),
                     col("account_id", kBigInt),
                     col("name", kText),
                     col("text", kText),
                     col("sent_ms", kBigInt),
                     col("removed", kInt, "0")},
                    {"id"},
                    {{"chat_by_game", {"game_id", "id"}}}});
  tables.push_back(
      {"chat_spectators", {col("game_id", kText), col("seat", kText)}, {"game_id", "seat"}});
  // Each seat's consent to spectators seeing the engine's analysis (game_analysis.cpp).
  tables.push_back(
      {"analysis_spectators", {col("game_id", kText), col("seat", kText)}, {"game_id", "seat"}});
  tables.push_back(
      {"blocks",
       {ref("owner", kBigInt, "accounts(id) ON DELETE CASCADE"),
        ref("blocked", kBigInt, "accounts(id) ON DELETE CASCADE"), col("created_ms", kBigInt)},
       {"owner", "blocked"}});
  // Work that must happen once (lease_storage.h).
  tables.push_back({"leases",
                    {{"key", kText, false}, col("holder", kText), col("expires_ms", kBigInt)},
                    {"key"}});
  // Each instance's lobby streams per account (challenge_storage.h).
  tables.push_back({"lobby_streams",
                    {col("account", kBigInt), col("instance", kText), col("streams", kInt)},
                    {"account", "instance"}});
  // Which instance has a stream of which seat open (presence_storage.h): one SQLite
  // server knows its streams in memory.
  Table seat_streams{"seat_streams",
                     {col("game", kText), col("seat", kText), col("instance", kText)},
                     {"game", "seat", "instance"}};
  seat_streams.only = kPostgres;
  tables.push_back(seat_streams);
  // The failed log-ins (login_throttle.h).
  tables.push_back(
      {"login_failures",
       {col("key", kText), col("at_ms", kBigInt)},
       {},
       {{"login_failures_by_key", {"key", "at_ms"}}, {"login_failures_by_time", {"at_ms"}}}});
  // Notifications by e-mail (mail_storage.h): each account's address, the links sent by
  // mail (by their token's digest) and the claims that send each mail once.
  tables.push_back(
      {"account_emails",
       {ref("account_id", kBigInt, "accounts(id) ON DELETE CASCADE"), col("address", kText),
        col("verified_ms", kBigInt, "0"), col("notify", kInt, "1")},
       {"account_id"}});
  tables.push_back(
      {"mail_links",
       {col("digest", kText), ref("account_id", kBigInt, "accounts(id) ON DELETE CASCADE"),
        col("purpose", kText), col("address", kText), col("created_ms", kBigInt)},
       {"digest"},
       {{"mail_links_by_created", {"created_ms"}}}});
  tables.push_back({"mail_claims",
                    {col("key", kText), col("claimed_ms", kBigInt)},
                    {"key"},
                    {{"mail_claims_by_time", {"claimed_ms"}}}});
  return tables;
}

}  // namespace

const std::vector<Table>& schema_tables() {
  static const std::vector<Table> tables = make_tables();
  return tables;
}

bool in_dialect(const std::optional<SqlDialect>& only, SqlDialect dialect) {
  return !only || *only == dialect;
}

}  // namespace ordo::server
