// The server's log (issue 60): every line's fields in JSON mode, an access line per request
// with the route's pattern and never a token, cookie or password, lines of many threads
// never spliced, and a storage outage logged once with its count when it ends.
#include <gtest/gtest.h>
#include <httplib.h>
#include <unistd.h>

#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "server/observe/log.h"
#include "server/observe/storage_outage.h"
#include "server_test_util.h"
#include "support/served_child.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using testing::ServedChild;
using testing::TempDir;

std::vector<json> json_lines(const std::string& text) {
  std::vector<json> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const json parsed = json::parse(line, nullptr, false);
    EXPECT_FALSE(parsed.is_discarded()) << "not a JSON line: " << line;
    if (!parsed.is_discarded()) lines.push_back(parsed);
  }
  return lines;
}

// Lines logged while it lives, kept (the log's settings are restored after).
class CapturedLog {
 public:
  explicit CapturedLog(LogFormat format = LogFormat::json) {
    set_log({.format = format,
             .instance = "inst-1",
             .access = true,
             .sink = [this](std::string_view line) {
               std::lock_guard lock(mutex_);
               text_ += line;
             }});
  }
  ~CapturedLog() { set_log({}); }
  std::string text() {
    std::lock_guard lock(mutex_);
    return text_;
  }

 private:
  std::mutex mutex_;
  std::string text_;
};

TEST(LogLine, JsonHasTimeLevelInstanceRequestMessageAndFields) {
  const std::string line =
      log_line(LogFormat::json, "2026-12-04T09:00:00.000Z", LogLevel::warning, "inst-1", "inst-1-7",
               "lease not taken", {{"game", "g1"}, {"attempts", 3}});
  ASSERT_EQ(line.back(), '\n');
  ASSERT_EQ(line.find('\n'), line.size() - 1);
  const json parsed = json::parse(line);
  EXPECT_EQ(parsed["time"], "2026-12-04T09:00:00.000Z");
  EXPECT_EQ(parsed["level"], "warning");
  EXPECT_EQ(parsed["instance"], "inst-1");
  EXPECT_EQ(parsed["request_id"], "inst-1-7");
  EXPECT_EQ(parsed["message"], "lease not taken");
  EXPECT_EQ(parsed["game"], "g1");
  EXPECT_EQ(parsed["attempts"], 3);
}

TEST(LogLine, TextIsOneLineEvenWhenAValueHasALineBreak) {
  const std::string line = log_line(LogFormat::text, "2026-12-04T09:00:00.000Z", LogLevel::error,
                                    "inst-1", "", "request failed", {{"error", "two\nlines"}});
  EXPECT_EQ(line.find('\n'), line.size() - 1) << line;
  EXPECT_EQ(line.rfind("2026-12-04T09:00:00.000Z error instance=inst-1 request failed", 0), 0)
      << line;
}

TEST(LogLine, TheTimeIsUtcToTheMillisecond) {
  CapturedLog captured;
  log_info("hello");
  const auto lines = json_lines(captured.text());
  ASSERT_EQ(lines.size(), 1u);
  const std::string time = lines[0]["time"];
  EXPECT_TRUE(std::regex_match(time, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)")))
      << time;
}

TEST(StorageOutage, LoggedOnceAndItsEndWithTheCount) {
  CapturedLog captured;
  for (int i = 0; i < 1600; ++i) storage_outage_log().failed("storage: Connection refused");
  storage_outage_log().succeeded();
  storage_outage_log().succeeded();  // no outage now: nothing more
  const auto lines = json_lines(captured.text());
  ASSERT_EQ(lines.size(), 2u) << captured.text();
  EXPECT_EQ(lines[0]["level"], "error");
  EXPECT_EQ(lines[0]["error"], "storage: Connection refused");
  EXPECT_EQ(lines[1]["level"], "info");
  EXPECT_EQ(lines[1]["failures"], 1600);
  EXPECT_TRUE(lines[1].contains("outage_ms"));
}

// The real sink: standard error, written by many threads at once. Every line must parse.
TEST(LogLines, ManyThreadsNeverSpliceALine) {
  TempDir dir;
  const std::string path = dir.file("stderr.log");
  std::fflush(stderr);
  const int saved = dup(2);
  std::FILE* file = std::fopen(path.c_str(), "w");
  ASSERT_TRUE(file);
  dup2(fileno(file), 2);
  set_log({.format = LogFormat::json, .instance = "inst-1", .access = false, .sink = {}});
  const std::string long_text(3000, 'x');  // longer than a pipe's atomic write
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 300; ++i) log_warning("busy", {{"thread", t}, {"text", long_text}});
    });
  for (auto& thread : threads) thread.join();
  dup2(saved, 2);
  close(saved);
  std::fclose(file);
  set_log({});
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  const auto lines = json_lines(text.str());
  EXPECT_EQ(lines.size(), 8u * 300u);
}

// The real server with --log-format json: each line has its fields; a log-in (refused)
// and a request with a session cookie leave access lines with the route's pattern, and
// neither the password nor the cookie appears anywhere in the log.
TEST(ServerLog, JsonLinesWithAnAccessLineAndNoSecrets) {
  TempDir dir;
  ServedChild served(ORDO_ENGINE_BINARY, dir.path().string(), {"--log-format", "json"});
  httplib::Client client("127.0.0.1", served.port());
  client.set_read_timeout(30, 0);
  const std::string password = "Pa55word-that-must-not-be-logged";
  const std::string cookie = "ordo_session=cookie-that-must-not-be-logged";
  auto refused = client.Post("/api/login", R"({"name":"nobody","password":")" + password + R"("})",
                             "application/json");
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 401);
  const std::string request_id = refused->get_header_value("X-Request-Id");
  EXPECT_FALSE(request_id.empty());
  auto game = client.Get("/api/games/secret-game-id-123", {{"Cookie", cookie}});
  ASSERT_TRUE(game);
  served.stop();  // its lines are all written
  const std::string log = served.log();
  EXPECT_EQ(log.find(password), std::string::npos) << log;
  EXPECT_EQ(log.find("cookie-that-must-not-be-logged"), std::string::npos) << log;
  EXPECT_EQ(log.find("secret-game-id-123"), std::string::npos) << log;
  const auto lines = json_lines(log);
  ASSERT_FALSE(lines.empty());
  std::string instance;
  bool login_line = false, game_line = false;
  for (const json& line : lines) {
    for (const char* field : {"time", "level", "instance", "request_id", "message"})
      EXPECT_TRUE(line.contains(field)) << field << " missing: " << line.dump();
    if (instance.empty()) instance = line["instance"];
    EXPECT_EQ(line["instance"], instance) << "one instance's lines carry its id";
    if (line["message"] != "access") continue;
    for (const char* field : {"method", "route", "status", "duration_ms"})
      EXPECT_TRUE(line.contains(field)) << field << " missing: " << line.dump();
    if (line["route"] == "/api/login") {
      login_line = true;
      EXPECT_EQ(line["method"], "POST");
      EXPECT_EQ(line["status"], 401);
      EXPECT_EQ(line["request_id"], request_id);
      EXPECT_GE(line["duration_ms"].get<double>(), 0.0);
    }
    if (line["route"] == "/api/games/{id}") game_line = true;
  }
  EXPECT_FALSE(instance.empty());
  EXPECT_TRUE(login_line) << log;
  EXPECT_TRUE(game_line) << log;
}

}  // namespace
}  // namespace ordo::server
