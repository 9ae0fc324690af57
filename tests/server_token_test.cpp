// Seat tokens at rest: storage keeps their SHA-256 only, the service accepts the tokens it
// handed out (also after a restart), and the migration digests the rows of older versions.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <fstream>
#include <iterator>

#include "server/common/api_error.h"
#include "server/common/token_digest.h"
#include "server/games/game_service.h"
#include "server/storage/sqlite/sqlite_storage.h"
#include "server_test_util.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using testing::TempDir;

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

ServiceOptions quiet_options() {
  ServiceOptions options;
  options.clock_tick_ms = 0;
  return options;
}

TEST(ServerTokenDigest, IsSha256InHex) {
  EXPECT_EQ(token_digest("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_TRUE(is_token_digest(token_digest("")));
  EXPECT_FALSE(is_token_digest("tokenW"));
  EXPECT_FALSE(is_token_digest(std::string(64, 'G')));
}

TEST(ServerTokenDigest, TheDatabaseHoldsNoTokenButTheTokensStillWork) {
  TempDir dir;
  const std::string path = dir.file("games.sqlite");
  std::string id, white, black;
  {
    SqliteStorage storage(path);
    GameService service(storage, quiet_options());
    const json created = service.create({{"mode", "network"}});
    id = created["id"];
    white = created["tokens"]["white"];
    black = created["tokens"]["black"];
    const auto row = storage.game(id);
    ASSERT_TRUE(row);
    EXPECT_EQ(row->white_token, token_digest(white));
    EXPECT_EQ(row->black_token, token_digest(black));
    const std::string bytes = file_bytes(path) + file_bytes(path + "-wal");
    EXPECT_EQ(bytes.find(white), std::string::npos);
    EXPECT_EQ(bytes.find(black), std::string::npos);
    EXPECT_NE(bytes.find(token_digest(white)), std::string::npos);  // the search does see text
  }
  SqliteStorage storage(path);
  GameService service(storage, quiet_options());
  EXPECT_EQ(service.state(id, white)["you"], json::array({"white"}));
  EXPECT_EQ(service.play(id, {{"token", white}, {"move", "c2-c3"}})["ply"], 1);
  try {
    service.play(id, {{"token", token_digest(black)}, {"move", "c7-c6"}});
    ADD_FAILURE() << "a stored digest must not work as a token";
  } catch (const ApiError& e) {
    EXPECT_EQ(e.code(), "bad_token");
  }
}

TEST(ServerTokenDigest, TheMigrationDigestsTheTokensOfOlderDatabases) {
  TempDir dir;
  const std::string path = dir.file("games.sqlite");
  const std::string white = "AAAAAAAAAAAAAAAAAAAAAAAA", black = "BBBBBBBBBBBBBBBBBBBBBBBB";
  std::string id;
  {
    SqliteStorage storage(path);
    GameService service(storage, quiet_options());
    id = service.create({{"mode", "network"}})["id"];
  }
  {
    // As version 3 stored them: the tokens themselves.
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    const std::string sql = "UPDATE games SET white_token = '" + white + "', black_token = '" +
                            black + "'; PRAGMA user_version = 3;";
    ASSERT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }
  SqliteStorage storage(path);
  EXPECT_EQ(storage.schema_version(), SqliteStorage::kSchemaVersion);
  EXPECT_EQ(storage.game(id)->white_token, token_digest(white));
  EXPECT_EQ(storage.game(id)->black_token, token_digest(black));
  GameService service(storage, quiet_options());
  EXPECT_EQ(service.state(id, black)["you"], json::array({"black"}));
  EXPECT_EQ(service.play(id, {{"token", white}, {"move", "c2-c3"}})["ply"], 1);
}

}  // namespace
}  // namespace ordo::server
