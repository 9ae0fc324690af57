// Which games GET /api/games lists (issue 59): the public games are those between two
// accounts, made in the lobby; a guest's game or one against the engine is listed only to
// whoever names its id (the browser that made it). And a guest's game left with no move
// for 30 days is closed unfinished, so that it stops showing as under way.

#include "account_fixture.h"
#include "server/common/api_error.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using testing::AccountFixture;

class GameList : public AccountFixture {
 protected:
  static constexpr std::int64_t kDayMs = 24LL * 60 * 60 * 1000;

  json listed(const std::string& query) {
    const HttpResponse response = send(request("GET", "/api/games" + query));
    EXPECT_EQ(response.status, 200) << response.body;
    return body_of(response)["games"];
  }
  static std::vector<std::string> ids_of(const json& games) {
    std::vector<std::string> ids;
    for (const json& game : games) ids.push_back(game["id"]);
    return ids;
  }
  json guest_game(const json& body) { return games_->create(body); }
  static std::string guest_token(const json& game) { return game["tokens"]["white"]; }
};

TEST_F(GameList, OnlyGamesBetweenAccountsArePublicAndAGuestsGameIsListedByItsId) {
  const json lobby = rated_game(account_id("Alice"), account_id("Bob"));
  const json local = guest_game({{"mode", "local"}});
  const json engine = guest_game({{"mode", "ai"}, {"ai", {{"level", 1}, {"color", "black"}}}});
  const json invited = guest_game({{"mode", "network"}});  // shared by its link only

  EXPECT_EQ(ids_of(listed("")), std::vector<std::string>{id_of(lobby)});
  EXPECT_EQ(ids_of(listed("?status=playing")), std::vector<std::string>{id_of(lobby)});
  EXPECT_TRUE(listed("?status=finished").empty());
  const json entry = listed("")[0];
  EXPECT_EQ(entry["rated"], true);
  EXPECT_EQ(entry["turns"], 0);

  play_first_legal(lobby);
  games_->resign(id_of(lobby), token(lobby, "white"));  // aborted: only White had moved
  EXPECT_TRUE(listed("?status=playing").empty());
  EXPECT_EQ(ids_of(listed("?status=finished")), std::vector<std::string>{id_of(lobby)});
  EXPECT_EQ(listed("?status=finished")[0]["turns"], 1);

  // Named ids, newest first, whatever the mode; an id nobody has is left out.
  const json named = listed("?ids=" + id_of(local) + "," + id_of(engine) + "," + id_of(invited) +
                            ",no-such-game," + id_of(local));
  std::vector<std::string> expected = {id_of(local), id_of(engine), id_of(invited)};
  std::sort(expected.begin(), expected.end(), std::greater<>());  // made in one millisecond
  EXPECT_EQ(ids_of(named), expected);
  EXPECT_EQ(send(request("GET", "/api/games?status=mine")).status, 400);
}

TEST_F(GameList, AGuestsGameLeftWithNoMoveFor30DaysIsClosedUnfinished) {
  const json local = guest_game({{"mode", "local"}});
  const json engine = guest_game({{"mode", "ai"}, {"ai", {{"level", 1}, {"color", "black"}}}});
  const json by_post = guest_game({{"mode", "network"}, {"days_per_move", 3}});
  const json lobby = rated_game(account_id("Alice"), account_id("Bob"));
  const json moved_later = guest_game({{"mode", "local"}});
  ASSERT_TRUE(games_->wait_until_idle(std::chrono::seconds(10)));

  now_ += 30 * kDayMs - 1;
  EXPECT_EQ(games_->expire_idle_guest_games(), 0);
  play_first_legal(moved_later);  // a move keeps it another 30 days
  now_ += 2 * 60 * 1000;          // past the sweep's minute, and past 30 days for the rest
  EXPECT_EQ(games_->expire_idle_guest_games(), 2);

  for (const json& game : {local, engine}) {
    const json state = games_->state(id_of(game), guest_token(game));
    EXPECT_EQ(state["result"]["score"], "aborted");
    EXPECT_NE(state["result"]["reason"].get<std::string>().find("closed unfinished"),
              std::string::npos)
        << state["result"];
    EXPECT_TRUE(state["legal"].empty());
  }
  // The correspondence game ended by its deadline (a first move never made aborts it),
  // not as idle; the lobby game stays in its players' lists.
  EXPECT_EQ(games_->state(id_of(by_post), "")["result"]["reason"].get<std::string>().find(
                "closed unfinished"),
            std::string::npos);
  EXPECT_EQ(games_->state(id_of(lobby), "")["result"]["score"], "*");
  EXPECT_EQ(games_->state(id_of(moved_later), "")["result"]["score"], "*");
  const json move = {{"token", guest_token(local)}, {"move", "c2-c3"}};
  EXPECT_THROW(games_->play(id_of(local), move), ApiError);

  open();  // a restart reads the ending back
  const json reread = games_->state(id_of(local), "");
  EXPECT_EQ(reread["result"]["score"], "aborted");
  EXPECT_NE(reread["result"]["reason"].get<std::string>().find("closed unfinished"),
            std::string::npos);
  EXPECT_EQ(listed("?ids=" + id_of(local))[0]["result"], "aborted");
}

}  // namespace
}  // namespace ordo::server
