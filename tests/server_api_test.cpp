// The HTTP API end to end: a real server on a free loopback port, driven with httplib's
// client. Games through HTTP, every refusal (with nothing changed), events to a second
// client, a restart on the same data directory, the page's files and analysis.
#include <gtest/gtest.h>
#include <httplib.h>
#include <pthread.h>
#include <signal.h>

#include <condition_variable>
#include <fstream>
#include <random>
#include <stdexcept>
#include <thread>

#include "server/games/game_service.h"
#include "server/http/embedded_web.h"
#include "server/http/static_files.h"
#include "server/http_server.h"
#include "server_test_util.h"
#include "support/test_storage.h"
#include "support/wait_until.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using testing::TempDir;
using testing::TestDatabase;

struct Reply {
  int status = 0;
  json body;
};

class ApiTest : public ::testing::Test {
 protected:
  ApiTest() {
    // A client writing to a connection the server closed (the 413 case) must get EPIPE,
    // not a SIGPIPE that ends the test program; threads started later inherit the mask.
    sigset_t pipe_only;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_only, nullptr);
    std::filesystem::create_directories(dir_.path() / "web" / "js");
    std::ofstream(dir_.path() / "web" / "index.html") << "<p>the page</p>";
    std::ofstream(dir_.path() / "web" / "js" / "board.js") << "let board;";
    start();
  }
  ~ApiTest() override { stop(); }

  void start() {
    storage_ = database_.open();
    ServiceOptions options;
    options.fixed_ai_depth = 1;
    options.engine_hash_mib = 1;
    service_ = std::make_unique<GameService>(*storage_, options);
    HttpOptions http_options;
    http_options.web_dir = (dir_.path() / "web").string();
    http_options.keep_alive_seconds = 1;
    http_options.threads = 8;
    http_options.max_streams = 4;
    http_ = std::make_unique<HttpServer>(*service_, http_options);
    port_ = http_->bind(0);
    server_thread_ = std::thread([this] { http_->serve(); });
    if (!ordo::testing::wait_until([this] { return http_->running(); })) {
      throw std::runtime_error("the server did not start serving within 10 s");
    }
  }

  void stop() {
    if (!http_) return;
    http_->stop();
    server_thread_.join();
    http_.reset();
    service_.reset();
    storage_.reset();
  }

  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(60, 0);
    return c;
  }

  Reply post_text(const std::string& path, const std::string& body) {
    auto res = client().Post(path, body, "application/json");
    if (!res) return {};
    return {res->status, json::parse(res->body, nullptr, false)};
  }
  Reply post(const std::string& path, const json& body) { return post_text(path, body.dump()); }
  Reply get(const std::string& path) {
    auto res = client().Get(path);
    if (!res) return {};
    return {res->status, json::parse(res->body, nullptr, false)};
  }

  TempDir dir_;
  TestDatabase database_{dir_.file("games.sqlite")};
  std::unique_ptr<ServerStorage> storage_;
  std::unique_ptr<GameService> service_;
  std::unique_ptr<HttpServer> http_;
  std::thread server_thread_;
  int port_ = 0;
};

TEST_F(ApiTest, PlaysAWholeGameThroughHttp) {
  const Reply created = post("/api/games", {{"mode", "local"}, {"size", "8x8"}});
  ASSERT_EQ(created.status, 201);
  const std::string id = created.body["id"], token = created.body["tokens"]["white"];
  EXPECT_EQ(created.body["links"]["spectator"], "/play/" + id);
  json state = created.body["state"];
  std::mt19937 rng(7);
  int plies = 0;
  while (state["result"]["score"] == "*" && plies < 400) {
    const json& legal = state["legal"];
    ASSERT_FALSE(legal.empty());
    const Reply moved =
        post("/api/games/" + id + "/moves",
             {{"token", token}, {"move", legal[rng() % legal.size()]}, {"ply", plies}});
    ASSERT_EQ(moved.status, 200) << moved.body.dump();
    state = moved.body;
    ASSERT_EQ(state["ply"], ++plies);
  }
  EXPECT_GE(plies, 10);
  const Reply fetched = get("/api/games/" + id + "?token=" + token);
  ASSERT_EQ(fetched.status, 200);
  EXPECT_EQ(fetched.body["position"], state["position"]);
  EXPECT_EQ(fetched.body["you"], json::array({"white", "black"}));

  auto record = client().Get("/api/games/" + id + "/record");
  ASSERT_TRUE(record);
  EXPECT_EQ(record->status, 200);
  EXPECT_EQ(record->get_header_value("Content-Disposition"),
            "attachment; filename=\"ordo-" + id + ".txt\"");
  EXPECT_NE(record->body.find("[Size \"8x8\"]"), std::string::npos) << record->body;

  // A guest's game is not among the public games; its id lists it.
  EXPECT_TRUE(get("/api/games?limit=5").body["games"].empty());
  const Reply list = get("/api/games?ids=" + id + ",unknown,,");
  ASSERT_EQ(list.status, 200);
  ASSERT_EQ(list.body["games"].size(), 1u);
  EXPECT_EQ(list.body["games"][0]["turns"], plies);
  EXPECT_EQ(get("/api/games?limit=x").status, 400);
  EXPECT_EQ(get("/api/games?limit=501").status, 400);
  EXPECT_EQ(get("/api/games?status=over").status, 400);
  std::string many = "/api/games?ids=";
  for (int i = 0; i <= 100; ++i) many += "g" + std::to_string(i) + ",";
  EXPECT_EQ(get(many).status, 400);
}

