// Issue 59: a block refuses challenges and rematches both ways. A player who blocked
// another gets no rematch from them (neither an offer nor an acceptance of an offer made
// before the block), and cannot offer one either; declining stays possible.
#include "account_fixture.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using testing::AccountFixture;
using testing::Browser;

class BlockRematchTest : public AccountFixture {
 protected:
  // A finished lobby game between Alice (white) and Bob.
  std::string finished_game(const Browser& alice, const Browser& bob) {
    const HttpResponse posted = send(
        from(alice, request("POST", "/api/challenges", {{"color", "white"}, {"rated", true}})));
    EXPECT_EQ(posted.status, 201) << posted.body;
    const std::string id = body_of(posted)["challenge"]["id"];
    const HttpResponse accepted =
        send(from(bob, request("POST", "/api/challenges/" + id + "/accept")));
    EXPECT_EQ(accepted.status, 200) << accepted.body;
    const std::string game = body_of(accepted)["game"];
    EXPECT_EQ(rematch(bob, game, "resign").status, 200);
    return game;
  }
  HttpResponse rematch(const Browser& b, const std::string& game, const std::string& action) {
    if (action == "resign")
      return send(from(b, request("POST", "/api/games/" + game + "/resign", json::object())));
    return send(from(b, request("POST", "/api/games/" + game + "/rematch", {{"action", action}})));
  }
  void block(const Browser& owner, const std::string& name) {
    ASSERT_EQ(send(from(owner, request("POST", "/api/account/blocks", {{"name", name}}))).status,
              200);
  }
};

TEST_F(BlockRematchTest, TheBlockedPlayerCannotOfferARematch) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  const std::string game = finished_game(alice, bob);
  block(alice, "Bob");
  const HttpResponse offered = rematch(bob, game, "offer");
  EXPECT_EQ(offered.status, 403) << offered.body;
  EXPECT_EQ(body_of(offered)["code"], "blocked");
  // Nor the one who blocks (both ways).
  EXPECT_EQ(rematch(alice, game, "offer").status, 403);
  EXPECT_TRUE(games_->state(game, "")["rematch_offer"].is_null());
}

TEST_F(BlockRematchTest, AnOfferMadeBeforeTheBlockCannotBeAccepted) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  const std::string game = finished_game(alice, bob);
  ASSERT_EQ(rematch(bob, game, "offer").status, 200);
  block(alice, "Bob");
  EXPECT_EQ(rematch(alice, game, "accept").status, 403);
  EXPECT_TRUE(games_->state(game, "")["rematch"].is_null());
  // Declining is still possible.
  EXPECT_EQ(rematch(alice, game, "decline").status, 200);
}

TEST_F(BlockRematchTest, ADirectChallengeIsRefusedBothWays) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  block(alice, "Bob");
  EXPECT_EQ(send(from(bob, request("POST", "/api/challenges", {{"to", "Alice"}}))).status, 403);
  EXPECT_EQ(send(from(alice, request("POST", "/api/challenges", {{"to", "Bob"}}))).status, 403);
  const HttpResponse open = send(from(alice, request("POST", "/api/challenges", json::object())));
  ASSERT_EQ(open.status, 201);
  const std::string id = body_of(open)["challenge"]["id"];
  EXPECT_EQ(send(from(bob, request("POST", "/api/challenges/" + id + "/accept"))).status, 403);
}

}  // namespace
}  // namespace ordo::server
