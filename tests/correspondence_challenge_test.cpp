// Issue 59, broken path 3: a correspondence challenge (days per move) stays open until it
// is taken, withdrawn or expires 14 days after it was posted; its author leaving the lobby
// and a restart leave it open, while a live challenge still goes with its author's lobby
// presence. Its author is told on the account's stream (GET /api/account/events), which
// never counts as presence in the lobby. (Across instances: lobby_instances_test.cpp.)
#include "account_fixture.h"
#include "server/live/event_source.h"
#include "server/players/lobby.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using testing::AccountFixture;
using testing::Browser;

class CorrespondenceChallengeTest : public AccountFixture {
 protected:
  std::string posted(const Browser& b, const json& body) {
    const HttpResponse response = send(from(b, request("POST", "/api/challenges", body)));
    EXPECT_EQ(response.status, 201) << response.body;
    return body_of(response)["challenge"]["id"];
  }
  HttpResponse act(const Browser& b, const std::string& id, const std::string& action) {
    return send(from(b, request("POST", "/api/challenges/" + id + "/" + action)));
  }
  std::string state_of(const std::string& id) { return storage_->challenge(id)->state; }
};

TEST_F(CorrespondenceChallengeTest, ItOutlivesItsAuthorsLobbyPageWhereALiveOneGoes) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  HttpResponse lobby_page = send(from(alice, request("GET", "/api/lobby/events")));
  HttpResponse other_page = send(from(alice, request("GET", "/api/account/events")));
  ASSERT_TRUE(lobby_page.events && other_page.events);
  const std::string days = posted(alice, {{"days_per_move", 3}, {"color", "white"}});
  const std::string live = posted(alice, {{"clock", {{"initial_ms", 300000}}}});
  lobby_page.events.reset();  // she leaves the lobby; another page of hers stays open
  EXPECT_EQ(state_of(live), "cancelled");
  EXPECT_EQ(state_of(days), "open");
  const HttpResponse taken = act(bob, days, "accept");
  ASSERT_EQ(taken.status, 200) << taken.body;
  EXPECT_EQ(body_of(taken)["color"], "black");
}

TEST_F(CorrespondenceChallengeTest, ARestartKeepsItOpen) {
  const Browser alice = signed_up("Alice");
  const std::string days = posted(alice, {{"days_per_move", 7}});
  const std::string live = posted(alice, json::object());
  open();  // the server restarts
  EXPECT_EQ(state_of(days), "open");
  EXPECT_EQ(state_of(live), "cancelled");
  EXPECT_EQ(lobby_->list(std::nullopt)["challenges"].size(), 1u);
}

TEST_F(CorrespondenceChallengeTest, ItExpiresFourteenDaysAfterItWasPosted) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  const std::string first = posted(alice, {{"days_per_move", 3}});
  const std::string second = posted(alice, {{"days_per_move", 3}});
  now_ += Lobby::kCorrespondenceOpenMs - 1;
  EXPECT_EQ(lobby_->expire_old(), 0u);
  now_ += 1;
  // Taken at the very moment it expires: refused, and closed as expired.
  const HttpResponse late = act(bob, first, "accept");
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(body_of(late)["code"], "challenge_expired");
  EXPECT_EQ(state_of(first), "expired");
  // The timer's housekeeping closes the other.
  EXPECT_EQ(lobby_->expire_old(), 1u);
  EXPECT_EQ(state_of(second), "expired");
  const json listed = body_of(send(from(alice, request("GET", "/api/challenges"))));
  EXPECT_TRUE(listed["challenges"].empty());
  ASSERT_EQ(listed["closed"].size(), 2u);
  EXPECT_EQ(listed["closed"][0]["state"], "expired");
}

TEST_F(CorrespondenceChallengeTest, ItsAuthorIsToldOnTheAccountStream) {
  const Browser alice = signed_up("Alice"), bob = signed_up("Bob");
  HttpResponse page = send(from(alice, request("GET", "/api/account/events")));
  ASSERT_TRUE(page.events);
  std::uint64_t seen = 0;
  const auto first = page.events->next(seen);
  ASSERT_TRUE(first);
  EXPECT_TRUE((*first)["challenges"].empty());
  const std::string id = posted(alice, {{"days_per_move", 3}});
  // Only her own closed challenges reach it, not the open list.
  EXPECT_FALSE(page.events->next(seen));
  const std::string game = body_of(act(bob, id, "accept"))["game"];
  const auto told = page.events->next(seen);
  ASSERT_TRUE(told);
  ASSERT_EQ((*told)["closed"].size(), 1u);
  EXPECT_EQ((*told)["closed"][0]["state"], "accepted");
  EXPECT_EQ((*told)["closed"][0]["game_id"], game);
  EXPECT_TRUE((*told)["put"].empty());
  // And the game is hers on any device, in My games.
  const json mine = body_of(send(from(alice, request("GET", "/api/my/games"))));
  ASSERT_EQ(mine["games"].size(), 1u);
  EXPECT_EQ(mine["games"][0]["id"], game);
  // The stream is for accounts only.
  EXPECT_EQ(send(request("GET", "/api/account/events")).status, 401);
}

}  // namespace
}  // namespace ordo::server
