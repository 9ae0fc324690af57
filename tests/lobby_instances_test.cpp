// The lobby shared by two server instances on one PostgreSQL database (each its own
// storage, game service and lobby; one fake clock): a challenge made on one is seen live
// on the other, its acceptance there reaches its creator's lobby here with the game, an
// instance starting leaves the others' challenges open, and the challenges of an instance
// that stopped renewing its lease (it died) are cancelled. PostgreSQL runs only.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>

#include "server/games/game_service.h"
#include "server/players/lobby.h"
#include "server/storage/pg/pg_storage.h"
#include "support/instance_pair.h"

namespace ordo::server {
namespace {

using nlohmann::json;
constexpr std::int64_t kLeaseMs = 3000;

struct Instance {
  Instance(const std::string& url, std::atomic<std::int64_t>& clock, const char* name)
      : storage(url),
        service(storage, testing::instance_options(clock, name, kLeaseMs)),
        lobby(
            storage, storage, service, [&clock] { return clock.load(); }, &storage) {}
  PgStorage storage;
  GameService service;
  Lobby lobby;
};

// Wakes on every change of a lobby's stream, so a test waits for a condition, not a time.
class LobbyWatcher {
 public:
  explicit LobbyWatcher(Lobby& lobby) : LobbyWatcher(lobby.events(std::nullopt)) {}
  explicit LobbyWatcher(std::shared_ptr<EventSource> events) : events_(std::move(events)) {
    listener_ = events_->listen([this] {
      std::lock_guard lock(mutex_);
      ++changes_;
      changed_.notify_all();
    });
  }
  ~LobbyWatcher() { events_->unlisten(listener_); }
  template <class Condition>
  bool wait_until(Condition condition) {
    std::unique_lock lock(mutex_);
    // Generous: the machine is loaded; a notification comes in milliseconds.
    return changed_.wait_for(lock, std::chrono::seconds(30), [&] {
      lock.unlock();
      const bool met = condition();
      lock.lock();
      return met;
    });
  }

 private:
  std::shared_ptr<EventSource> events_;
  ChangeListeners::Id listener_{};
  std::mutex mutex_;
  std::condition_variable changed_;
  int changes_ = 0;
};

class LobbyAcrossInstances : public testing::InstancePair<Instance> {
 protected:
  void SetUp() override {
    InstancePair::SetUp();
    if (IsSkipped()) return;
    ada_ = {a_->storage.create_account("Ada", "ada", "hash", 1), "Ada", ""};
    ben_ = {a_->storage.create_account("Ben", "ben", "hash", 1), "Ben", ""};
  }
  static bool lists(Lobby& lobby, const std::string& id) {
    const json listed = lobby.list(std::nullopt);
    for (const json& c : listed["challenges"])
      if (c["id"] == id) return true;
    return false;
  }

