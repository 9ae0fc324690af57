// `ordo-engine verify-dice` (docs/api.md, "Dice players can check") on a game the server
// played: the state JSON and the record of a finished game check out, and a roll, a seed
// or a commitment changed afterwards is caught (exit 1, naming what is wrong).
#include <gtest/gtest.h>

#include "server_service_fixture.h"
#include "support/cli_run.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using ordo::testing::run_cli_capturing;

class VerifyDiceCli : public testing::ServiceFixture {
 protected:
  VerifyDiceCli() { open(); }

  // A finished Mughrabieh game: a few turns, then White resigns.
  std::pair<std::string, json> finished_game() {
    const json created = service().create({{"mode", "local"}, {"game", "mughrabieh"}});
    const std::string id = created["id"], token = created["tokens"]["white"];
    json state = created["state"];
    for (int turn = 0; turn < 8; ++turn) state = play(id, token, state["legal"][0]);
    return {id, service().resign(id, {{"token", token}})};
  }
};

TEST_F(VerifyDiceCli, AFinishedGamesStateAndRecordCheckOut) {
  const auto [id, state] = finished_game();
  const auto by_state = run_cli_capturing({"verify-dice", "-"}, state.dump());
  EXPECT_EQ(by_state.code, 0) << by_state.out << by_state.err;
  EXPECT_NE(by_state.out.find("OK"), std::string::npos) << by_state.out;
  const auto by_record = run_cli_capturing({"verify-dice", "-"}, service().record(id));
  EXPECT_EQ(by_record.code, 0) << by_record.out << by_record.err;
  EXPECT_EQ(by_record.out, by_state.out);
}

TEST_F(VerifyDiceCli, ATamperedRollSeedOrCommitmentIsCaught) {
  const auto [id, state] = finished_game();
  json roll = state;
  const std::string real = roll["moves"][0]["move"];
  roll["moves"][0]["move"] = real == "11" ? "22" : "11";
  const auto tampered = run_cli_capturing({"verify-dice", "-"}, roll.dump());
  EXPECT_EQ(tampered.code, 1);
  EXPECT_NE(tampered.out.find("FAILED: the roll at step 0"), std::string::npos) << tampered.out;

  std::string seed = state["dice"]["seed"];
  seed[5] = seed[5] == 'a' ? 'b' : 'a';
  const auto other_seed =
      run_cli_capturing({"verify-dice", "-", "--seed", seed}, service().record(id));
  EXPECT_EQ(other_seed.code, 1);
  EXPECT_NE(other_seed.out.find("commitment"), std::string::npos) << other_seed.out;

  const auto other_commitment =
      run_cli_capturing({"verify-dice", "-", "--commitment", std::string(64, '0')}, state.dump());
  EXPECT_EQ(other_commitment.code, 1);
  EXPECT_NE(other_commitment.out.find("commitment"), std::string::npos) << other_commitment.out;
}

TEST_F(VerifyDiceCli, AGameGoingOnHasNoSeedToCheckYet) {
  const json created = service().create({{"mode", "local"}, {"game", "mughrabieh"}});
  const auto run = run_cli_capturing({"verify-dice", "-"}, created["state"].dump());
  EXPECT_EQ(run.code, 1);
  EXPECT_NE(run.err.find("no seed"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace ordo::server
