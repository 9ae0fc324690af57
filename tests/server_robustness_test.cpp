// The game service against bad input and failing storage: text that is not valid UTF-8
// or cut inside a character, names that would break a record, an engine move storage
// refused, and "move now" before the engine's search started. Every answer must be
// writable as JSON, and a refused request changes nothing.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "server/common/api_error.h"
#include "server/common/token_digest.h"
#include "server/common/utf8_text.h"
#include "server/games/game_service.h"
#include "server_service_fixture.h"

namespace ordo::server {
namespace {

using nlohmann::json;

constexpr auto kWait = std::chrono::seconds(60);

class ServiceRobustness : public testing::ServiceFixture {
 protected:
  ServiceRobustness() { open(); }

  // The ApiError that `action` throws; fails the test if it throws none.
  template <typename Action>
  ApiError error_of(Action&& action) {
    try {
      action();
    } catch (const ApiError& e) {
      return e;
    }
    ADD_FAILURE() << "no error";
    return ApiError(0, "", "");
  }

  // Every answer about the game can be written as JSON (the JSON library throws for a
  // string that is not valid UTF-8).
  void expect_every_answer_writable(const std::string& id) {
    EXPECT_NO_THROW(service().state(id, "").dump());
    EXPECT_NO_THROW(service().list({.ids = {id}}).dump());
    std::uint64_t version = 0;
    const auto streamed = service().next_state(id, "", version, std::chrono::milliseconds(0));
    ASSERT_TRUE(streamed);
    EXPECT_NO_THROW(streamed->dump());
    EXPECT_TRUE(is_valid_utf8(service().record(id)));
  }

