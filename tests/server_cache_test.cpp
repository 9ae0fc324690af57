// Games leave memory and come back: the cache on its own (one load however many ask,
// its bound), and the game service with a fake clock (a dropped game comes back exactly,
// a running clock still falls, concurrent requests, draw offers across a restart, what
// start-up loads).
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <thread>

#include "server/common/api_error.h"
#include "server/games/game_cache.h"
#include "server/games/game_service.h"
#include "server/games/game_setup.h"
#include "server_service_fixture.h"

namespace ordo::server {
namespace {

using nlohmann::json;

// Waits (yielding) until `done` holds; false if it does not within a minute, which only
// a broken cache causes.
template <class Condition>
bool wait_until(Condition done) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::yield();
  }
  return true;
}

std::shared_ptr<Match> sample_match(const std::string& id) {
  StoredGame row;
  row.id = id;
  row.rules = "classic";
  row.start = games::make_game({"ordo", {{"size", "8x8"}}})->start_position();
  return std::make_shared<Match>(row, games::make_game(spec_of(row)));
}

TEST(ServerGameCache, ConcurrentRequestsForAGameNotInMemoryShareOneLoad) {
  std::atomic<std::int64_t> now{0};
  GameCache cache({4, 1000}, [&] { return now.load(); });
  constexpr int kThreads = 8;
  std::atomic<int> loads{0};
  const GameCache::Loader slow_load = [&](const std::string& id) {
    ++loads;
    // The load ends only when every other thread has joined it.
    EXPECT_TRUE(wait_until([&] { return cache.waiting_for_load(id) == kThreads - 1; }));
    return sample_match(id);
  };
  std::vector<std::shared_ptr<Match>> got(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] { got[t] = cache.get("g1", slow_load); });
  for (auto& t : threads) t.join();
  EXPECT_EQ(loads.load(), 1);
  for (const auto& match : got) EXPECT_EQ(match.get(), got[0].get());
  EXPECT_EQ(cache.size(), 1u);
}

