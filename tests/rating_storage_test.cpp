// Ratings: a rated game's result moves both ratings exactly once, in the transaction
// that stores the result (a failed rating write leaves the result unstored; a retried or
// repeated finish changes nothing); casual games and guests move nothing; the list and
// the game's state show the changes.

#include "account_fixture.h"
#include "server/storage/sqlite/sqlite_storage.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using testing::AccountFixture;

class Ratings : public AccountFixture {
 protected:
  std::int64_t account(const std::string& name) {
    signed_up(name);
    return storage_->account_by_key(account_name_key_of(name))->id;
  }
  static std::string account_name_key_of(std::string name) {
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return name;
  }
  // A network game between the accounts, made as the lobby makes it.
  json game(std::int64_t white, std::int64_t black, bool rated) {
    AccountSeats seats;
    seats.white = white;
    seats.black = black;
    seats.rated = rated;
    return games_->create({{"mode", "network"}}, seats);
  }
  static std::string id_of(const json& game) { return game["id"].get<std::string>(); }
  // Runs SQL on a second connection to the database (as another process would).
  void sql(const std::string& text) { ASSERT_NO_THROW(database_.execute(text)); }
  json pool() {
    return body_of(
        send(request("GET", "/api/ratings?game=ordo&rules=classic&size=10x8")))["ratings"];
  }
};

TEST_F(Ratings, ARatedResultMovesBothRatingsOnceEvenWhenStoredAgain) {
  const std::int64_t alice = account("Alice"), bob = account("Bob");
  const json g = game(alice, bob, true);
  EXPECT_TRUE(g["state"]["rated"]);
  storage_->set_result(id_of(g), "1-0", "resignation", now_);
  // Stored again (a finish retried after a lost answer): nothing more moves.
  storage_->set_result(id_of(g), "1-0", "resignation", now_ + 10);
  storage_->set_result(id_of(g), "0-1", "resignation", now_ + 20);
  const json list = pool();
  ASSERT_EQ(list.size(), 2u) << list;
  // Two new players, one game (worked by hand from Glickman's steps).
  EXPECT_EQ(list[0]["account"]["name"], "Alice");
  EXPECT_NEAR(list[0]["rating"].get<double>(), 1662.31, 0.005);
  EXPECT_NEAR(list[0]["deviation"].get<double>(), 290.32, 0.005);
  EXPECT_EQ(list[0]["provisional"], true);
  EXPECT_EQ(list[0]["games"], 1);
  EXPECT_EQ(list[1]["account"]["name"], "Bob");
  EXPECT_NEAR(list[1]["rating"].get<double>(), 1337.69, 0.005);
  EXPECT_EQ(list[1]["games"], 1);
  const auto changes = storage_->rating_changes(id_of(g));
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[0].seat, "white");
  EXPECT_DOUBLE_EQ(changes[0].before, 1500);
  EXPECT_NEAR(changes[0].after, 1662.31, 0.005);
}

TEST_F(Ratings, AFailedRatingWriteLeavesTheResultUnstoredAndARetryAppliesItOnce) {
  const std::int64_t alice = account("Alice"), bob = account("Bob");
  const json g = game(alice, bob, true);
  // The rating write fails, as on a failing disk at that very statement.
  if (database_.postgres())
    sql("CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ "
        "LANGUAGE plpgsql; CREATE TRIGGER refuse_ratings BEFORE INSERT ON ratings FOR EACH ROW "
        "EXECUTE FUNCTION refuse();");
  else
    sql("CREATE TRIGGER refuse_ratings BEFORE INSERT ON ratings BEGIN "
        "SELECT RAISE(ABORT, 'refused'); END;");
  EXPECT_THROW(storage_->set_result(id_of(g), "0-1", "resignation", now_), std::runtime_error);
  EXPECT_EQ(storage_->game(id_of(g))->result, "*");
  EXPECT_TRUE(storage_->rating_changes(id_of(g)).empty());
  sql(database_.postgres() ? "DROP TRIGGER refuse_ratings ON ratings;"
                           : "DROP TRIGGER refuse_ratings;");
  // As after a restart: the storage is opened again and the finish stored again.
  open();
  storage_->set_result(id_of(g), "0-1", "resignation", now_);
  storage_->set_result(id_of(g), "0-1", "resignation", now_);
  EXPECT_EQ(storage_->game(id_of(g))->result, "0-1");
  const json list = pool();
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0]["account"]["name"], "Bob");
  EXPECT_EQ(list[0]["games"], 1);
  EXPECT_EQ(list[1]["games"], 1);
}

