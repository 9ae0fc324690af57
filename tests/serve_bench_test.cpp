// serve-bench, the server's load test: a short run of each kind plays real games through
// HTTP without errors, the rated kind's games are rated games between accounts, and with
// --url it loads a server already running, timing the relay of moves to watchers.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <regex>
#include <string>
#include <thread>

#include "server/games/game_service.h"
#include "server/http_server.h"
#include "server/storage/sqlite/sqlite_storage.h"
#include "support/cli_run.h"
#include "support/wait_until.h"

namespace ordo {
namespace {

// The count after "requests: " in serve-bench's report.
long requests_of(const std::string& report) {
  std::smatch m;
  return std::regex_search(report, m, std::regex("requests: (\\d+)")) ? std::stol(m[1]) : -1;
}

TEST(ServeBench, GuestGamesRunWithoutErrors) {
  const auto run = testing::run_cli_capturing(
      {"serve-bench", "--seconds", "1", "--clients", "2", "--games", "2"});
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("errors: 0\n"), std::string::npos) << run.out;
  EXPECT_GT(requests_of(run.out), 0) << run.out;
}

TEST(ServeBench, RatedGamesAreMadeThroughTheLobbyAndRunWithoutErrors) {
  const auto run = testing::run_cli_capturing(
      {"serve-bench", "--rated", "--seconds", "1", "--clients", "2", "--games", "2"});
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("2 rated games"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("errors: 0\n"), std::string::npos) << run.out;
  EXPECT_GT(requests_of(run.out), 0) << run.out;
  const auto refused =
      testing::run_cli_capturing({"serve-bench", "--rated", "--reuse-games", "--seconds", "1"});
  EXPECT_EQ(refused.code, 1);
  EXPECT_NE(refused.err.find("rated games do not allow"), std::string::npos) << refused.err;
}

// The count of relayed moves in the report's relay line, or -1 without one.
long relayed_of(const std::string& report) {
  std::smatch m;
  return std::regex_search(report, m, std::regex("relay to a watcher[^:]*: (\\d+) moves"))
             ? std::stol(m[1])
             : -1;
}

TEST(ServeBench, LoadsARunningServerAndTimesTheRelayToWatchers) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("ordo-serve-bench-test-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  {
    server::SqliteStorage storage((dir / "games.db").string());
    server::GameService games(storage);
    server::HttpServer http(games, {});
    const int port = http.bind(0);
    std::thread serving([&] { http.serve(); });
    if (!testing::wait_until([&] { return http.running(); })) {
      http.stop();
      serving.join();
      FAIL() << "the server did not start serving within 10 s";
    }
    const std::string url = "http://127.0.0.1:" + std::to_string(port);
    const auto run =
        testing::run_cli_capturing({"serve-bench", "--seconds", "1", "--clients", "2", "--games",
                                    "2", "--url", url, "--url", url, "--watchers", "1"});
    http.stop();
    serving.join();
    ASSERT_EQ(run.code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("errors: 0\n"), std::string::npos) << run.out;
    EXPECT_GT(requests_of(run.out), 0) << run.out;
    EXPECT_GT(relayed_of(run.out), 0) << run.out;
    EXPECT_NE(run.out.find("; errors: 0\n"), std::string::npos) << run.out;  // the relay's
    // The games were played on this server: 2 clients x 2 games and the watcher's, at least.
    EXPECT_GE(games.game_count(), 5u);
  }
  std::filesystem::remove_all(dir);
  const auto both = testing::run_cli_capturing(
      {"serve-bench", "--url", "http://127.0.0.1:1", "--database", "postgresql:///x"});
  EXPECT_EQ(both.code, 1);
  EXPECT_NE(both.err.find("--url"), std::string::npos) << both.err;
}

}  // namespace
}  // namespace ordo