TEST(ServerGameCache, AFailedLoadReachesEveryWaiterAndKeepsNothing) {
  GameCache cache({4, 1000}, [] { return std::int64_t{0}; });
  constexpr int kThreads = 4;
  std::atomic<int> loads{0};
  const GameCache::Loader missing = [&](const std::string& id) -> std::shared_ptr<Match> {
    ++loads;
    EXPECT_TRUE(wait_until([&] { return cache.waiting_for_load(id) == kThreads - 1; }));
    throw ApiError(404, "no_such_game", "none");
  };
  std::atomic<int> refused{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&] {
      try {
        cache.get("nope", missing);
      } catch (const ApiError& e) {
        if (e.code() == "no_such_game") ++refused;
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(loads.load(), 1) << "the waiters share the one failed load";
  EXPECT_EQ(refused.load(), kThreads);
  EXPECT_EQ(cache.size(), 0u);
  EXPECT_EQ(cache.get("nope", [](const std::string& id) { return sample_match(id); })->row.id,
            "nope");
}

TEST(ServerGameCache, KeepsAtMostItsBoundLeastRecentlyUsedFirstOut) {
  std::atomic<std::int64_t> now{0};
  GameCache cache({3, 1'000'000}, [&] { return now.load(); });
  int loads = 0;
  const GameCache::Loader load = [&](const std::string& id) {
    ++loads;
    return sample_match(id);
  };
  for (const char* id : {"a", "b", "c"}) cache.get(id, load);
  ++now;
  cache.get("a", load);  // a is now the most recently used
  cache.get("d", load);  // b goes
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_NE(cache.find_resident("a"), nullptr);
  EXPECT_EQ(cache.find_resident("b"), nullptr);
  // A game someone holds is pinned: it stays even beyond the bound.
  auto held = cache.get("e", load);
  auto held_too = cache.get("f", load);
  auto held_three = cache.get("g", load);
  auto held_four = cache.get("h", load);
  EXPECT_EQ(cache.size(), 4u);  // all four are in use
  held.reset();
  held_too.reset();
  held_three.reset();
  held_four.reset();
  cache.get("a", load);
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(loads, 9);
}

TEST(ServerGameCache, DropsIdleAndFinishedGamesButNotThoseInUse) {
  std::atomic<std::int64_t> now{0};
  GameCache cache({10, 1000}, [&] { return now.load(); });
  const GameCache::Loader load = [](const std::string& id) { return sample_match(id); };
  cache.get("idle", load);
  auto in_use = cache.get("used", load);
  cache.get("over", load)->game->end(games::Ending::Agreement, std::nullopt);
  cache.get("thinking", load)->ai_thinking = true;
  EXPECT_EQ(cache.drop_idle(), 1u);  // only the finished game, at once
  EXPECT_EQ(cache.find_resident("over"), nullptr);
  now += 999;
  EXPECT_EQ(cache.drop_idle(), 0u);
  now += 1;
  EXPECT_EQ(cache.drop_idle(), 1u);  // idle for 1000 ms
  EXPECT_EQ(cache.find_resident("idle"), nullptr);
  EXPECT_NE(cache.find_resident("used"), nullptr);
  EXPECT_NE(cache.find_resident("thinking"), nullptr);
}

// The shared service set-up with small cache limits.
class CacheServiceTest : public testing::ServiceFixture {
 protected:
  CacheServiceTest() { open(); }

  void open(int ai_depth = 1) {
    ServiceOptions options = base_options();
    options.fixed_ai_depth = ai_depth;
    options.cache.max_games = 4;
    options.cache.idle_ms = 1000;
    ServiceFixture::open(options);
  }
  // Drops every unused game: each is idle once the fake clock moves past idle_ms.
  void drop_all_idle() {
    now_ += 1000;
    service().drop_idle_games();
  }
};

TEST_F(CacheServiceTest, AGameDroppedFromMemoryComesBackExactly) {
  const json created =
      service().create({{"mode", "network"},
                        {"players", {{"white", "Ada"}, {"black", "Ben"}}},
                        {"clock", {{"initial_ms", 600000}, {"increment_ms", 2000}}}});
  const std::string id = created["id"];
  const std::string white = created["tokens"]["white"], black = created["tokens"]["black"];
  json state = created["state"];
  for (int i = 0; i < 7; ++i) {
    now_ += 1300 + 100 * i;
    state = play(id, i % 2 == 0 ? white : black, state["legal"][i % 3]);
  }
  service().draw(id, {{"token", white}, {"action", "offer"}});
  now_ += 900;  // Black thinks
  const json before = service().state(id, white);
  ASSERT_EQ(before["draw_offer"], "white");
  ASSERT_EQ(before["clock"]["running"], "black");

  EXPECT_EQ(service().resident_count(), 1u);
  now_ += 1000;
  EXPECT_EQ(service().drop_idle_games(), 1u);
  EXPECT_EQ(service().resident_count(), 0u);
  now_ -= 1000;  // the fake clock may go back: the same instant as `before`
  // Moves, clocks, seats, offer, all of it, but how long the other player has been away:
  // presence is this instance's memory, so a game read back counts an absence from then
  // (only a game nobody watches leaves memory, so nobody saw a count that starts again).
  json reread = service().state(id, white);
  EXPECT_EQ(reread["claim_win_in_ms"], 30'000);
  EXPECT_EQ(before["claim_win_in_ms"], 30'000 - 12'100);
  reread.erase("claim_win_in_ms");
  json expected = before;
  expected.erase("claim_win_in_ms");
  EXPECT_EQ(reread, expected);
  EXPECT_EQ(service().state(id, black)["you"], json::array({"black"}));
  EXPECT_EQ(service().resident_count(), 1u);

  // Time kept running while it was out of memory.
  drop_all_idle();
  now_ += 5000;
  const json later = service().state(id, "");
  EXPECT_EQ(later["clock"]["black_ms"], before["clock"]["black_ms"].get<std::int64_t>() - 6000);
  EXPECT_EQ(later["clock"]["white_ms"], before["clock"]["white_ms"]);

  // A finished game leaves at once and comes back with its result.
  const json resigned = service().resign(id, {{"token", white}});
  EXPECT_EQ(service().drop_idle_games(), 1u);
  EXPECT_EQ(service().state(id, white), resigned);
  EXPECT_EQ(service().record(id).find("0-1") != std::string::npos, true);
}

TEST_F(CacheServiceTest, AWatchedGameStaysInMemoryAndItsStreamSeesTheChanges) {
  const json created = service().create({{"mode", "local"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  {
    const GameService::Watch watch = service().watch(id);
    std::uint64_t version = 0;
    ASSERT_TRUE(service().next_state(watch, "", version, std::chrono::milliseconds(0)));
    drop_all_idle();
    EXPECT_EQ(service().resident_count(), 1u);
    play(id, token, "c2-c3");  // reaches the same game the stream watches
    const auto next = service().next_state(watch, "", version, std::chrono::milliseconds(0));
    ASSERT_TRUE(next);
    EXPECT_EQ((*next)["ply"], 1);
  }
  drop_all_idle();
  EXPECT_EQ(service().resident_count(), 0u);
  EXPECT_THROW(service().watch("nosuchgame"), ApiError);
}

TEST_F(CacheServiceTest, ARunningClockFallsWhileItsGameIsOutOfMemory) {
  const json created = service().create({{"mode", "network"}, {"clock", {{"initial_ms", 10000}}}});
  const std::string id = created["id"];
  play(id, created["tokens"]["white"], "c2-c3");
  play(id, created["tokens"]["black"], "c7-c6");  // a flag before it would abort the game
  play(id, created["tokens"]["white"], "d2-d3");  // Black's clock runs from here
  drop_all_idle();
  ASSERT_EQ(service().resident_count(), 0u);
  now_ += 8999;  // 1000 of them passed in drop_all_idle
  EXPECT_EQ(service().check_clocks(), 0);
  EXPECT_EQ(service().resident_count(), 0u);  // nothing fell: nothing loaded
  now_ += 1;
  EXPECT_EQ(service().check_clocks(), 1);
  EXPECT_EQ(service().check_clocks(), 0);  // ended once
  const json state = service().state(id, "");
  EXPECT_EQ(state["result"]["winner"], "white");
  EXPECT_NE(state["result"]["reason"].get<std::string>().find("ran out of time"),
            std::string::npos);
  EXPECT_EQ(state["clock"]["black_ms"], 0);
  open();
  EXPECT_EQ(service().state(id, "")["result"]["winner"], "white");
}

TEST_F(CacheServiceTest, AFallenFlagOfAnUnreadableGameIsReportedOnceNotOnEveryTick) {
  const json created = service().create({{"mode", "network"}, {"clock", {{"initial_ms", 5000}}}});
  const std::string id = created["id"];
  play(id, created["tokens"]["white"], "c2-c3");
  drop_all_idle();
  database_.execute("UPDATE games SET start = 'no position'");
  now_ += 10000;
  EXPECT_EQ(storage_->games_flagged_at(now_), std::vector<std::string>{id});
  EXPECT_EQ(service().check_clocks(), 0);
  EXPECT_TRUE(storage_->games_flagged_at(now_).empty());
  EXPECT_EQ(service().resident_count(), 0u);
}

TEST_F(CacheServiceTest, AfterARestartTheTurnStartsAgainAndTheFlagStillFalls) {
  // On a database other instances share, clocks run on while one restarts
  // (docs/deployment.md).
  if (database_.postgres()) GTEST_SKIP() << "one server's restart on SQLite";
  const json created = service().create({{"mode", "network"}, {"clock", {{"initial_ms", 10000}}}});
  const std::string id = created["id"];
  play(id, created["tokens"]["white"], "c2-c3");
  now_ += 4000;
  service_.reset();
  now_ += 60000;  // the server is down for a minute
  open();
  // As before games could leave memory: the interrupted turn starts again, down time and
  // all charged to nobody.
  EXPECT_EQ(service().state(id, "")["clock"]["black_ms"], 10000);
  drop_all_idle();
  now_ += 8999;
  EXPECT_EQ(service().check_clocks(), 0);
  now_ += 1;
  EXPECT_EQ(service().check_clocks(), 1);
}

TEST_F(CacheServiceTest, ConcurrentMovesOnAGameOutOfMemoryAreTakenOnce) {
  const json created = service().create({{"mode", "local"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  const json legal = created["state"]["legal"];
  for (int round = 0; round < 5; ++round) {
    drop_all_idle();
    ASSERT_EQ(service().resident_count(), 0u);
    const json state = service().state(id, token);
    drop_all_idle();
    // Every thread plays a legal move at the same ply: exactly one may be taken.
    std::atomic<int> taken{0}, stale{0}, other{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 6; ++t)
      threads.emplace_back([&, t] {
        try {
          service().play(id, {{"token", token},
                              {"move", state["legal"][t % state["legal"].size()]},
                              {"ply", state["ply"]}});
          ++taken;
        } catch (const ApiError& e) {
          (e.code() == "stale" ? stale : other)++;
        } catch (...) {
          ++other;
        }
      });
    for (auto& t : threads) t.join();
    EXPECT_EQ(taken.load(), 1);
    EXPECT_EQ(stale.load(), 5);
    EXPECT_EQ(other.load(), 0);
  }
  EXPECT_EQ(service().state(id, token)["ply"], 5);
  EXPECT_EQ(storage_->moves_of(id).size(), 5u);
}

TEST_F(CacheServiceTest, DroppingWhileRequestsRunLosesNothing) {
  const json created = service().create({{"mode", "local"}, {"size", "8x8"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  std::atomic<bool> stop{false};
  std::thread dropper([&] {
    while (!stop.load()) {
      now_ += 1000;  // every game is idle at each sweep
      service().drop_idle_games();
    }
  });
  json state = created["state"];
  int played = 0;
  for (; played < 40 && !state["legal"].empty(); ++played) {
    state = service().play(id, {{"token", token}, {"move", state["legal"][0]}, {"ply", played}});
    ASSERT_EQ(service().state(id, token)["ply"], played + 1);
  }
  stop = true;
  dropper.join();
  EXPECT_EQ(storage_->moves_of(id).size(), static_cast<std::size_t>(played));
  EXPECT_EQ(service().state(id, token)["position"], state["position"]);
}

TEST_F(CacheServiceTest, TheCacheNeverHoldsMoreThanItsBound) {
  std::vector<std::pair<std::string, std::string>> games;
  for (int i = 0; i < 12; ++i) {
    const json created = service().create({{"mode", "local"}});
    games.emplace_back(created["id"], created["tokens"]["white"]);
    EXPECT_LE(service().resident_count(), 4u);
    for (int k = 0; k <= i; k += 3) {
      const auto& [id, token] = games[(i * 7 + k) % games.size()];
      const json state = service().state(id, token);
      if (state["ply"] == 0) play(id, token, state["legal"][0]);
      EXPECT_LE(service().resident_count(), 4u);
    }
  }
  EXPECT_EQ(service().game_count(), 12u);
  GameService::ListQuery all_twelve;
  for (const auto& game : games) all_twelve.ids.push_back(game.first);
  EXPECT_EQ(service().list(all_twelve)["games"].size(), 12u);  // the list is read from storage
  for (const auto& [id, token] : games) EXPECT_EQ(service().state(id, token)["you"].size(), 2u);
  EXPECT_LE(service().resident_count(), 4u);
}

TEST_F(CacheServiceTest, APendingDrawOfferSurvivesARestart) {
  const json created = service().create({{"mode", "network"}});
  const std::string id = created["id"];
  const std::string white = created["tokens"]["white"], black = created["tokens"]["black"];
  service().draw(id, {{"token", white}, {"action", "offer"}});
  open();
  EXPECT_EQ(service().state(id, "")["draw_offer"], "white");
  service().draw(id, {{"token", black}, {"action", "decline"}});
  open();
  EXPECT_EQ(service().state(id, "")["draw_offer"], nullptr);
  service().draw(id, {{"token", black}, {"action", "offer"}});
  play(id, white, "c2-c3");  // a move withdraws it, in storage too
  open();
  EXPECT_EQ(service().state(id, "")["draw_offer"], nullptr);
  play(id, black, "c7-c6");  // each side has moved: the agreed draw is not an abort
  service().draw(id, {{"token", black}, {"action", "offer"}});
  open();
  EXPECT_EQ(service().draw(id, {{"token", white}, {"action", "accept"}})["result"]["score"],
            "1/2-1/2");
}

TEST_F(CacheServiceTest, StartUpLoadsOnlyGamesWithARunningClockOrAnEngineToMove) {
  for (int i = 0; i < 3; ++i) {  // nothing runs in these
    const json created = service().create({{"mode", "local"}});
    play(created["id"], created["tokens"]["white"], "c2-c3");
  }
  service().create({{"mode", "network"}, {"clock", {{"initial_ms", 60000}}}});  // not started
  const json clocked = service().create({{"mode", "network"}, {"clock", {{"initial_ms", 60000}}}});
  play(clocked["id"], clocked["tokens"]["white"], "c2-c3");
  // The engine thinks too long to answer before the server stops (level 10: no depth cap
  // of its own below the fixed depth).
  open(60);
  const json ai = service().create({{"mode", "ai"}, {"ai", {{"level", 10}}}});
  play(ai["id"], ai["tokens"]["white"], "c2-c3");

  open(1);  // the engine's search was lost with the old server: it owes a move
  EXPECT_EQ(service().resident_count(), 2u);
  EXPECT_EQ(service().game_count(), 6u);
  ASSERT_TRUE(service().wait_until_idle(std::chrono::seconds(60)));
  EXPECT_EQ(service().state(ai["id"], "")["ply"], 2);
}

TEST_F(CacheServiceTest, AnEngineGameComesBackAndTheEngineStillAnswers) {
  const json created = service().create({{"mode", "ai"}, {"ai", {{"level", 2}}}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  play(id, token, "c2-c3");
  ASSERT_TRUE(service().wait_until_idle(std::chrono::seconds(60)));
  drop_all_idle();
  ASSERT_EQ(service().resident_count(), 0u);
  const json state = service().state(id, token);
  ASSERT_EQ(state["ply"], 2);
  play(id, token, state["legal"][0]);
  ASSERT_TRUE(service().wait_until_idle(std::chrono::seconds(60)));
  EXPECT_EQ(service().state(id, token)["ply"], 4);
  EXPECT_EQ(service().undo(id, {{"token", token}})["ply"], 2);
}

}  // namespace
}  // namespace ordo::server
