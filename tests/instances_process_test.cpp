// Two `ordo-engine serve` processes on one PostgreSQL database (support/server_process.h,
// the throwaway cluster of support/pg_cluster.h), and real deaths: `kill -9` or SIGTERM of
// the instance whose engine is thinking (the other takes the game over, when the lease
// lapses or at once, and finishes it; every acknowledged move is there and each reply is
// stored once; the times are printed), and a flag that falls while its instance is down
// (the other instance, or the restarted one, ends the game on time). Then the operator's
// procedures of docs/deployment.md: an upgrade with an instance running (the older one
// refuses new work) and a restore with pg_restore. PostgreSQL runs only (the full tier).
#include <gtest/gtest.h>
#include <httplib.h>
#include <sys/wait.h>

#include <chrono>
#include <functional>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>
#include <string>
#include <thread>

#include "server/storage/pg/pg_storage.h"
#include "support/pg_cluster.h"
#include "support/server_process.h"
#include "support/test_storage.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using testing::ServerProcess;

// Short, so that a takeover comes soon; renewed every second, which a loaded machine still
// manages.
const std::vector<std::string> kInstanceArgs = {"--lease-ms", "3000",
                                                "--engine-waits-for-move-now"};

httplib::Client client_of(const ServerProcess& server) {
  httplib::Client c("127.0.0.1", server.port());
  c.set_read_timeout(60, 0);
  return c;
}

json post(const ServerProcess& server, const std::string& path, const json& body) {
  auto res = client_of(server).Post(path, body.dump(), "application/json");
  if (!res) throw std::runtime_error("POST " + path + ": no answer");
  if (res->status >= 300)
    throw std::runtime_error("POST " + path + ": " + std::to_string(res->status) + " " + res->body);
  return json::parse(res->body);
}

json get(const ServerProcess& server, const std::string& path) {
  auto res = client_of(server).Get(path);
  if (!res || res->status != 200) throw std::runtime_error("GET " + path + " failed");
  return json::parse(res->body);
}

// Watches the game's event stream on `server` until a state meets `done` (true), or 60 s
// pass (false): woken by the server's events, not by polling.
bool wait_for_state(const ServerProcess& server, const std::string& id,
                    const std::function<bool(const json&)>& done) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  std::string buffer;
  bool met = false;
  client_of(server).Get("/api/games/" + id + "/events", [&](const char* data, std::size_t size) {
    buffer.append(data, size);
    for (std::size_t end; (end = buffer.find("\n\n")) != std::string::npos;) {
      const std::string event = buffer.substr(0, end);
      buffer.erase(0, end + 2);
      const auto start = event.find("data: ");
      if (start != std::string::npos && done(json::parse(event.substr(start + 6)))) met = true;
    }
    return !met && std::chrono::steady_clock::now() < deadline;
  });
  return met;
}

class InstanceProcesses : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!testing::testing_on_postgres()) GTEST_SKIP() << "PostgreSQL only";
    url_ = testing::test_cluster().new_database();
  }
  std::unique_ptr<ServerProcess> start(std::vector<std::string> args = kInstanceArgs) {
    return std::make_unique<ServerProcess>(ORDO_ENGINE_BINARY, url_, args);
  }
  std::string url_;
};

// A game against the engine (Black) whose moves went through A and B in turn, the engine
// thinking where the move arrived and answering when told; then a third move through A,
// whose engine is thinking on it when this returns.
struct ThinkingGame {
  std::string id, token;
};

ThinkingGame engine_thinking_on_a(const ServerProcess& a, const ServerProcess& b) {
  const json created = post(a, "/api/games", {{"mode", "ai"}, {"ai", {{"color", "black"}}}});
  const ThinkingGame game{created["id"], created["tokens"]["white"]};
  const std::string moves = "/api/games/" + game.id + "/moves";
  json state = created["state"];
  std::size_t played = 0;
  for (const ServerProcess* instance : {&a, &b}) {
    const json move = state["legal"][0];
    EXPECT_EQ(post(*instance, moves, {{"token", game.token}, {"move", move}})["ai"]["thinking"],
              true);
    ++played;
    post(*instance, "/api/games/" + game.id + "/move-now", {{"token", game.token}});
    EXPECT_TRUE(wait_for_state(*instance, game.id, [&](const json& s) {
      return s["ply"].get<std::size_t>() == 2 * played;
    }));
    state = get(*instance, "/api/games/" + game.id + "?token=" + game.token);
  }
  EXPECT_EQ(post(a, moves, {{"token", game.token}, {"move", state["legal"][0]}})["ai"]["thinking"],
            true);
  return game;
}

