// Takeback requests in network games and rematches (colours swapped, same settings),
// through the game service without HTTP.
#include <gtest/gtest.h>

#include "server/common/api_error.h"
#include "server/games/game_service.h"
#include "server_service_fixture.h"

namespace ordo::server {
namespace {

using nlohmann::json;

class OffersTest : public testing::ServiceFixture {
 protected:
  OffersTest() { open(); }

  template <typename Action>
  std::string error_of(Action&& action) {
    try {
      action();
    } catch (const ApiError& e) {
      return e.code();
    }
    return "";
  }
  json takeback(const std::string& id, const std::string& token, const std::string& what) {
    return service().takeback(id, {{"token", token}, {"action", what}});
  }
  json rematch(const std::string& id, const std::string& token, const std::string& what = "offer") {
    return service().rematch(id, {{"token", token}, {"action", what}});
  }
  void resign(const std::string& id, const std::string& token) {
    service().resign(id, {{"token", token}});
  }

  std::string id_, white_, black_;
  void start_network(const json& extra = json::object()) {
    json body = {{"mode", "network"}, {"size", "8x8"}};
    body.update(extra);
    const json created = service().create(body);
    id_ = created["id"];
    white_ = created["tokens"]["white"];
    black_ = created["tokens"]["black"];
  }
};

TEST_F(OffersTest, TakebackAcceptedUndoesTheAskersLastMoveAndTheReplyAfterIt) {
  start_network();
  json state = play(id_, white_, service().state(id_, white_)["legal"][0]);
  const std::string after_white = state["position"];
  state = play(id_, black_, state["legal"][0]);
  // White asks after Black's reply: both moves go.
  state = takeback(id_, white_, "offer");
  EXPECT_EQ(state["takeback_offer"], "white");
  EXPECT_EQ(error_of([&] { takeback(id_, white_, "accept"); }), "not_your_seat");
  state = takeback(id_, black_, "accept");
  EXPECT_EQ(state["ply"], 0);
  EXPECT_EQ(state["takeback_offer"], nullptr);
  // Black asks right after its own move: only that move goes.
  play(id_, white_, state["legal"][0]);
  state = play(id_, black_, service().state(id_, black_)["legal"][0]);
  takeback(id_, black_, "offer");
  state = takeback(id_, white_, "accept");
  EXPECT_EQ(state["ply"], 1);
  EXPECT_EQ(state["position"], after_white);
  EXPECT_EQ(state["to_move"], "black");
}

TEST_F(OffersTest, TakebackDeclinedOrOvertakenByAMoveChangesNothing) {
  start_network();
  json state = play(id_, white_, service().state(id_, white_)["legal"][0]);
  EXPECT_EQ(error_of([&] { takeback(id_, black_, "offer"); }), "nothing_to_undo");
  EXPECT_EQ(error_of([&] { takeback(id_, black_, "accept"); }), "no_takeback_offer");
  takeback(id_, white_, "offer");
  EXPECT_EQ(error_of([&] { takeback(id_, black_, "offer"); }), "offer_pending");
  state = takeback(id_, black_, "decline");
  EXPECT_EQ(state["takeback_offer"], nullptr);
  EXPECT_EQ(state["ply"], 1);
  // A move made meanwhile voids the request.
  takeback(id_, white_, "offer");
  state = play(id_, black_, state["legal"][0]);
  EXPECT_EQ(state["takeback_offer"], nullptr);
  EXPECT_EQ(error_of([&] { takeback(id_, black_, "accept"); }), "no_takeback_offer");
  EXPECT_EQ(service().state(id_, white_)["ply"], 2);
}

TEST_F(OffersTest, TakebackIsForNetworkGamesAndNeedsAKnownAction) {
  const json local = service().create({{"mode", "local"}});
  const std::string token = local["tokens"]["white"];
  play(local["id"], token, local["state"]["legal"][0]);
  EXPECT_EQ(error_of([&] { takeback(local["id"], token, "offer"); }), "not_allowed");
  start_network();
  EXPECT_EQ(error_of([&] { takeback(id_, white_, "please"); }), "bad_request");
  EXPECT_EQ(error_of([&] { takeback(id_, "", "offer"); }), "bad_token");
}

TEST_F(OffersTest, NetworkRematchNeedsBothPlayersAndSwapsTheSeats) {
  start_network({{"players", {{"white", "Ann"}, {"black", "Bob"}}},
                 {"clock", {{"initial_ms", 60000}, {"increment_ms", 2000}}}});
  EXPECT_EQ(error_of([&] { rematch(id_, white_); }), "not_over");
  resign(id_, black_);
  json state = rematch(id_, white_);
  EXPECT_EQ(state["rematch_offer"], "white");
  EXPECT_EQ(state["rematch"], nullptr);
  EXPECT_EQ(error_of([&] { rematch(id_, white_, "accept"); }), "not_your_seat");
  state = rematch(id_, black_, "accept");
  ASSERT_TRUE(state["rematch"].is_string());
  const std::string next = state["rematch"];
  EXPECT_NE(next, id_);
  EXPECT_EQ(service().state(id_, "")["rematch"], next);  // the other player learns it too

  const json swapped = service().state(next, white_);
  EXPECT_EQ(swapped["you"], json::array({"black"}));
  EXPECT_EQ(service().state(next, black_)["you"], json::array({"white"}));
  EXPECT_EQ(swapped["players"], json({{"white", "Bob"}, {"black", "Ann"}}));
  EXPECT_EQ(swapped["size"], "8x8");
  EXPECT_EQ(swapped["mode"], "network");
  EXPECT_EQ(swapped["clock"]["initial_ms"], 60000);
  EXPECT_EQ(swapped["clock"]["increment_ms"], 2000);
  EXPECT_EQ(swapped["ply"], 0);
  EXPECT_EQ(swapped["result"]["score"], "*");
  // The new game's White is the old Black.
  EXPECT_EQ(error_of([&] { play(next, white_, swapped["legal"][0]); }), "not_your_turn");
  EXPECT_EQ(play(next, black_, swapped["legal"][0])["ply"], 1);
}

TEST_F(OffersTest, OffersAreStoredWithTheGameAndOutliveARestart) {
  start_network();
  play(id_, white_, service().state(id_, white_)["legal"][0]);
  takeback(id_, white_, "offer");
  open();  // a restart: the same database
  EXPECT_EQ(service().state(id_, "")["takeback_offer"], "white");
  EXPECT_EQ(takeback(id_, black_, "accept")["ply"], 0);
  resign(id_, black_);
  rematch(id_, black_);
  open();
  EXPECT_EQ(service().state(id_, "")["rematch_offer"], "black");
  const json state = rematch(id_, white_, "accept");
  ASSERT_TRUE(state["rematch"].is_string());
  open();
  EXPECT_EQ(service().state(id_, "")["rematch"], state["rematch"]);
}

TEST_F(OffersTest, ADeclinedRematchCanBeOfferedAgain) {
  start_network();
  resign(id_, white_);
  rematch(id_, black_);
  json state = rematch(id_, white_, "decline");
  EXPECT_EQ(state["rematch_offer"], nullptr);
  EXPECT_EQ(state["rematch"], nullptr);
  EXPECT_EQ(error_of([&] { rematch(id_, white_, "accept"); }), "no_rematch_offer");
  rematch(id_, black_);
  state = rematch(id_, white_);  // offering back is agreeing
  EXPECT_TRUE(state["rematch"].is_string());
}

TEST_F(OffersTest, RematchAgainstTheEngineStartsAtOnceWithTheEngineOnTheOtherSide) {
  const json created = service().create(
      {{"mode", "ai"}, {"size", "8x8"}, {"ai", {{"level", 4}, {"color", "black"}}}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  resign(id, token);
  const json state = rematch(id, token);
  ASSERT_TRUE(state["rematch"].is_string());
  ASSERT_TRUE(service().wait_until_idle(std::chrono::seconds(60)));
  const json next = service().state(state["rematch"], token);
  EXPECT_EQ(next["you"], json::array({"black"}));
  EXPECT_EQ(next["ai"]["color"], "white");
  EXPECT_EQ(next["ai"]["level"], 4);
  EXPECT_EQ(next["players"]["white"], "Engine (level 4)");
  EXPECT_EQ(next["ply"], 1);  // the engine, White now, has opened
}

}  // namespace
}  // namespace ordo::server