  void execute_sql(const std::string& sql) { ASSERT_NO_THROW(database_.execute(sql)); }
};

TEST(Utf8Text, ChecksReplacesAndCutsByCharacter) {
  EXPECT_TRUE(is_valid_utf8("Ada \xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"));
  EXPECT_FALSE(is_valid_utf8("\xC3"));              // cut inside a character
  EXPECT_FALSE(is_valid_utf8("\xC0\xAF"));          // overlong
  EXPECT_FALSE(is_valid_utf8("\xED\xA0\x80"));      // a surrogate
  EXPECT_FALSE(is_valid_utf8("\xF4\x90\x80\x80"));  // above U+10FFFF
  EXPECT_EQ(valid_utf8("a\xC3z"), "a\xEF\xBF\xBDz");
  EXPECT_EQ(utf8_length("\xC3\xA9t\xC3\xA9"), 3u);
  EXPECT_EQ(utf8_prefix("\xC3\xA9t\xC3\xA9", 2), "\xC3\xA9t");
  EXPECT_EQ(utf8_prefix("ab", 5), "ab");
}

TEST_F(ServiceRobustness, ImportCutsALongNameBetweenCharactersNotInsideOne) {
  // 39 letters and then two-byte characters: a cut at 40 bytes fell inside one.
  const std::string name = std::string(39, 'a') + "\xC3\xA9\xC3\xA9\xC3\xA9";
  const std::string record = "[White \"" + name + "\"]\n\n1. c2-c3 *\n";
  const json imported = service().import_record({{"record", record}});
  const std::string id = imported["id"];
  const std::string cut = std::string(39, 'a').append("\xC3\xA9");
  EXPECT_EQ(imported["state"]["players"]["white"], cut);
  expect_every_answer_writable(id);
  open();  // read back from storage
  expect_every_answer_writable(id);
}

TEST_F(ServiceRobustness, AStoredNameThatIsNotUtf8IsReadSafely) {
  // PostgreSQL refuses such text on the way in; only SQLite files of old versions hold it.
  if (database_.postgres()) GTEST_SKIP() << "SQLite's stored bytes";
  const json created = service().create({{"mode", "local"}});
  const std::string id = created["id"];
  service_.reset();
  // As earlier versions could store it: a control character, and cut inside a character.
  execute_sql("UPDATE games SET white_name = CAST(X'41646109C3' AS TEXT) WHERE id = '" + id + "'");
  open();
  expect_every_answer_writable(id);
  EXPECT_EQ(service().state(id, "")["players"]["white"], "Ada \xEF\xBF\xBD");
}

TEST_F(ServiceRobustness, TextThatIsNotUtf8IsRefusedWithAValidMessage) {
  const std::size_t games_before = service().game_count();
  const ApiError mode = error_of([&] { service().create({{"mode", "ai\xC3"}}); });
  EXPECT_EQ(mode.status(), 400);
  EXPECT_TRUE(is_valid_utf8(mode.what()));
  const ApiError name = error_of([&] {
    service().create({{"mode", "local"}, {"players", {{"white", "A\xE2\x82"}}}});
  });
  EXPECT_EQ(name.status(), 400);
  const ApiError record = error_of([&] { service().import_record({{"record", "1. c2\xC3"}}); });
  EXPECT_EQ(record.status(), 400);
  EXPECT_EQ(service().game_count(), games_before);

  const json created = service().create({{"mode", "local"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  const ApiError move = error_of([&] { play(id, token, "c2\xFF"); });
  EXPECT_EQ(move.status(), 400);
  // A valid move text of several-byte characters: the message that quotes a part of it is
  // valid UTF-8 whatever the parser cut.
  const ApiError illegal = error_of([&] { play(id, token, "\xC3\xA9\xC3\xA9-\xE2\x82\xAC"); });
  EXPECT_EQ(illegal.status() / 100, 4);
  EXPECT_TRUE(is_valid_utf8(illegal.what())) << illegal.what();
  EXPECT_EQ(service().state(id, "")["ply"], 0);
}

TEST_F(ServiceRobustness, AnErrorMessageIsAlwaysValidUtf8) {
  const ApiError error(400, "bad_request", "unknown move 'c2\xC3'");
  EXPECT_STREQ(error.what(), "unknown move 'c2\xEF\xBF\xBD'");
}

TEST_F(ServiceRobustness, NamesWithControlCharactersAreRefused) {
  const std::size_t games_before = service().game_count();
  for (const std::string& bad :
       {std::string("Ada\0Lovelace", 12), std::string("Ada\nBen"), std::string("Tab\there")}) {
    const ApiError error = error_of([&] {
      service().create({{"mode", "local"}, {"players", {{"black", bad}}}});
    });
    EXPECT_EQ(error.status(), 400);
    EXPECT_NE(std::string(error.what()).find("control characters"), std::string::npos);
  }
  const ApiError long_name = error_of([&] {
    service().create({{"mode", "local"}, {"players", {{"white", std::string(41, 'x')}}}});
  });
  EXPECT_EQ(long_name.status(), 400);
  EXPECT_EQ(service().game_count(), games_before);
  // 40 characters of two bytes each are 40 characters, not 80.
  std::string accented;
  for (int i = 0; i < 40; ++i) accented += "\xC3\xA9";
  EXPECT_NO_THROW(service().create({{"mode", "local"}, {"players", {{"white", accented}}}}));
}

TEST_F(ServiceRobustness, EveryAcceptedNameSurvivesItsOwnRecordsImport) {
  const std::string name = "\"Quoted\" \\ back\xC3\xA9 [x]";
  const json created = service().create({{"mode", "local"}, {"players", {{"white", name}}}});
  const std::string id = created["id"];
  const json imported = service().import_record({{"record", service().record(id)}});
  EXPECT_EQ(imported["state"]["players"]["white"], name);
}

TEST_F(ServiceRobustness, ARecordsTagWithAControlCharacterIsCleanedOnImport) {
  const std::string record = std::string("[White \"Ada\0Lovelace\"]\n\n1. c2-c3 *\n", 35);
  const json imported = service().import_record({{"record", record}});
  EXPECT_EQ(imported["state"]["players"]["white"], "Ada Lovelace");
  const std::string id = imported["id"];
  // The export of the cleaned name imports again.
  EXPECT_NO_THROW(service().import_record({{"record", service().record(id)}}));
}

TEST_F(ServiceRobustness, AGameTheEngineCannotPlayIsRefusedBeforeAnythingIsStored) {
  const std::size_t games_before = service().game_count();
  for (const char* color : {"white", "black"}) {
    const ApiError error = error_of([&] {
      service().create({{"mode", "ai"}, {"position", "bbb/3/3/www w"}, {"ai", {{"color", color}}}});
    });
    EXPECT_EQ(error.status(), 422);
    EXPECT_EQ(error.code(), "no_engine");
  }
  EXPECT_EQ(service().game_count(), games_before);
}

TEST_F(ServiceRobustness, AMoveIsNotStoredWhenTheEngineCannotAnswerIt) {
  // As an earlier version stored it: mode ai on a board the engine has no start for.
  StoredGame row;
  row.id = "oldAiGame";
  row.mode = "ai";
  row.rules = "classic";
  row.size = "3x4";
  row.start = "bbb/3/3/www w";
  row.white_name = "You";
  row.black_name = "Engine (level 3)";
  row.white_token = token_digest("seatTokenOfWhite");
  row.ai_level = 3;
  row.ai_color = "black";
  storage_->create_game(row, {});
  const json state = service().state(row.id, "seatTokenOfWhite");
  ASSERT_FALSE(state["legal"].empty());
  const ApiError error = error_of([&] { play(row.id, "seatTokenOfWhite", state["legal"][0]); });
  EXPECT_EQ(error.code(), "no_engine");
  EXPECT_EQ(service().state(row.id, "")["ply"], 0);
  open();
  EXPECT_EQ(service().state(row.id, "")["ply"], 0) << "nothing was stored";
}

class EngineRobustness : public ServiceRobustness {
 protected:
  EngineRobustness() {
    ServiceOptions options = base_options();
    options.ai_answers_when_stopped = true;
    open(options);
  }
};

TEST_F(EngineRobustness, AnEngineMoveStorageRefusedIsStoredWhenStorageWorksAgain) {
  const json created = service().create({{"mode", "ai"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  play(id, token, "c2-c3");
  storage_->refuse_writes(true);  // as a full disk would
  service().move_now(id, {{"token", token}});
  ASSERT_TRUE(service().wait_until_idle(kWait));
  json state = service().state(id, token);
  EXPECT_EQ(state["ply"], 1);
  EXPECT_EQ(state["ai"]["thinking"], false);
  EXPECT_EQ(service().retry_owed_engine_moves(), 0);  // storage still refuses
  EXPECT_EQ(service().state(id, token)["ply"], 1);

  storage_->refuse_writes(false);
  EXPECT_EQ(service().retry_owed_engine_moves(), 1);
  state = service().state(id, token);
  EXPECT_EQ(state["ply"], 2);
  EXPECT_EQ(state["to_move"], "white");
  open();  // and it was stored
  EXPECT_EQ(service().state(id, token)["ply"], 2);
}

TEST_F(EngineRobustness, MoveNowIsAcceptedOnTheEnginesTurnBeforeItsSearchStarted) {
  const json created = service().create({{"mode", "ai"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  play(id, token, "c2-c3");
  storage_->refuse_writes(true);
  service().move_now(id, {{"token", token}});
  ASSERT_TRUE(service().wait_until_idle(kWait));
  storage_->refuse_writes(false);
  // The engine's turn, no search running: "move now" settles it.
  ASSERT_EQ(service().state(id, token)["ai"]["thinking"], false);
  EXPECT_EQ(service().move_now(id, {{"token", token}})["ply"], 2);
  // On the player's turn it is refused.
  EXPECT_EQ(error_of([&] { service().move_now(id, {{"token", token}}); }).code(), "not_thinking");
}

TEST_F(EngineRobustness, AGameLoadedOnTheEnginesTurnTakesMoveNowAtOnce) {
  const json created = service().create({{"mode", "ai"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  play(id, token, "c2-c3");
  // A restart with the engine owing its move: loading starts its search.
  ServiceOptions options = base_options();
  options.ai_answers_when_stopped = true;
  open(options);
  EXPECT_EQ(service().move_now(id, {{"token", token}})["ply"], 1);
  ASSERT_TRUE(service().wait_until_idle(kWait));
  EXPECT_EQ(service().state(id, token)["ply"], 2);
}

}  // namespace
}  // namespace ordo::server
