// Issue 59: every page of a signed-in player follows GET /api/account/events, which sends
// the account's games as My games lists them whenever its turn comes, a game ends or one is
// made: the badge, the notices and the browser's notifications come from it, with no
// polling. A change that leaves the list as it was sends nothing. (Across instances:
// lobby_instances_test.cpp.)
#include <atomic>

#include "account_fixture.h"
#include "server/live/event_source.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using testing::AccountFixture;
using testing::Browser;

class AccountEventsTest : public AccountFixture {
 protected:
  // The next event's my_games, or null where the event brought none (or none came).
  static json games_in(const std::optional<json>& event) {
    return event && event->contains("my_games") ? (*event)["my_games"] : json();
  }
};

TEST_F(AccountEventsTest, EachTurnThatComesAndTheEndReachTheAccountsStream) {
  const Browser alice = signed_up("Alice");
  const std::int64_t alice_id = storage_->account_by_key("alice")->id;
  const std::int64_t bob_id = account_id("Bob");
  HttpResponse page = send(from(alice, request("GET", "/api/account/events")));
  ASSERT_TRUE(page.events);
  std::atomic<int> woken{0};
  const auto listener = page.events->listen([&woken] { ++woken; });
  std::uint64_t seen = 0;
  const json at_first = games_in(page.events->next(seen));
  ASSERT_TRUE(at_first.is_object());
  EXPECT_TRUE(at_first["games"].empty());
  EXPECT_EQ(at_first["your_turn"], 0);

  const json game = rated_game(alice_id, bob_id);
  EXPECT_GE(woken.load(), 1);
  const json made = games_in(page.events->next(seen));
  ASSERT_EQ(made["games"].size(), 1u);
  EXPECT_EQ(made["games"][0]["id"], id_of(game));
  EXPECT_EQ(made["your_turn"], 1);  // she has White

  play_first_legal(game);
  EXPECT_EQ(games_in(page.events->next(seen))["your_turn"], 0);
  const int before_bob = woken.load();
  play_first_legal(game);
  EXPECT_GT(woken.load(), before_bob);
  const json her_turn = games_in(page.events->next(seen));
  EXPECT_EQ(her_turn["your_turn"], 1);
  EXPECT_EQ(her_turn["games"][0]["plies"], 2);

  // A chat message changes no game in the list: nothing is sent.
  games_->chat(id_of(game), {{"token", game["tokens"]["black"]}, {"text", "gl"}});
  EXPECT_FALSE(page.events->next(seen));

  games_->resign(id_of(game), token(game, "black"));
  const json ended = games_in(page.events->next(seen));
  EXPECT_TRUE(ended["games"].empty());
  ASSERT_EQ(ended["finished"].size(), 1u);
  EXPECT_EQ(ended["finished"][0]["outcome"], "win");
  page.events->unlisten(listener);
}

TEST_F(AccountEventsTest, AnotherAccountsGamesWakeNothing) {
  const Browser alice = signed_up("Alice");
  const std::int64_t bob_id = account_id("Bob"), carol_id = account_id("Carol");
  HttpResponse page = send(from(alice, request("GET", "/api/account/events")));
  ASSERT_TRUE(page.events);
  std::atomic<int> woken{0};
  const auto listener = page.events->listen([&woken] { ++woken; });
  std::uint64_t seen = 0;
  ASSERT_TRUE(page.events->next(seen));
  const json game = rated_game(bob_id, carol_id);
  play_first_legal(game);
  EXPECT_EQ(woken.load(), 0);
  EXPECT_FALSE(page.events->next(seen));
  page.events->unlisten(listener);
  // Unfollowed, her games' changes are not tracked: her next stream starts afresh.
  EXPECT_FALSE(games_->account_changes().followed());
}

}  // namespace
}  // namespace ordo::server