TEST_F(Ratings, CasualGamesAndGuestSeatsMoveNothing) {
  const std::int64_t alice = account("Alice"), bob = account("Bob");
  const json casual = game(alice, bob, false);
  const json with_guest = game(alice, 0, true);
  EXPECT_FALSE(with_guest["state"]["rated"]);
  storage_->set_result(id_of(casual), "1-0", "resignation", now_);
  storage_->set_result(id_of(with_guest), "1-0", "resignation", now_);
  EXPECT_TRUE(pool().empty());
}

TEST_F(Ratings, TheGameStateShowsEachSeatsChangeOnceOver) {
  const std::int64_t alice = account("Alice"), bob = account("Bob");
  const json g = game(alice, bob, true);
  EXPECT_TRUE(g["state"]["rating_changes"].is_null());
  EXPECT_EQ(g["state"]["accounts"]["white"], alice);
  each_side_moves(id_of(g), g["tokens"]["white"], g["tokens"]["black"]);
  const json resigned = games_->resign(id_of(g), {{"token", g["tokens"]["black"]}});
  const json state = games_->state(id_of(g), "");
  ASSERT_TRUE(state["rating_changes"].is_object()) << state;
  EXPECT_NEAR(state["rating_changes"]["white"]["change"].get<double>(), 162.31, 0.005);
  EXPECT_NEAR(state["rating_changes"]["black"]["change"].get<double>(), -162.31, 0.005);
  EXPECT_NEAR(state["rating_changes"]["black"]["after"].get<double>(), 1337.69, 0.005);
}

TEST_F(Ratings, TheListIsPerRuleSetAndSizeAndChecksItsQuery) {
  const std::int64_t alice = account("Alice"), bob = account("Bob");
  const json g = game(alice, bob, true);
  storage_->set_result(id_of(g), "1/2-1/2", "agreement", now_);
  EXPECT_EQ(pool().size(), 2u);
  EXPECT_TRUE(
      body_of(send(request("GET", "/api/ratings?game=ordo&rules=x&size=10x8")))["ratings"].empty());
  EXPECT_EQ(send(request("GET", "/api/ratings?game=ordo&rules=classic")).status, 400);
  EXPECT_EQ(send(request("GET", "/api/ratings?game=ordo&rules=classic&size=10x8&limit=0")).status,
            400);
}

TEST_F(Ratings, AVersionFourDatabaseGainsAccountsAndKeepsItsGamesCasual) {
  if (database_.postgres()) GTEST_SKIP() << "SQLite's own migrations";
  const json g = games_->create({{"mode", "network"}});
  lobby_.reset();  // before the game service it uses
  games_.reset();
  // Back to version 4, as a database of the program before accounts.
  sql("DROP TABLE rating_changes; DROP TABLE ratings; DROP TABLE sessions; "
      "DROP TABLE challenges; DROP TABLE accounts; "
      "DROP INDEX games_by_white_account; DROP INDEX games_by_black_account; "
      "DROP TABLE chat_messages; DROP TABLE chat_spectators; DROP TABLE blocks; "
      "ALTER TABLE games DROP COLUMN days_per_move; "
      "ALTER TABLE games DROP COLUMN white_account; ALTER TABLE games DROP COLUMN black_account; "
      "ALTER TABLE games DROP COLUMN rated; ALTER TABLE games DROP COLUMN rating_applied; "
      "PRAGMA user_version=4;");
  open();
  EXPECT_EQ(storage_->schema_version(), SqliteStorage::kSchemaVersion);
  const auto row = storage_->game(id_of(g));
  ASSERT_TRUE(row);
  EXPECT_EQ(row->white_account, 0);
  EXPECT_FALSE(row->rated);
  EXPECT_GT(account("Alice"), 0);
}

}  // namespace
}  // namespace ordo::server
