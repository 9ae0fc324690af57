// A move on PostgreSQL: one round trip to the database, and never stored on a game that
// another instance changed since this one read it (nor shown stale to a watch that
// starts). The move is judged on the game as the
// instance holds it in memory; the one statement that stores it checks that the stored
// game is that one, and a move refused or judged on a stale copy is judged again on the
// game read afresh. PostgreSQL runs only (ORDO_TEST_BACKEND=postgres, the full tier).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include "server/common/api_error.h"
#include "server/games/game_service.h"
#include "server/storage/pg/pg_storage.h"
#include "support/pg_cluster.h"
#include "support/test_storage.h"

namespace ordo::server {
namespace {

using nlohmann::json;

// An instance that hears nothing of the other's changes (its listener is off), so that
// its copy of a game is stale until it acts on it: the case the checks are for.
struct DeafInstance {
  DeafInstance(const std::string& url, TimeSource now)
      : storage(url), service(storage, options(std::move(now))) {
    storage.on_other_instance_change(nullptr);
  }
  static ServiceOptions options(TimeSource now) {
    ServiceOptions o;
    o.clock_tick_ms = 0;
    o.fixed_ai_depth = 1;
    o.engine_hash_mib = 1;
    o.now = std::move(now);
    return o;
  }
  PgStorage storage;
  GameService service;
};

class PgMovePath : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!testing::testing_on_postgres()) GTEST_SKIP() << "PostgreSQL only";
    const std::string url = testing::test_cluster().new_database();
    // A clock that moves on by a second at every reading: no two turns start alike.
    auto now = [this] { return clock_ms_.fetch_add(1000); };
    a_ = std::make_unique<DeafInstance>(url, now);
    b_ = std::make_unique<DeafInstance>(url, now);
  }
  GameService& a() { return a_->service; }
  GameService& b() { return b_->service; }

  std::atomic<std::int64_t> clock_ms_{1'800'000'000'000};
  std::unique_ptr<DeafInstance> a_, b_;
};

struct CloseFile {
  void operator()(std::FILE* file) const { std::fclose(file); }
};

// How many times the server said it was ready for the next request in libpq's trace:
// one per round trip.
int round_trips(std::FILE* trace) {
  std::fflush(trace);
  std::rewind(trace);
  int count = 0;
  char line[4096];
  while (std::fgets(line, sizeof line, trace))
    if (std::string(line).find("ReadyForQuery") != std::string::npos) ++count;
  return count;
}

TEST_F(PgMovePath, AMoveThatGoesOnIsOneRoundTrip) {
  const json created = a().create({{"mode", "local"}, {"size", "8x8"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  json state = a().play(id, {{"token", token}, {"move", created["state"]["legal"][0]}});
  const std::unique_ptr<std::FILE, CloseFile> trace(std::tmpfile());
  ASSERT_TRUE(trace);
  a_->storage.trace_messages(trace.get());
  state = a().play(id, {{"token", token}, {"move", state["legal"][0]}, {"ply", 1}});
  a_->storage.trace_messages(nullptr);
  ASSERT_EQ(state["ply"], 2);
  // The lock, the checks, the move, the game's row and the notification: one statement,
  // no BEGIN or COMMIT of their own.
  EXPECT_EQ(round_trips(trace.get()), 1);
  EXPECT_EQ(b().state(id, "")["moves"], state["moves"]);
}

TEST_F(PgMovePath, AMoveRefusedOnAStaleCopyIsJudgedAgain) {
  const json created = a().create({{"mode", "network"}, {"size", "8x8"}});
  const std::string id = created["id"];
  const std::string white = created["tokens"]["white"], black = created["tokens"]["black"];
  a().state(id, "");  // A holds the game at its start
  const json moved = b().play(id, {{"token", white}, {"move", created["state"]["legal"][0]}});
  // A's copy says White is to move; the stored game, Black.
  const json answer = a().play(id, {{"token", black}, {"move", moved["legal"][0]}});
  EXPECT_EQ(answer["ply"], 2);
  EXPECT_EQ(b().state(id, "")["moves"], answer["moves"]);
}

TEST_F(PgMovePath, AMoveJudgedOnAStaleCopyIsNotStored) {
  // Local games take moves back: B takes back A's first move and plays another, so that
  // the stored game has as many moves as A's copy, but not the same.
  const json created = a().create({{"mode", "local"}, {"size", "8x8"}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  const json legal = created["state"]["legal"];
  ASSERT_GE(legal.size(), 2u);
  const json first = a().play(id, {{"token", token}, {"move", legal[0]}});
  b().undo(id, {{"token", token}});
  const json replaced = b().play(id, {{"token", token}, {"move", legal[1]}});
  ASSERT_NE(replaced["moves"], first["moves"]);
  // A move legal on both copies, if there is one; else one legal on A's only.
  json move = first["legal"][0];
  for (const auto& candidate : first["legal"])
    for (const auto& also : replaced["legal"])
      if (candidate == also) move = candidate;
  json answer;
  const std::string refused = [&]() -> std::string {
    try {
      answer = a().play(id, {{"token", token}, {"move", move}});
    } catch (const ApiError& e) {
      return e.code();
    }
    return "";
  }();
  const json stored = b().state(id, "");
  if (refused.empty()) {
    // Judged again on the stored game, where it was legal too: it follows B's move.
    EXPECT_EQ(answer["moves"], stored["moves"]);
    EXPECT_EQ(stored["moves"][0], replaced["moves"][0]);
  } else {
    EXPECT_EQ(refused, "illegal_move");  // not legal after B's move: nothing stored
    EXPECT_EQ(stored["moves"], replaced["moves"]);
  }
}

TEST_F(PgMovePath, AWatchStartingOnAStaleCopySeesTheStoredGame) {
  // An instance reads again only the changes to games someone watches there, so a watch
  // that starts on a copy held unwatched reads the stored game first.
  const json created = a().create({{"mode", "network"}, {"size", "8x8"}});
  const std::string id = created["id"];
  a().state(id, "");  // A holds the game at its start, unwatched
  const json moved =
      b().play(id, {{"token", created["tokens"]["white"]}, {"move", created["state"]["legal"][0]}});
  const GameService::Watch watch = a().watch(id);
  std::uint64_t version = 0;
  const auto first = a().next_state(watch, "", version, std::chrono::milliseconds(0));
  ASSERT_TRUE(first);
  EXPECT_EQ((*first)["ply"], 1);
  EXPECT_EQ((*first)["moves"], moved["moves"]);
}

}  // namespace
}  // namespace ordo::server
