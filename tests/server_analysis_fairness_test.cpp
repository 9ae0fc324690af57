// Who may see the engine's analysis of a game (game_analysis.cpp): never a player of a
// live network game, spectators only while both players allow it, anyone in games
// against the engine, one-screen games and finished games.
#include <gtest/gtest.h>

#include "server/common/api_error.h"
#include "server/games/analysis.h"
#include "server/games/game_service.h"
#include "server_service_fixture.h"

namespace ordo::server {
namespace {

using nlohmann::json;

class AnalysisFairnessTest : public testing::ServiceFixture {
 protected:
  AnalysisFairnessTest() { open(); }

  // The ApiError code of asking for analysis with `token` ("" when it is allowed).
  std::string refusal(const std::string& id, const std::string& token) {
    try {
      service().analysis_request(id, {{"token", token}});
    } catch (const ApiError& e) {
      return e.code();
    }
    return "";
  }
  json allow(const std::string& id, const std::string& token, bool allow) {
    return service().allow_spectator_analysis(id, {{"token", token}, {"allow", allow}});
  }
};

TEST_F(AnalysisFairnessTest, ASeatedPlayerOfALiveNetworkGameIsRefused) {
  const json created = service().create({{"mode", "network"}, {"size", "8x8"}});
  const std::string id = created["id"];
  const std::string white = created["tokens"]["white"], black = created["tokens"]["black"];
  EXPECT_EQ(refusal(id, white), "analysis_not_allowed");
  EXPECT_EQ(refusal(id, black), "analysis_not_allowed");
  EXPECT_FALSE(service().state(id, white)["analysis"]["allowed"].get<bool>());
  // Even with both players' consent to spectators, the players themselves stay refused.
  allow(id, white, true);
  allow(id, black, true);
  EXPECT_EQ(refusal(id, white), "analysis_not_allowed");
  EXPECT_EQ(refusal(id, "not-a-token"), "bad_token");
}

TEST_F(AnalysisFairnessTest, SpectatorsNeedBothPlayersConsent) {
  const json created = service().create({{"mode", "network"}, {"size", "8x8"}});
  const std::string id = created["id"];
  const std::string white = created["tokens"]["white"], black = created["tokens"]["black"];
  EXPECT_EQ(refusal(id, ""), "analysis_not_allowed");
  allow(id, white, true);
  EXPECT_EQ(refusal(id, ""), "analysis_not_allowed");
  const json state = allow(id, black, true);
  EXPECT_EQ(state["analysis"]["spectators"], json({{"white", true}, {"black", true}}));
  EXPECT_EQ(refusal(id, ""), "");
  EXPECT_TRUE(service().state(id, "")["analysis"]["allowed"].get<bool>());
  allow(id, white, false);
  EXPECT_EQ(refusal(id, ""), "analysis_not_allowed");
}

TEST_F(AnalysisFairnessTest, FinishedNetworkGamesAndOtherModesAreOpen) {
  const json network = service().create({{"mode", "network"}, {"size", "8x8"}});
  const std::string id = network["id"], white = network["tokens"]["white"];
  service().resign(id, {{"token", white}});
  EXPECT_EQ(refusal(id, white), "");
  EXPECT_EQ(refusal(id, ""), "");

  const json local = service().create({{"mode", "local"}, {"size", "8x8"}});
  EXPECT_EQ(refusal(local["id"], local["tokens"]["white"]), "");
  const json ai = service().create(
      {{"mode", "ai"}, {"size", "8x8"}, {"ai", {{"level", 1}, {"color", "black"}}}});
  EXPECT_EQ(refusal(ai["id"], ai["tokens"]["white"]), "");
}

TEST_F(AnalysisFairnessTest, TheRequestNamesTheGamesPositionAtThePly) {
  const json created = service().create({{"mode", "local"}, {"rules", "x"}, {"size", "8x8"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  const json after = play(id, token, created["state"]["legal"][0]);
  json request = service().analysis_request(id, {{"token", token}, {"movetime_ms", 50}});
  EXPECT_EQ(request["rules"], "x");
  EXPECT_EQ(request["size"], "8x8");
  EXPECT_EQ(request["position"], after["position"]);
  EXPECT_EQ(request["movetime_ms"], 50);
  request = service().analysis_request(id, {{"token", token}, {"ply", 0}});
  EXPECT_EQ(request["position"], created["state"]["position"]);
  EXPECT_THROW(service().analysis_request(id, {{"token", token}, {"ply", 2}}), ApiError);
}

TEST_F(AnalysisFairnessTest, TheFreeAnalysisRefusesTheLivePositionOfANetworkGame) {
  const json created = service().create({{"mode", "network"}, {"size", "8x8"}, {"rules", "x"}});
  const std::string id = created["id"], white = created["tokens"]["white"];
  const json state = play(id, white, created["state"]["legal"][0]);
  EXPECT_THROW(service().refuse_live_network_position(state["position"]), ApiError);
  EXPECT_NO_THROW(service().refuse_live_network_position(created["state"]["position"]));
  // The guard sees the position the moves lead to, not only the one sent.
  std::string guarded;
  Analyzer analyzer;
  EXPECT_THROW(analyzer.analyze({{"rules", "x"},
                                 {"size", "8x8"},
                                 {"moves", json::array({state["moves"][0]["move"]})},
                                 {"movetime_ms", 1}},
                                [&](const std::string& position) {
                                  guarded = position;
                                  service().refuse_live_network_position(position);
                                }),
               ApiError);
  EXPECT_EQ(guarded, state["position"]);
  service().resign(id, {{"token", white}});
  EXPECT_NO_THROW(service().refuse_live_network_position(state["position"]));
}

TEST_F(AnalysisFairnessTest, TheSwitchIsForNetworkGamesAndNeedsABoolean) {
  const json local = service().create({{"mode", "local"}, {"size", "8x8"}});
  EXPECT_THROW(allow(local["id"], local["tokens"]["white"], true), ApiError);
  const json network = service().create({{"mode", "network"}, {"size", "8x8"}});
  EXPECT_THROW(service().allow_spectator_analysis(
                   network["id"], {{"token", network["tokens"]["white"]}, {"allow", "yes"}}),
               ApiError);
  EXPECT_THROW(allow(network["id"], "", true), ApiError);
}

}  // namespace
}  // namespace ordo::server
