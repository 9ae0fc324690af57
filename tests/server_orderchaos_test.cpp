// Order and Chaos through the game service: every mode, legal and illegal moves, the
// endings (a line of five for Order, the full board for Chaos), the engine, reading a game
// back from storage, records, analysis, and what the game does not have (draws, other
// sizes).
#include <gtest/gtest.h>

#include <atomic>
#include <memory>

#include "server/common/api_error.h"
#include "server/games/analysis.h"
#include "server/games/game_service.h"
#include "server_service_fixture.h"

namespace ordo::server {
namespace {

using nlohmann::json;

constexpr auto kWait = std::chrono::seconds(60);

// Order makes a1-e1 with X while Chaos places O's that make no line.
const std::vector<std::string> kOrderMakesFive = {"Xa1", "Oa6", "Xb1", "Oc5", "Xc1",
                                                  "Oe6", "Xd1", "Ob3", "Xe1"};
// 35 squares filled without a line; whichever symbol goes to a1, none appears.
constexpr const char* kOneSquareLeft = "oxooox/oxoxxx/ooooxo/xooxoo/xoxxoo/1oxoxo chaos";

class OrderChaosServiceTest : public testing::ServiceFixture {
 protected:
  OrderChaosServiceTest() { open(); }

  // The code and message of the ApiError that `action` throws (empty if none).
  template <typename Action>
  std::pair<std::string, std::string> error_of(Action&& action) {
    try {
      action();
    } catch (const ApiError& e) {
      return {e.code(), e.what()};
    }
    return {};
  }

