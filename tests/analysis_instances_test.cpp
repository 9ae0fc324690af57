// The players' consent for spectators to see the engine's analysis, with two server
// instances on one PostgreSQL database (issue 60): given through either instance, it holds
// on both, and a watcher of the other instance is told at once. Before, it was kept in
// each instance's memory: one answered 200 and the other 403 analysis_not_allowed.
// PostgreSQL only (ORDO_TEST_BACKEND=postgres, the full tier).
#include <gtest/gtest.h>

#include <chrono>

#include "server/common/api_error.h"
#include "server/games/game_service.h"
#include "support/instance_pair.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using std::chrono::seconds;

class AnalysisConsentOnTwoInstances : public testing::InstancePair<testing::ServiceInstance> {
 protected:
  void SetUp() override {
    InstancePair::SetUp();
    if (IsSkipped()) return;
    const json created = a().create({{"mode", "network"}, {"size", "8x8"}});
    id_ = created["id"];
    white_ = created["tokens"]["white"];
    black_ = created["tokens"]["black"];
  }
  GameService& a() { return a_->service; }
  GameService& b() { return b_->service; }
  // The status a spectator's analysis request gets from `instance`.
  int spectator_analysis_status(GameService& instance) {
    try {
      instance.analysis_request(id_, json::object());
      return 200;
    } catch (const ApiError& e) {
      return e.status();
    }
  }
  std::string id_, white_, black_;
};

TEST_F(AnalysisConsentOnTwoInstances, GivenThroughEitherHoldsOnBoth) {
  EXPECT_EQ(spectator_analysis_status(a()), 403);
  EXPECT_EQ(spectator_analysis_status(b()), 403);
  a().allow_spectator_analysis(id_, {{"token", white_}, {"allow", true}});
  b().allow_spectator_analysis(id_, {{"token", black_}, {"allow", true}});
  EXPECT_EQ(spectator_analysis_status(a()), 200);
  EXPECT_EQ(spectator_analysis_status(b()), 200);
  EXPECT_TRUE(a().state(id_, "")["analysis"]["allowed"]);
  EXPECT_TRUE(b().state(id_, "")["analysis"]["allowed"]);
  // Taken back through one: refused on both.
  b().allow_spectator_analysis(id_, {{"token", white_}, {"allow", false}});
  EXPECT_EQ(spectator_analysis_status(a()), 403);
  EXPECT_EQ(spectator_analysis_status(b()), 403);
}

TEST_F(AnalysisConsentOnTwoInstances, AWatcherOfTheOtherInstanceIsTold) {
  a().allow_spectator_analysis(id_, {{"token", white_}, {"allow", true}});
  const GameService::Watch watch = b().watch(id_);
  std::uint64_t version = 0;
  ASSERT_TRUE(b().next_state(watch, "", version, std::chrono::milliseconds(0)));
  a().allow_spectator_analysis(id_, {{"token", black_}, {"allow", true}});
  bool allowed = false;
  const auto deadline = std::chrono::steady_clock::now() + seconds(20);
  while (!allowed && std::chrono::steady_clock::now() < deadline) {
    const auto state = b().next_state(watch, "", version, seconds(1));
    allowed = state && (*state)["analysis"]["allowed"] == true;
  }
  EXPECT_TRUE(allowed) << "the consent never reached the other instance's stream";
}

}  // namespace
}  // namespace ordo::server