  SignedIn ada_, ben_;
};

TEST_F(LobbyAcrossInstances, AChallengeMadeOnOneIsSeenAndAcceptedOnTheOther) {
  LobbyWatcher on_a(a_->lobby), on_b(b_->lobby);
  const std::string id = b_->lobby.post(ada_, {{"size", "8x8"}})["challenge"]["id"];
  ASSERT_TRUE(on_a.wait_until([&] { return lists(a_->lobby, id); }));

  const json seat = a_->lobby.accept(ben_, id);
  const std::string game = seat["game"];
  // The creator, watching on B, learns the game from B's lobby.
  ASSERT_TRUE(on_b.wait_until([&] {
    const json closed = b_->lobby.list(ada_)["closed"];
    return !closed.empty() && closed[0]["game_id"] == game;
  }));
  EXPECT_FALSE(lists(b_->lobby, id));
  EXPECT_EQ(b_->service.state(game, "")["players"]["white"].is_string(), true);
}

TEST_F(LobbyAcrossInstances, AChallengeStandsWhileItsCreatorWatchesTheLobbyOnAnyInstance) {
  auto stream_on_a = a_->lobby.events(ada_);
  auto stream_on_b = b_->lobby.events(ada_);
  const std::string id = a_->lobby.post(ada_, json::object())["challenge"]["id"];
  stream_on_a.reset();  // her last stream on A ends; the one on B stays
  EXPECT_EQ(a_->storage.challenge(id)->state, "open");
  EXPECT_TRUE(lists(a_->lobby, id));
  stream_on_b.reset();  // she left
  EXPECT_EQ(a_->storage.challenge(id)->state, "cancelled");
}

TEST_F(LobbyAcrossInstances, TheLobbyStreamsOfAnInstanceThatDiedDoNotCount) {
  auto stream_on_b = b_->lobby.events(ada_);
  auto stream_on_a = a_->lobby.events(ada_);
  const std::string id = a_->lobby.post(ada_, json::object())["challenge"]["id"];
  // B stops renewing (it hangs, or died): its streams are gone with it.
  clock_ += kLeaseMs + 1;
  a_->service.renew_leases();
  stream_on_a.reset();
  EXPECT_EQ(a_->storage.challenge(id)->state, "cancelled");
}

TEST_F(LobbyAcrossInstances, AnInstanceStartingLeavesTheOthersChallengesOpen) {
  const std::string id = a_->lobby.post(ada_, json::object())["challenge"]["id"];
  Instance c(url_, clock_, "C");  // starts: cancels only the challenges of dead instances
  EXPECT_TRUE(lists(c.lobby, id));
  EXPECT_EQ(a_->storage.challenge(id)->state, "open");
}

TEST_F(LobbyAcrossInstances, TheChallengesOfAnInstanceThatDiedAreCancelled) {
  LobbyWatcher on_a(a_->lobby);
  const std::string on_b = b_->lobby.post(ada_, json::object())["challenge"]["id"];
  const std::string on_a_id = a_->lobby.post(ben_, json::object())["challenge"]["id"];
  ASSERT_TRUE(on_a.wait_until([&] { return lists(a_->lobby, on_b); }));
  // B stops renewing (it hangs, or died); A renews its own lease.
  clock_ += kLeaseMs + 1;
  a_->service.renew_leases();
  EXPECT_EQ(a_->lobby.cancel_stale(), 1u);
  EXPECT_FALSE(lists(a_->lobby, on_b));
  EXPECT_TRUE(lists(a_->lobby, on_a_id));
  EXPECT_EQ(a_->storage.challenge(on_b)->state, "cancelled");
}

// Issue 59: a correspondence challenge stands on its own, on every instance: neither its
// author leaving nor the instance it was made on dying cancels it; taken on another
// instance, its author's account stream there is told.
TEST_F(LobbyAcrossInstances, ACorrespondenceChallengeOutlivesItsAuthorAndItsInstance) {
  auto stream_on_b = b_->lobby.events(ada_);
  auto told_on_b = b_->lobby.events(ada_, Lobby::Stream::account);
  std::uint64_t seen = 0;
  ASSERT_TRUE(told_on_b->next(seen));
  const std::string id = b_->lobby.post(ada_, {{"days_per_move", 3}})["challenge"]["id"];
  stream_on_b.reset();  // she left the lobby
  EXPECT_EQ(a_->storage.challenge(id)->state, "open");
  clock_ += kLeaseMs + 1;  // B stops renewing; A renews and sweeps
  a_->service.renew_leases();
  EXPECT_EQ(a_->lobby.cancel_stale(), 0u);
  EXPECT_EQ(a_->storage.challenge(id)->state, "open");
  LobbyWatcher on_b(b_->lobby);
  const std::string game = a_->lobby.accept(ben_, id)["game"];
  ASSERT_TRUE(on_b.wait_until([&] {
    const auto told = told_on_b->next(seen);
    return told && !(*told)["closed"].empty() && (*told)["closed"][0]["game_id"] == game;
  }));
}

// Issue 59: a player's account stream on one instance is told when her opponent moves, or
// the game is made, through another: her badge and notices need no polling there either.
TEST_F(LobbyAcrossInstances, AGameChangedOnAnotherInstanceReachesTheAccountsStream) {
  auto page_on_b = b_->lobby.account_events(ada_, b_->storage);
  LobbyWatcher woken(page_on_b);
  std::uint64_t seen = 0;
  ASSERT_TRUE(page_on_b->next(seen));
  const std::string id =
      a_->lobby.post(ben_, {{"days_per_move", 3}, {"color", "white"}})["challenge"]["id"];
  const json accepted = a_->lobby.accept(ada_, id);
  const std::string game = accepted["game"];
  const auto my_games = [&] {
    const auto event = page_on_b->next(seen);
    return event && event->contains("my_games") ? (*event)["my_games"] : json();
  };
  json latest;
  ASSERT_TRUE(woken.wait_until([&] {
    if (json games = my_games(); !games.is_null()) latest = games;
    return !latest.is_null() && latest["games"].size() == 1 && latest["games"][0]["id"] == game;
  }));
  EXPECT_EQ(latest["your_turn"], 0);  // Ben has White
  const json state = a_->service.state(game, "");
  a_->service.play(game, {{"move", state["legal"][0]}}, ben_.id);
  ASSERT_TRUE(woken.wait_until([&] {
    if (json games = my_games(); !games.is_null()) latest = games;
    return latest["your_turn"] == 1;
  }));
}

}  // namespace
}  // namespace ordo::server