  json create(json body) {
    body["game"] = "orderchaos";
    return service().create(body);
  }
};

TEST_F(OrderChaosServiceTest, ALocalGameHasTheGamesBoardSidesAndMoves) {
  const json created = create({{"mode", "local"}});
  const json& state = created["state"];
  EXPECT_EQ(state["game"], "orderchaos");
  EXPECT_EQ(state["rules"], "original");
  EXPECT_EQ(state["size"], "6x6");
  EXPECT_EQ(state["position"], "6/6/6/6/6/6 order");
  EXPECT_EQ(state["sides"], json({{"white", "Order"}, {"black", "Chaos"}}));
  EXPECT_EQ(state["players"], json({{"white", "Order"}, {"black", "Chaos"}}));
  EXPECT_EQ(state["legal"].size(), 72u);  // X or O on each of 36 squares
  EXPECT_EQ(state["draws"], false);
  EXPECT_EQ(state["about"]["move_style"], "placement");
  EXPECT_EQ(state["about"]["board_has_sides"], false) << "Chaos sees it as Order does";
  EXPECT_EQ(state["about"]["pieces"], json({"X", "O"}));
  EXPECT_EQ(state["about"]["sides"], state["sides"]);
  EXPECT_FALSE(state.contains("split"));
  EXPECT_FALSE(state.contains("house_rules"));

  const std::string id = created["id"], token = created["tokens"]["white"];
  json after = play(id, token, "Xc3");
  EXPECT_EQ(after["ply"], 1);
  EXPECT_EQ(after["to_move"], "black");
  EXPECT_EQ(after["moves"][0]["move"], "Xc3");
  EXPECT_EQ(after["moves"][0]["by"], "white");
  EXPECT_EQ(after["last"]["placed"], json({"c3"}));
  EXPECT_EQ(after["last"]["from"], json::array());
  EXPECT_EQ(after["legal"].size(), 70u);
  after = play(id, token, "Od4");
  EXPECT_EQ(after["moves"][1]["position"], after["position"]);
  after = service().undo(id, {{"token", token}});
  EXPECT_EQ(after["ply"], 1);
  EXPECT_EQ(after["last"]["placed"], json({"c3"}));
}

TEST_F(OrderChaosServiceTest, IllegalMovesAndMissingFeaturesSayWhyAndChangeNothing) {
  const json created = create({{"mode", "local"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  play(id, token, "Xc3");
  auto [code, message] = error_of([&] { play(id, token, "Oc3"); });
  EXPECT_EQ(code, "illegal_move");
  EXPECT_NE(message.find("c3"), std::string::npos) << message;
  std::tie(code, message) = error_of([&] { play(id, token, "Zc4"); });
  EXPECT_EQ(code, "illegal_move");
  EXPECT_NE(message.find("X or O"), std::string::npos) << message;
  std::tie(code, message) = error_of([&] { play(id, token, "c2-c3"); });
  EXPECT_EQ(code, "illegal_move");
  std::tie(code, message) = error_of([&] {
    service().draw(id, {{"token", token}, {"action", "offer"}});
  });
  EXPECT_EQ(code, "no_draws");
  EXPECT_NE(message.find("Order and Chaos has no draws"), std::string::npos) << message;
  const json state = service().state(id, token);
  EXPECT_EQ(state["ply"], 1);
  EXPECT_EQ(state["draw_offer"], nullptr);

  EXPECT_EQ(error_of([&] { create({{"mode", "local"}, {"rules", "x"}}); }).first, "bad_request");
  EXPECT_EQ(error_of([&] { create({{"mode", "local"}, {"size", "8x8"}}); }).first, "bad_request");
  EXPECT_EQ(error_of([&] {
              create({{"mode", "local"}, {"position", "7/6 order"}});
            }).first,
            "bad_request");
  EXPECT_EQ(error_of([&] {
              service().create({{"mode", "local"}, {"game", "chess"}});
            }).first,
            "bad_request");
  EXPECT_EQ(service().game_count(), 1u);
}

TEST_F(OrderChaosServiceTest, FiveInARowWinsForOrderAndTheLineIsShown) {
  const json created = create({{"mode", "local"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  json state;
  for (const std::string& move : kOrderMakesFive) state = play(id, token, move);
  EXPECT_EQ(state["result"]["score"], "1-0");
  EXPECT_EQ(state["result"]["winner"], "white");
  EXPECT_NE(state["result"]["reason"].get<std::string>().find("five in a row"), std::string::npos);
  EXPECT_EQ(state["line"], json({"a1", "b1", "c1", "d1", "e1"}));
  EXPECT_TRUE(state["legal"].empty());
  EXPECT_EQ(error_of([&] { play(id, token, "Xf1"); }).first, "game_over");

  open();  // read back from storage
  const json reread = service().state(id, token);
  EXPECT_EQ(reread["result"], state["result"]);
  EXPECT_EQ(reread["line"], state["line"]);
  const json listed = service().list({.ids = {id}});
  EXPECT_EQ(listed["games"][0]["game"], "orderchaos");
  EXPECT_EQ(listed["games"][0]["reason"], state["result"]["reason"]);
}

TEST_F(OrderChaosServiceTest, SixInARowWinsOnlyInTheOriginalRules) {
  // X on a1 b1 c1 d1 f1, then e1 makes six.
  const std::vector<std::string> moves = {"Xa1", "Oa6", "Xb1", "Oc5", "Xc1", "Oe6",
                                          "Xd1", "Ob3", "Xf1", "Od5", "Xe1"};
  for (const std::string rules : {"original", "exact-five"}) {
    const json created = create({{"mode", "local"}, {"rules", rules}});
    const std::string id = created["id"], token = created["tokens"]["white"];
    json state;
    for (const std::string& move : moves) state = play(id, token, move);
    if (rules == "original") {
      EXPECT_EQ(state["result"]["winner"], "white");
      EXPECT_EQ(state["line"], json({"a1", "b1", "c1", "d1", "e1", "f1"}));
    } else {
      EXPECT_EQ(state["result"]["score"], "*");
      EXPECT_EQ(state["line"], json::array());
    }
  }
}

TEST_F(OrderChaosServiceTest, AFullBoardWithoutALineWinsForChaos) {
  const json created = create({{"mode", "network"}, {"position", kOneSquareLeft}});
  const std::string id = created["id"], chaos = created["tokens"]["black"];
  EXPECT_EQ(created["state"]["to_move"], "black");
  EXPECT_EQ(error_of([&] { play(id, created["tokens"]["white"], "Xa1"); }).first, "not_your_turn");
  const json state = play(id, chaos, "Oa1");
  EXPECT_EQ(state["result"]["score"], "0-1");
  EXPECT_EQ(state["result"]["winner"], "black");
  EXPECT_NE(state["result"]["reason"].get<std::string>().find("board is full"), std::string::npos);
  EXPECT_EQ(state["line"], json::array());
}

TEST_F(OrderChaosServiceTest, NetworkSeatsSpectatorsAndResignation) {
  const json created = create({{"mode", "network"}, {"players", {{"black", "Bea"}}}});
  const std::string id = created["id"];
  const std::string order = created["tokens"]["white"], chaos = created["tokens"]["black"];
  EXPECT_NE(order, chaos);
  EXPECT_EQ(created["links"]["spectator"], "/play/" + id);
  EXPECT_EQ(created["state"]["players"]["black"], "Bea");
  EXPECT_EQ(error_of([&] { play(id, chaos, "Xc3"); }).first, "not_your_turn");
  play(id, order, "Xc3");
  EXPECT_EQ(service().state(id, "")["you"], json::array());
  EXPECT_EQ(error_of([&] { service().undo(id, {{"token", order}}); }).first, "not_allowed");
  play(id, chaos, "Od4");  // each side has moved: a resignation, not an abort
  const json state = service().resign(id, {{"token", chaos}});
  EXPECT_EQ(state["result"]["winner"], "white");
  EXPECT_NE(state["result"]["reason"].get<std::string>().find("resign"), std::string::npos);
  open();
  EXPECT_EQ(service().state(id, "")["result"], state["result"]);
}

TEST_F(OrderChaosServiceTest, TheEngineAnswersAtEveryLevelAndOpensAsOrder) {
  for (int level : {1, 10}) {
    const json created = create({{"mode", "ai"}, {"ai", {{"level", level}, {"color", "black"}}}});
    const std::string id = created["id"], token = created["tokens"]["white"];
    EXPECT_EQ(created["state"]["players"]["black"], "Engine (level " + std::to_string(level) + ")");
    play(id, token, "Xc3");
    ASSERT_TRUE(service().wait_until_idle(kWait));
    const json state = service().state(id, token);
    ASSERT_EQ(state["ply"], 2);
    EXPECT_EQ(state["moves"][1]["by"], "black");
    EXPECT_EQ(state["ai"]["thinking"], false);
    EXPECT_EQ(service().undo(id, {{"token", token}})["ply"], 0);
  }
  const json created = create({{"mode", "ai"}, {"ai", {{"color", "white"}}}});
  ASSERT_TRUE(service().wait_until_idle(kWait));
  const json state = service().state(created["id"], created["tokens"]["black"]);
  EXPECT_EQ(state["ply"], 1);
  EXPECT_EQ(state["moves"][0]["by"], "white");
}

TEST_F(OrderChaosServiceTest, RecordsExportAndImportAsOrderAndChaos) {
  const json created =
      create({{"mode", "local"}, {"rules", "exact-five"}, {"players", {{"white", "Ada"}}}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  for (const std::string& move : kOrderMakesFive) play(id, token, move);
  const std::string record = service().record(id);
  EXPECT_NE(record.find("[Game \"Order and Chaos\"]"), std::string::npos) << record;
  EXPECT_NE(record.find("[Rules \"exact-five\"]"), std::string::npos) << record;
  EXPECT_NE(record.find("[Order \"Ada\"]"), std::string::npos) << record;
  EXPECT_NE(record.find("Xe1"), std::string::npos) << record;

  const json imported = service().import_record({{"record", record}});
  const json& state = imported["state"];
  EXPECT_EQ(state["game"], "orderchaos");
  EXPECT_EQ(state["rules"], "exact-five");
  EXPECT_EQ(state["players"]["white"], "Ada");
  EXPECT_EQ(state["ply"], 9);
  EXPECT_EQ(state["result"]["winner"], "white");
  EXPECT_EQ(state["position"], service().state(id, "")["position"]);

  const std::string bad = "[Game \"Order and Chaos\"]\n\n1. Xa1 Xa1 *\n";
  const auto [code, message] = error_of([&] { service().import_record({{"record", bad}}); });
  EXPECT_EQ(code, "bad_record");
  EXPECT_NE(message.find("a1"), std::string::npos) << message;
  EXPECT_EQ(service().game_count(), 2u);
}

// Order to move can win at once by completing a1-e1 (four X's stand on a1-d1).
TEST_F(OrderChaosServiceTest, AGamesPositionIsAnalysedByTheGamesOwnEngine) {
  const json created = create({{"mode", "local"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  json state;
  for (std::size_t i = 0; i + 1 < kOrderMakesFive.size(); ++i)
    state = play(id, token, kOrderMakesFive[i]);
  const json request = service().analysis_request(id, {{"token", token}, {"movetime_ms", 50}});
  EXPECT_EQ(request["game"], "orderchaos");
  EXPECT_EQ(request["position"], state["position"]);
  Analyzer analyzer;
  const json answer = analyzer.analyze(request);
  EXPECT_EQ(answer["mate"], 1) << answer.dump();
  ASSERT_FALSE(answer["pv"].empty());
  EXPECT_EQ(answer["pv"][0], "Xe1");  // the only move that makes a line
  EXPECT_GT(answer["nodes"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(answer["to_move"], "white");  // Order's turn
}

TEST_F(OrderChaosServiceTest, TheFreeAnalysisTakesOrderAndChaosPositionsAndMoves) {
  Analyzer analyzer;
  const json answer = analyzer.analyze(
      {{"game", "orderchaos"}, {"moves", {"Xa1", "Oa6", "Xb1", "Oc5"}}, {"movetime_ms", 50}});
  EXPECT_GE(answer["depth"].get<int>(), 1) << answer.dump();
  ASSERT_FALSE(answer["pv"].empty());
  // The line is one of Order's placements in the position after the four moves.
  const std::string first = answer["pv"][0];
  EXPECT_TRUE(first[0] == 'X' || first[0] == 'O') << first;
  try {
    analyzer.analyze({{"game", "orderchaos"}, {"moves", {"Xa1", "Oa1"}}});
    ADD_FAILURE() << "a taken square must be refused";
  } catch (const ApiError& e) {
    EXPECT_EQ(e.status(), 422);
    EXPECT_NE(std::string(e.what()).find("a1"), std::string::npos) << e.what();
  }
  try {
    analyzer.analyze({{"game", "orderchaos"}, {"rules", "classic"}});
    ADD_FAILURE() << "Ordo's rules are no rules of Order and Chaos";
  } catch (const ApiError& e) {
    EXPECT_EQ(e.status(), 400);
    EXPECT_NE(std::string(e.what()).find("original or exact-five"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ordo::server
