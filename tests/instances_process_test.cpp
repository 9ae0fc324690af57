// Two `ordo-engine serve` processes on one PostgreSQL database (support/server_process.h,
// the throwaway cluster of support/pg_cluster.h), and real deaths: `kill -9` of the
// instance whose engine is thinking (the other takes the game over when the lease lapses
// and finishes it; every acknowledged move is there and each reply is stored once), and a
// flag that falls while its instance is down (the other instance, or the restarted one,
// ends the game on time). PostgreSQL runs only (the full tier).
#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <functional>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

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

TEST_F(InstanceProcesses, KillingTheInstanceWhoseEngineThinksLosesNoMoveAndNoReplyIsTwice) {
  auto a = start(), b = start();
  const json created = post(*a, "/api/games", {{"mode", "ai"}, {"ai", {{"color", "black"}}}});
  const std::string id = created["id"], token = created["tokens"]["white"];
  const std::string moves = "/api/games/" + id + "/moves", now = "/api/games/" + id + "/move-now";
  // Two rounds with the player's moves sent to each instance in turn: the engine thinks
  // where the move arrived, and answers when told.
  json state = created["state"];
  std::vector<std::string> acknowledged;
  for (ServerProcess* instance : {a.get(), b.get()}) {
    const json move = state["legal"][0];
    ASSERT_EQ(post(*instance, moves, {{"token", token}, {"move", move}})["ai"]["thinking"], true);
    acknowledged.push_back(move);
    post(*instance, now, {{"token", token}});
    ASSERT_TRUE(wait_for_state(*instance, id, [&](const json& s) {
      return s["ply"].get<std::size_t>() == 2 * acknowledged.size();
    }));
    state = get(*instance, "/api/games/" + id + "?token=" + token);
  }
  // A third move to A, whose engine then thinks; A dies.
  const json move = state["legal"][0];
  ASSERT_EQ(post(*a, moves, {{"token", token}, {"move", move}})["ai"]["thinking"], true);
  acknowledged.push_back(move);
  a->kill_hard();
  const auto killed = std::chrono::steady_clock::now();
  // B takes the game over when A's lease lapses, and its engine thinks.
  ASSERT_TRUE(wait_for_state(*b, id, [](const json& s) { return s["ai"]["thinking"] == true; }))
      << b->log();
  std::cout << "[ takeover ] B's engine thought "
            << std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - killed)
                   .count()
            << " ms after A was killed (lease 3000 ms)\n";
  post(*b, now, {{"token", token}});
  ASSERT_TRUE(wait_for_state(*b, id, [](const json& s) { return s["ply"] == 6; })) << b->log();
  // Every acknowledged move is there, each followed by exactly one reply.
  const json final_state = get(*b, "/api/games/" + id);
  ASSERT_EQ(final_state["moves"].size(), 6u);
  for (std::size_t i = 0; i < final_state["moves"].size(); ++i)
    EXPECT_EQ(final_state["moves"][i]["by"], i % 2 == 0 ? "white" : "black") << i;
  // The game goes on through B.
  const json next = final_state["legal"].empty() ? json() : final_state["legal"][0];
  if (!next.is_null()) {
    post(*b, moves, {{"token", token}, {"move", next}});
    post(*b, now, {{"token", token}});
    EXPECT_TRUE(wait_for_state(*b, id, [](const json& s) { return s["ply"] == 8; }));
  }
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

}  // namespace
}  // namespace ordo::server