long long ms_since(std::chrono::steady_clock::time_point then) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                               then)
      .count();
}

// B takes the game over (its engine thinks afresh) and finishes it: every acknowledged
// move is there, each followed by exactly one reply, and the game goes on through B.
void expect_b_takes_over(const ServerProcess& b, const ThinkingGame& game,
                         std::chrono::steady_clock::time_point a_went, const std::string& how) {
  ASSERT_TRUE(wait_for_state(b, game.id, [](const json& s) { return s["ai"]["thinking"] == true; }))
      << b.log();
  std::cout << "[ takeover ] B's engine thought " << ms_since(a_went) << " ms after " << how
            << " (lease 3000 ms)\n";
  post(b, "/api/games/" + game.id + "/move-now", {{"token", game.token}});
  ASSERT_TRUE(wait_for_state(b, game.id, [](const json& s) { return s["ply"] == 6; })) << b.log();
  const json final_state = get(b, "/api/games/" + game.id);
  ASSERT_EQ(final_state["moves"].size(), 6u);
  for (std::size_t i = 0; i < final_state["moves"].size(); ++i)
    EXPECT_EQ(final_state["moves"][i]["by"], i % 2 == 0 ? "white" : "black") << i;
  const json next = final_state["legal"].empty() ? json() : final_state["legal"][0];
  if (!next.is_null()) {
    post(b, "/api/games/" + game.id + "/moves", {{"token", game.token}, {"move", next}});
    post(b, "/api/games/" + game.id + "/move-now", {{"token", game.token}});
    EXPECT_TRUE(wait_for_state(b, game.id, [](const json& s) { return s["ply"] == 8; }));
  }
}

TEST_F(InstanceProcesses, KillingTheInstanceWhoseEngineThinksLosesNoMoveAndNoReplyIsTwice) {
  auto a = start(), b = start();
  const ThinkingGame game = engine_thinking_on_a(*a, *b);
  a->kill_hard();
  // B takes the game over when A's lease lapses.
  expect_b_takes_over(*b, game, std::chrono::steady_clock::now(), "A was killed (kill -9)");
}

// A stopped as a service manager stops it hands its games over as it goes: B need not
// wait for the lease to lapse.
TEST_F(InstanceProcesses, StoppingTheInstanceWhoseEngineThinksHandsTheGameOver) {
  auto a = start(), b = start();
  const ThinkingGame game = engine_thinking_on_a(*a, *b);
  const auto signalled = std::chrono::steady_clock::now();
  const int status = a->stop();
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status << "\n" << a->log();
  std::cout << "[ stop ] A exited " << ms_since(signalled) << " ms after SIGTERM\n";
  expect_b_takes_over(*b, game, signalled, "SIGTERM to A");
}

// Black's flag falls while the instance that holds the game is dead; `finisher` (another
// instance, or the same one started again) ends it on time.
void expect_loss_on_time(const ServerProcess& finisher, const std::string& id) {
  ASSERT_TRUE(wait_for_state(finisher, id, [](const json& s) {
    return s["result"]["score"] != "*";
  })) << finisher.log();
  const json state = get(finisher, "/api/games/" + id);
  EXPECT_EQ(state["result"]["winner"], "white");
  EXPECT_NE(state["result"]["reason"].get<std::string>().find("time"), std::string::npos)
      << state["result"];
  EXPECT_EQ(state["clock"]["black_ms"], 0);
  EXPECT_EQ(state["clock"]["running"], nullptr);
}

json game_with_a_running_clock(const ServerProcess& server) {
  // 4 s for black: long enough for the kill to come first on a loaded machine. A move
  // each first, then White's: a flag before Black's first move would abort the game.
  const json created =
      post(server, "/api/games", {{"mode", "network"}, {"clock", {{"initial_ms", 4000}}}});
  json state = created["state"];
  for (const char* seat : {"white", "black", "white"})
    state = post(server, "/api/games/" + std::string(created["id"]) + "/moves",
                 {{"token", created["tokens"][seat]}, {"move", state["legal"][0]}});
  return created;
}