TEST_F(ApiTest, RefusesBadRequestsWithTheRightStatusAndChangesNothing) {
  const Reply created = post("/api/games", {{"mode", "network"}});
  ASSERT_EQ(created.status, 201);
  const std::string id = created.body["id"];
  const std::string white = created.body["tokens"]["white"],
                    black = created.body["tokens"]["black"];
  const std::string moves = "/api/games/" + id + "/moves";
  auto expect = [](const Reply& r, int status, const std::string& code) {
    EXPECT_EQ(r.status, status) << r.body.dump();
    EXPECT_EQ(r.body.value("code", ""), code) << r.body.dump();
    EXPECT_FALSE(r.body.value("error", "").empty());
  };
  expect(post(moves, {{"move", "c2-c3"}}), 403, "bad_token");
  expect(post(moves, {{"token", "wrong"}, {"move", "c2-c3"}}), 403, "bad_token");
  expect(post(moves, {{"token", black}, {"move", "c2-c3"}}), 409, "not_your_turn");
  expect(post("/api/games/nosuchgame/moves", {{"token", white}, {"move", "c2-c3"}}), 404,
         "no_such_game");
  expect(get("/api/games/nosuchgame"), 404, "no_such_game");
  expect(post_text(moves, "{\"token\": "), 400, "bad_json");
  expect(post_text(moves, "[1, 2]"), 400, "bad_json");
  expect(post(moves, {{"token", white}}), 400, "bad_request");
  expect(post_text(moves, "{\"token\": \"" + std::string(70 * 1024, 'a') + "\"}"), 413,
         "too_large");
  const Reply illegal = post(moves, {{"token", white}, {"move", "c2-c5"}});
  expect(illegal, 422, "illegal_move");
  EXPECT_NE(illegal.body["error"].get<std::string>().find("c2-c5"), std::string::npos);
  expect(post(moves, {{"token", white}, {"move", "c2-c3"}, {"ply", 4}}), 409, "stale");
  expect(post("/api/games/" + id + "/undo", {{"token", white}}), 409, "not_allowed");
  expect(post("/api/games/" + id + "/move-now", {{"token", white}}), 409, "not_allowed");
  expect(get("/api/nothing"), 404, "not_found");

  ASSERT_EQ(post("/api/games/" + id + "/draw", {{"token", white}, {"action", "offer"}}).status,
            200);
  expect(post("/api/games/" + id + "/draw", {{"token", white}, {"action", "accept"}}), 403,
         "not_your_seat");

  const Reply state = get("/api/games/" + id + "?token=" + black);
  EXPECT_EQ(state.body["ply"], 0);
  EXPECT_EQ(state.body["you"], json::array({"black"}));
  EXPECT_EQ(state.body["draw_offer"], "white");
  EXPECT_EQ(post(moves, {{"token", white}, {"move", "c2-c3"}, {"ply", 0}}).status, 200);
  // The same request again is now stale: a double submission plays nothing.
  expect(post(moves, {{"token", white}, {"move", "c2-c3"}, {"ply", 0}}), 409, "stale");
}

