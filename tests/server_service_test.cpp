// The game service without HTTP: modes, seats, undo, resignation, draws, clocks (with a
// fake clock), the engine's moves at a small fixed depth, and resuming from storage.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>

#include "server/common/api_error.h"
#include "server/common/random_token.h"
#include "server/games/game_service.h"
#include "server_service_fixture.h"

namespace ordo::server {
namespace {

using nlohmann::json;

constexpr auto kWait = std::chrono::seconds(60);

class ServiceTest : public testing::ServiceFixture {
 protected:
  ServiceTest() { open(); }

  // The code of the ApiError that `action` throws ("" if none).
  template <typename Action>
  std::string error_of(Action&& action) {
    try {
      action();
    } catch (const ApiError& e) {
      return e.code();
    }
    return "";
  }
};

TEST(ServerTokens, AreLongUrlSafeAndDistinct) {
  const std::string a = make_seat_token(), b = make_seat_token();
  EXPECT_EQ(a.size(), 24u);  // 144 bits in base64
  EXPECT_NE(a, b);
  EXPECT_EQ(a.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
            std::string::npos);
  EXPECT_TRUE(tokens_equal(a, a));
  EXPECT_FALSE(tokens_equal(a, b));
  EXPECT_FALSE(tokens_equal(a, a.substr(1)));
}

TEST_F(ServiceTest, LocalGameOneTokenPlaysBothSidesAndResumesAfterReopening) {
  const json created = service().create({{"mode", "local"}, {"size", "8x8"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  EXPECT_EQ(created["tokens"]["black"], token);
  EXPECT_EQ(created["state"]["you"], json::array({"white", "black"}));
  json state = created["state"];
  for (int i = 0; i < 6; ++i) {
    now_ += 700;
    state = play(id, token, state["legal"][0]);
  }
  EXPECT_EQ(state["ply"], 6);
  EXPECT_EQ(state["moves"][5]["ms"], 700);
  EXPECT_EQ(state["moves"][5]["by"], "black");

  open();  // a new service on the same database
  const json resumed = service().state(id, token);
  EXPECT_EQ(resumed["position"], state["position"]);
  EXPECT_EQ(resumed["moves"], state["moves"]);
  EXPECT_EQ(resumed["legal"], state["legal"]);
  EXPECT_EQ(service().state(id, "")["you"], json::array());
}

TEST_F(ServiceTest, RefusedRequestsSayWhyAndChangeNothing) {
  const json created = service().create({{"mode", "network"}});
  const std::string id = created["id"];
  const std::string white = created["tokens"]["white"], black = created["tokens"]["black"];
  EXPECT_NE(white, black);
  const json before = service().state(id, white);

  EXPECT_EQ(error_of([&] { service().play(id, {{"move", "c2-c3"}}); }), "bad_token");
  std::string wrong = white;  // one character off
  wrong[0] = wrong[0] == 'x' ? 'y' : 'x';
  EXPECT_EQ(error_of([&] { play(id, wrong, "c2-c3"); }), "bad_token");
  EXPECT_EQ(error_of([&] { play(id, black, "c2-c3"); }), "not_your_turn");
  EXPECT_EQ(error_of([&] { play("nosuchgame", white, "c2-c3"); }), "no_such_game");
  EXPECT_EQ(error_of([&] { play(id, white, "c2-c5"); }), "illegal_move");
  EXPECT_EQ(error_of([&] { play(id, white, "zz"); }), "illegal_move");
  EXPECT_EQ(error_of([&] {
              service().play(id, {{"token", white}, {"move", "c2-c3"}, {"ply", 3}});
            }),
            "stale");
  EXPECT_EQ(error_of([&] { service().play(id, {{"token", white}, {"move", 5}}); }), "bad_request");
  EXPECT_EQ(error_of([&] { service().undo(id, {{"token", white}}); }), "not_allowed");
  EXPECT_EQ(error_of([&] { service().create({{"mode", "solo"}}); }), "bad_request");
  EXPECT_EQ(error_of([&] {
              service().create({{"mode", "local"}, {"rules", "chess"}});
            }),
            "bad_request");
  EXPECT_EQ(error_of([&] {
              service().create({{"mode", "local"}, {"position", "8/8 w"}});
            }),
            "bad_request");
  EXPECT_EQ(service().state(id, white), before);

  try {
    play(id, white, "c2-c5");
  } catch (const ApiError& e) {
    EXPECT_EQ(e.status(), 422);
    EXPECT_NE(std::string(e.what()).find("c2-c5"), std::string::npos) << e.what();
  }
  const json after = service().play(id, {{"token", white}, {"move", "c2-c3"}, {"ply", 0}});
  EXPECT_EQ(after["ply"], 1);
  EXPECT_EQ(after["you"], json::array({"white"}));
}

TEST_F(ServiceTest, UndoInLocalTakesBackOneMove) {
  const json created = service().create({{"mode", "local"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  EXPECT_EQ(error_of([&] { service().undo(id, {{"token", token}}); }), "nothing_to_undo");
  const json one = play(id, token, "c2-c3");
  play(id, token, "c7-c6");
  const json undone = service().undo(id, {{"token", token}});
  EXPECT_EQ(undone["ply"], 1);
  EXPECT_EQ(undone["position"], one["position"]);
  open();
  EXPECT_EQ(service().state(id, token)["ply"], 1);
}

TEST_F(ServiceTest, ResignationEndsTheGameForTheTokensSeat) {
  const json created = service().create({{"mode", "network"}});
  const std::string id = created["id"], black = created["tokens"]["black"];
  play(id, created["tokens"]["white"], "c2-c3");  // before each side moved, it would abort
  play(id, black, "c7-c6");
  const json state = service().resign(id, {{"token", black}});
  EXPECT_EQ(state["result"]["score"], "1-0");
  EXPECT_EQ(state["result"]["winner"], "white");
  EXPECT_NE(state["result"]["reason"].get<std::string>().find("resigned"), std::string::npos);
  EXPECT_EQ(state["legal"], json::array());
  EXPECT_EQ(error_of([&] { play(id, created["tokens"]["white"], "c2-c3"); }), "game_over");
  open();
  EXPECT_EQ(service().state(id, "")["result"]["score"], "1-0");
}

TEST_F(ServiceTest, DrawOffersAreAnsweredByTheOtherSeat) {
  const json created = service().create({{"mode", "network"}});
  const std::string id = created["id"];
  const std::string white = created["tokens"]["white"], black = created["tokens"]["black"];
  auto draw = [&](const std::string& token, const char* action) {
    return service().draw(id, {{"token", token}, {"action", action}});
  };
  EXPECT_EQ(error_of([&] { draw(black, "accept"); }), "no_draw_offer");
  EXPECT_EQ(draw(white, "offer")["draw_offer"], "white");
  EXPECT_EQ(error_of([&] { draw(white, "accept"); }), "not_your_seat");
  EXPECT_EQ(draw(black, "decline")["draw_offer"], nullptr);
  draw(white, "offer");
  play(id, white, "c2-c3");  // a move withdraws the offer
  EXPECT_EQ(service().state(id, "")["draw_offer"], nullptr);
  play(id, black, "c7-c6");  // each side has moved: an agreed draw is a draw, not an abort
  draw(black, "offer");
  const json drawn = draw(white, "accept");
  EXPECT_EQ(drawn["result"]["score"], "1/2-1/2");
  EXPECT_EQ(drawn["result"]["winner"], nullptr);
  EXPECT_EQ(error_of([&] { draw(white, "offer"); }), "game_over");
  EXPECT_EQ(error_of([&] { draw(white, "maybe"); }), "bad_request");
}

TEST_F(ServiceTest, ClocksChargeTheMoverAddTheIncrementAndTheFlagFallsOnTheServer) {
  const json created = service().create(
      {{"mode", "local"}, {"clock", {{"initial_ms", 10000}, {"increment_ms", 1000}}}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  EXPECT_EQ(created["state"]["clock"]["running"], nullptr);  // starts with the first move
  now_ += 5000;
  json state = play(id, token, "c2-c3");  // White's first move is not timed
  EXPECT_EQ(state["clock"]["white_ms"], 11000);
  EXPECT_EQ(state["clock"]["running"], "black");
  now_ += 3000;
  state = play(id, token, "c7-c6");
  EXPECT_EQ(state["clock"]["black_ms"], 8000);
  EXPECT_EQ(state["clock"]["running"], "white");

  now_ += 10999;
  EXPECT_EQ(service().check_clocks(), 0);
  EXPECT_EQ(service().state(id, "")["clock"]["white_ms"], 1);
  now_ += 1;
  EXPECT_EQ(service().check_clocks(), 1);
  state = service().state(id, "");
  EXPECT_EQ(state["result"]["score"], "0-1");
  EXPECT_NE(state["result"]["reason"].get<std::string>().find("ran out of time"),
            std::string::npos);
  EXPECT_EQ(state["clock"]["running"], nullptr);
  EXPECT_EQ(error_of([&] { play(id, token, "d2-d3"); }), "time_ran_out");

  open();
  state = service().state(id, "");
  EXPECT_EQ(state["result"]["score"], "0-1");
  EXPECT_EQ(state["clock"]["black_ms"], 8000);
}

TEST_F(ServiceTest, AMoveAfterTheFlagFellIsRefused) {
  const json created = service().create({{"mode", "network"}, {"clock", {{"initial_ms", 2000}}}});
  const std::string id = created["id"];
  play(id, created["tokens"]["white"], "c2-c3");
  play(id, created["tokens"]["black"], "c7-c6");
  const json state = play(id, created["tokens"]["white"], "d2-d3");
  now_ += 2500;  // no timer ran: the move itself finds the fallen flag
  const std::string late = state["legal"][0];
  EXPECT_EQ(error_of([&] { play(id, created["tokens"]["black"], late); }), "time_ran_out");
  EXPECT_EQ(service().state(id, "")["result"]["winner"], "white");
}

TEST_F(ServiceTest, TheEngineAnswersAndUndoTakesBackBothMoves) {
  const json created =
      service().create({{"mode", "ai"}, {"ai", {{"level", 2}, {"color", "black"}}}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  EXPECT_FALSE(created["tokens"].contains("black"));
  EXPECT_EQ(created["state"]["players"]["black"], "Engine (level 2)");
  const json after_move = play(id, token, "c2-c3");
  EXPECT_EQ(after_move["ply"], 1);
  EXPECT_EQ(after_move["ai"]["thinking"], true);
  ASSERT_TRUE(service().wait_until_idle(kWait));
  json state = service().state(id, token);
  ASSERT_EQ(state["ply"], 2);
  EXPECT_EQ(state["moves"][1]["by"], "black");
  EXPECT_EQ(state["ai"]["thinking"], false);

  state = service().undo(id, {{"token", token}});
  EXPECT_EQ(state["ply"], 0);
  EXPECT_EQ(state["position"], created["state"]["position"]);
  open();
  EXPECT_EQ(service().state(id, token)["ply"], 0);
}

TEST_F(ServiceTest, TheEngineOpensWhenItHasWhite) {
  const json created = service().create({{"mode", "ai"}, {"ai", {{"color", "white"}}}});
  const std::string id = created["id"], token = created["tokens"]["black"];
  ASSERT_TRUE(service().wait_until_idle(kWait));
  EXPECT_EQ(service().state(id, token)["ply"], 1);
  EXPECT_EQ(error_of([&] { service().undo(id, {{"token", token}}); }), "nothing_to_undo");
  EXPECT_EQ(error_of([&] { service().move_now(id, {{"token", token}}); }), "not_thinking");
}

TEST_F(ServiceTest, MoveNowStopsALongSearch) {
  // The engine answers only when stopped: the test does not race its search.
  ServiceOptions options = base_options();
  options.ai_answers_when_stopped = true;
  service_ = std::make_unique<GameService>(*storage_, options);
  const json created = service().create({{"mode", "ai"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  play(id, token, "c2-c3");
  EXPECT_EQ(error_of([&] { play(id, token, "d2-d3"); }), "ai_thinking");
  EXPECT_EQ(service().move_now(id, {{"token", token}})["ply"], 1);
  ASSERT_TRUE(service().wait_until_idle(kWait));
  EXPECT_EQ(service().state(id, token)["ply"], 2);
}

TEST_F(ServiceTest, UndoWhileTheEngineThinksTakesBackThePlayersMove) {
  ServiceOptions options = base_options();
  options.ai_answers_when_stopped = true;
  service_ = std::make_unique<GameService>(*storage_, options);
  const json created = service().create({{"mode", "ai"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  play(id, token, "c2-c3");
  const json state = service().undo(id, {{"token", token}});
  EXPECT_EQ(state["ply"], 0);
  EXPECT_EQ(state["ai"]["thinking"], false);
  ASSERT_TRUE(service().wait_until_idle(kWait));
  EXPECT_EQ(service().state(id, token)["ply"], 0);  // the stopped search's move is dropped
}

TEST_F(ServiceTest, ImportedRecordsAreCheckedAndResumed) {
  const json created = service().create({{"mode", "local"}, {"players", {{"white", "Ada"}}}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  play(id, token, "c2-c3");
  play(id, token, "c7-c6");
  const std::string record = service().record(id);
  EXPECT_NE(record.find("[White \"Ada\"]"), std::string::npos) << record;
  const json imported = service().import_record({{"record", record}, {"mode", "network"}});
  EXPECT_EQ(imported["state"]["ply"], 2);
  EXPECT_EQ(imported["state"]["players"]["white"], "Ada");
  EXPECT_EQ(imported["state"]["position"], service().state(id, "")["position"]);
  EXPECT_EQ(error_of([&] { service().import_record({{"record", "1. c2-c9"}}); }), "bad_record");
  const json listed = service().list({.ids = {id, imported["id"].get<std::string>()}});
  ASSERT_EQ(listed["games"].size(), 2u);
  EXPECT_EQ(listed["games"][0]["turns"], 2);
}

TEST_F(ServiceTest, EventStreamsSeeEveryChange) {
  const json created = service().create({{"mode", "local"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  std::uint64_t version = 0;
  auto first = service().next_state(id, "", version, std::chrono::milliseconds(0));
  ASSERT_TRUE(first);
  EXPECT_EQ((*first)["ply"], 0);
  EXPECT_FALSE(service().next_state(id, "", version, std::chrono::milliseconds(1)));
  play(id, token, "c2-c3");
  auto second = service().next_state(id, "", version, std::chrono::milliseconds(0));
  ASSERT_TRUE(second);
  EXPECT_EQ((*second)["ply"], 1);
  service().close();
  EXPECT_FALSE(service().next_state(id, "", version, std::chrono::seconds(5)));
}

}  // namespace
}  // namespace ordo::server