TEST_F(InstanceProcesses, AFlagThatFallsWhileItsInstanceIsDownIsEndedByTheOther) {
  auto a = start(), b = start();
  const json created = game_with_a_running_clock(*a);
  a->kill_hard();
  expect_loss_on_time(*b, created["id"]);
}

TEST_F(InstanceProcesses, AFlagThatFallsWhileTheOnlyInstanceIsDownIsEndedWhenItStartsAgain) {
  auto a = start();
  const json created = game_with_a_running_clock(*a);
  a->kill_hard();
  auto again = start();
  expect_loss_on_time(*again, created["id"]);
}

httplib::Result raw_post(const ServerProcess& server, const std::string& path, const json& body) {
  return client_of(server).Post(path, body.dump(), "application/json");
}

// An upgrade with instances running (docs/deployment.md, "Upgrades"): once a newer
// program has migrated the database (here a test-only bump of the version, announced as
// migrate_pg_schema announces it), an instance of the older program takes no new work —
// 503 storage_unavailable with Retry-After, and /readyz fails so that the balancer sends
// its players elsewhere — and the older program no longer starts on it.
TEST_F(InstanceProcesses, AnOlderInstanceRefusesNewWorkOnceANewerProgramMigrated) {
  auto old_instance = start();
  const json created = post(*old_instance, "/api/games", {{"mode", "network"}});
  const std::string id = created["id"];
  ASSERT_EQ(client_of(*old_instance).Get("/readyz")->status, 200);
  {
    pqxx::connection connection(url_);
    pqxx::work t(connection);
    t.exec_params("UPDATE schema_version SET version = $1", kPgSchemaVersion + 1);
    t.exec_params("SELECT pg_notify($1, $2)", kSchemaChannel, std::to_string(kPgSchemaVersion + 1));
    t.commit();
  }
  // The notice arrives on the instance's listening connection, soon after the commit.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (client_of(*old_instance).Get("/readyz")->status != 503 &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(client_of(*old_instance).Get("/readyz")->status, 503);
  const auto refused = raw_post(*old_instance, "/api/games", {{"mode", "network"}});
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 503) << refused->body;
  EXPECT_EQ(json::parse(refused->body)["code"], "storage_unavailable");
  EXPECT_TRUE(refused->has_header("Retry-After"));
  const auto move =
      raw_post(*old_instance, "/api/games/" + id + "/moves",
               {{"token", created["tokens"]["white"]}, {"move", created["state"]["legal"][0]}});
  ASSERT_TRUE(move);
  EXPECT_EQ(move->status, 503) << move->body;
  EXPECT_NE(old_instance->log().find("upgraded by a newer program"), std::string::npos)
      << old_instance->log();
  try {
    start();
    ADD_FAILURE() << "the older program started on a newer schema";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("newer than this program's"), std::string::npos)
        << e.what();
  }
}

// The restore of docs/deployment.md ("Backups"): pg_dump while the instance runs, then,
// with it stopped, pg_restore --clean; the instance started again has the games as they
// were when dumped, and they go on.
TEST_F(InstanceProcesses, ABackupRestoredWithPgRestoreHasTheGamesAsDumped) {
  auto a = start();
  const json created = post(*a, "/api/games", {{"mode", "network"}});
  const std::string id = created["id"], moves = "/api/games/" + id + "/moves";
  json state = created["state"];
  for (const char* seat : {"white", "black"})
    state = post(*a, moves, {{"token", created["tokens"][seat]}, {"move", state["legal"][0]}});
  const std::string dump = testing::test_cluster().path("restore-test.dump");
  testing::test_cluster().run_program("pg_dump", {"--format=custom", "--file=" + dump, url_});
  const json after_dump =
      post(*a, moves, {{"token", created["tokens"]["white"]}, {"move", state["legal"][0]}});
  ASSERT_EQ(after_dump["ply"], 3);
  ASSERT_EQ(a->stop(), 0);
  testing::test_cluster().run_program("pg_restore", {"--clean", "--dbname=" + url_, dump});
  auto again = start();
  const json restored = get(*again, "/api/games/" + id);
  EXPECT_EQ(restored["ply"], 2);
  EXPECT_EQ(restored["moves"].size(), 2u);
  const json next =
      post(*again, moves, {{"token", created["tokens"]["white"]}, {"move", restored["legal"][0]}});
  EXPECT_EQ(next["ply"], 3);
}

}  // namespace
}  // namespace ordo::server