TEST_F(ApiTest, PlaysAWholeOrderAndChaosGameThroughHttp) {
  const Reply created = post("/api/games", {{"mode", "local"}, {"game", "orderchaos"}});
  ASSERT_EQ(created.status, 201) << created.body.dump();
  const std::string id = created.body["id"], token = created.body["tokens"]["white"];
  json state = created.body["state"];
  EXPECT_EQ(state["game"], "orderchaos");
  const Reply taken = post("/api/games/" + id + "/draw", {{"token", token}, {"action", "offer"}});
  EXPECT_EQ(taken.status, 409);
  EXPECT_EQ(taken.body["code"], "no_draws");
  std::mt19937 rng(11);
  int plies = 0;
  while (state["result"]["score"] == "*") {
    const json& legal = state["legal"];
    ASSERT_FALSE(legal.empty());
    const Reply moved =
        post("/api/games/" + id + "/moves",
             {{"token", token}, {"move", legal[rng() % legal.size()]}, {"ply", plies}});
    ASSERT_EQ(moved.status, 200) << moved.body.dump();
    state = moved.body;
    ASSERT_EQ(state["ply"], ++plies);
  }
  EXPECT_LE(plies, 36);  // a line for Order, or the full board for Chaos
  const Reply again = post("/api/games/" + id + "/moves", {{"token", token}, {"move", "Xa1"}});
  EXPECT_EQ(again.status, 409);
  EXPECT_EQ(again.body["code"], "game_over");

  auto record = client().Get("/api/games/" + id + "/record");
  ASSERT_TRUE(record);
  EXPECT_EQ(record->get_header_value("Content-Disposition"),
            "attachment; filename=\"orderchaos-" + id + ".txt\"");
  EXPECT_NE(record->body.find("[Game \"Order and Chaos\"]"), std::string::npos) << record->body;
  const Reply imported = post("/api/games/import", {{"record", record->body}});
  ASSERT_EQ(imported.status, 201) << imported.body.dump();
  EXPECT_EQ(imported.body["state"]["game"], "orderchaos");
  EXPECT_EQ(imported.body["state"]["position"], state["position"]);
  EXPECT_EQ(imported.body["state"]["result"], state["result"]);

  stop();
  start();  // the games read back from storage
  const Reply reread = get("/api/games/" + id);
  ASSERT_EQ(reread.status, 200);
  EXPECT_EQ(reread.body["position"], state["position"]);
  EXPECT_EQ(reread.body["result"], state["result"]);
  const Reply list = get("/api/games?ids=" + id);
  ASSERT_EQ(list.body["games"].size(), 1u);
  EXPECT_EQ(list.body["games"][0]["game"], "orderchaos");
}

TEST_F(ApiTest, EventsBringAMoveToASecondClient) {
  const Reply created = post("/api/games", {{"mode", "network"}});
  const std::string id = created.body["id"], white = created.body["tokens"]["white"];
  std::mutex mutex;
  std::condition_variable arrived;
  std::string received;
  bool saw_move = false;
  std::thread watcher([&] {
    auto c = client();
    c.Get("/api/games/" + id + "/events", [&](const char* data, std::size_t size) {
      std::lock_guard lock(mutex);
      received.append(data, size);
      saw_move = received.find("\"ply\":1") != std::string::npos;
      arrived.notify_all();
      return !saw_move;  // hang up once the move is seen
    });
  });
  {
    std::unique_lock lock(mutex);
    ASSERT_TRUE(arrived.wait_for(lock, std::chrono::seconds(60), [&] {
      return received.find("event: state") != std::string::npos;
    }));
    EXPECT_NE(received.find("\"ply\":0"), std::string::npos);
  }
  ASSERT_EQ(post("/api/games/" + id + "/moves", {{"token", white}, {"move", "c2-c3"}}).status, 200);
  {
    std::unique_lock lock(mutex);
    EXPECT_TRUE(arrived.wait_for(lock, std::chrono::seconds(60), [&] { return saw_move; }));
  }
  watcher.join();
  EXPECT_NE(received.find("\"last\":{\"captured\":[],\"from\":[\"c2\"]"), std::string::npos);
  EXPECT_EQ(get("/api/games/nosuchgame/events").status, 404);
}

TEST_F(ApiTest, ARestartOnTheSameDataLosesNothing) {
  const Reply created = post("/api/games", {{"mode", "network"}, {"rules", "x"}, {"size", "8x8"}});
  ASSERT_EQ(created.status, 201);
  const std::string id = created.body["id"];
  const std::string tokens[2] = {created.body["tokens"]["white"], created.body["tokens"]["black"]};
  json state = created.body["state"];
  for (int ply = 0; ply < 10 && state["result"]["score"] == "*"; ++ply) {
    const Reply moved = post("/api/games/" + id + "/moves",
                             {{"token", tokens[ply % 2]}, {"move", state["legal"][0]}});
    ASSERT_EQ(moved.status, 200) << moved.body.dump();
    state = moved.body;
  }
  stop();
  start();
  const Reply resumed = get("/api/games/" + id);
  ASSERT_EQ(resumed.status, 200);
  EXPECT_EQ(resumed.body["moves"], state["moves"]);
  EXPECT_EQ(resumed.body["position"], state["position"]);
  EXPECT_EQ(resumed.body["rules"], "x");
  const int ply = state["ply"];
  const Reply next = post("/api/games/" + id + "/moves",
                          {{"token", tokens[ply % 2]}, {"move", state["legal"][0]}});
  EXPECT_EQ(next.status, 200) << next.body.dump();
}

TEST_F(ApiTest, ServesThePageAndItsFiles) {
  for (const char* path : {"/", "/rules", "/play/abc123"}) {
    auto res = client().Get(path);
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 200) << path;
    EXPECT_EQ(res->body, "<p>the page</p>");
    EXPECT_EQ(res->get_header_value("Content-Type"), "text/html; charset=utf-8");
  }
  auto js = client().Get("/static/js/board.js");
  ASSERT_TRUE(js);
  EXPECT_EQ(js->status, 200);
  EXPECT_EQ(js->body, "let board;");
  EXPECT_EQ(js->get_header_value("Content-Type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(client().Get("/static/js/none.js")->status, 404);
  EXPECT_EQ(client().Get("/static/js/../index.html")->status, 404);
  EXPECT_EQ(client().Get("/static/js")->status, 404);
}

TEST_F(ApiTest, AnalysesAPosition) {
  const Reply done =
      post("/api/analyze",
           {{"rules", "classic"}, {"size", "8x8"}, {"moves", {"c2-c3"}}, {"movetime_ms", 100}});
  ASSERT_EQ(done.status, 200) << done.body.dump();
  EXPECT_GE(done.body["depth"], 1);
  EXPECT_FALSE(done.body["pv"].empty());
  EXPECT_GT(done.body["nodes"], 0);
  EXPECT_EQ(post("/api/analyze", {{"movetime_ms", 9000}}).status, 400);
  EXPECT_EQ(post("/api/analyze", {{"moves", {"c2-c9"}}}).status, 422);
}

TEST_F(ApiTest, PlaysAgainstTheEngine) {
  const Reply created =
      post("/api/games", {{"mode", "ai"}, {"ai", {{"level", 1}, {"color", "black"}}}});
  ASSERT_EQ(created.status, 201);
  const std::string id = created.body["id"], token = created.body["tokens"]["white"];
  ASSERT_EQ(post("/api/games/" + id + "/moves", {{"token", token}, {"move", "c2-c3"}}).status, 200);
  ASSERT_TRUE(service_->wait_until_idle(std::chrono::seconds(60)));
  const Reply state = get("/api/games/" + id + "?token=" + token);
  EXPECT_EQ(state.body["ply"], 2);
  EXPECT_EQ(state.body["to_move"], "white");
  EXPECT_EQ(state.body["ai"]["level"], 1);
  EXPECT_EQ(post("/api/games/" + id + "/undo", {{"token", token}}).body["ply"], 0);
}

TEST(ServerStaticFiles, TheEmbeddedFilesAreThoseOfWeb) {
  const std::filesystem::path web = std::filesystem::path(ORDO_SOURCE_DIR) / "web";
  std::size_t on_disk = 0;
  if (std::filesystem::exists(web)) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(web)) {
      if (!entry.is_regular_file()) continue;
      ++on_disk;
      const std::string relative = std::filesystem::relative(entry.path(), web).generic_string();
      std::ifstream in(entry.path(), std::ios::binary);
      const std::string content((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
      const auto file = StaticFiles().find(relative);
      ASSERT_TRUE(file) << relative;
      EXPECT_EQ(file->content, content) << relative;
    }
  }
  EXPECT_EQ(embedded_web_files().size(), on_disk);
  EXPECT_EQ(content_type_for("a/b.css"), "text/css; charset=utf-8");
  EXPECT_EQ(content_type_for("x.bin"), "application/octet-stream");
}

}  // namespace
}  // namespace ordo::server
