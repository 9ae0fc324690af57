// GET /metrics (issue 60): requests counted by route pattern and status, who may read the
// metrics, a real scrape that Prometheus's own checker accepts, the sample alert rules,
// and (slow tier) a real Prometheus server scraping a running instance.
#include "server/observe/metrics.h"

#include <gtest/gtest.h>
#include <httplib.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <thread>

#include "server/common/api_error.h"
#include "server/http/address_allow_list.h"
#include "server/http/http_router.h"
#include "server_test_util.h"
#include "support/served_child.h"

namespace ordo::server {
namespace {

using testing::ServedChild;
using testing::TempDir;

// The value of the series `series` (name and labels, as the text format writes them) in
// `text`; -1 if absent.
double series_value(const std::string& text, const std::string& series) {
  const std::size_t at = text.find("\n" + series + " ");
  if (at == std::string::npos) return -1;
  return std::stod(text.substr(at + series.size() + 2));
}

bool has_program(const std::string& name) {
  return std::system(("command -v " + name + " >/dev/null 2>&1").c_str()) == 0;
}

// The exit status of `command` run by the shell.
int run(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(RequestMetrics, CountedByRoutePatternAndStatusNeverByPath) {
  Router router;
  router.add("GET", "/things/{id}", [](const HttpRequest&, const Router::Params&) {
    return HttpResponse{200, "text/plain", "ok", {}, nullptr};
  });
  router.add("POST", "/things/{id}", [](const HttpRequest&, const Router::Params&) -> HttpResponse {
    throw ApiError(409, "conflict", "no");
  });
  const std::string ok =
      R"(ordo_http_requests_total{method="GET",route="/things/{id}",status="200"})";
  const std::string refused =
      R"(ordo_http_requests_total{method="POST",route="/things/{id}",status="409"})";
  const std::string timed =
      R"(ordo_http_request_duration_seconds_count{method="GET",route="/things/{id}"})";
  const std::string before = metrics_text();
  const double ok_before = std::max(0.0, series_value(before, ok));
  const double timed_before = std::max(0.0, series_value(before, timed));
  for (const char* id : {"secret-game-1", "secret-game-2"}) {
    HttpRequest request;
    request.method = "GET";
    request.path = std::string("/things/") + id;
    EXPECT_EQ(router.handle(request).status, 200);
  }
  HttpRequest post;
  post.method = "POST";
  post.path = "/things/secret-game-3";
  EXPECT_EQ(router.handle(post).status, 409);
  const std::string after = metrics_text();
  EXPECT_EQ(series_value(after, ok), ok_before + 2) << after;
  EXPECT_EQ(series_value(after, timed), timed_before + 2) << after;
  EXPECT_GE(series_value(after, refused), 1) << after;
  EXPECT_EQ(after.find("secret-game"), std::string::npos) << "a path's id became a label";
}

TEST(AddressAllowList, AddressesNetworksAnyAndNone) {
  const AddressAllowList loopback("127.0.0.0/8,::1");
  EXPECT_TRUE(loopback.allows("127.0.0.1"));
  EXPECT_TRUE(loopback.allows("127.3.2.1"));
  EXPECT_TRUE(loopback.allows("::1"));
  EXPECT_TRUE(loopback.allows("::ffff:127.0.0.1"));  // IPv4 on an IPv6 socket
  EXPECT_FALSE(loopback.allows("10.0.0.1"));
  EXPECT_FALSE(loopback.allows("::2"));
  EXPECT_FALSE(loopback.allows("not an address"));
  const AddressAllowList one(" 10.1.2.3 , fd00::/8");
  EXPECT_TRUE(one.allows("10.1.2.3"));
  EXPECT_FALSE(one.allows("10.1.2.4"));
  EXPECT_TRUE(one.allows("fd12::5"));
  EXPECT_TRUE(AddressAllowList("any").allows("203.0.113.9"));
  EXPECT_FALSE(AddressAllowList("none").allows("127.0.0.1"));
  EXPECT_FALSE(AddressAllowList("").allows("127.0.0.1"));
  for (const char* bad : {"10.0.0.0/33", "localhost", "1.2.3", "10.0.0.1,,::1", "::1/200"})
    EXPECT_THROW(AddressAllowList{bad}, std::invalid_argument) << bad;
}

class MetricsEndpoint : public ::testing::Test {
 protected:
  std::string get_metrics(int port, httplib::Headers headers, int& status) {
    httplib::Client client("127.0.0.1", port);
    auto answer = client.Get("/metrics", headers);
    status = answer ? answer->status : -1;
    content_type_ = answer ? answer->get_header_value("Content-Type") : "";
    return answer ? answer->body : "";
  }
  TempDir dir_;
  std::string content_type_;
};

TEST_F(MetricsEndpoint, AScrapeHasEveryFamilyAndPassesPromtool) {
  ServedChild served(ORDO_ENGINE_BINARY, dir_.path().string(), {});
  httplib::Client client("127.0.0.1", served.port());
  ASSERT_TRUE(client.Get("/healthz"));  // one request counted before the scrape
  int status = 0;
  const std::string text = get_metrics(served.port(), {}, status);
  ASSERT_EQ(status, 200) << text;
  EXPECT_EQ(content_type_, "text/plain; version=0.0.4; charset=utf-8");
  for (const char* family :
       {"ordo_http_requests_total", "ordo_http_request_duration_seconds_bucket",
        "ordo_event_streams_open", "ordo_games_in_memory", "ordo_engine_searches_running",
        "ordo_engine_moves_queued", "ordo_db_errors_total", "ordo_lease_takeovers_total",
        "ordo_login_failures_total"})
    EXPECT_NE(text.find(std::string("\n") + family), std::string::npos) << family << "\n" << text;
  EXPECT_EQ(
      series_value(text, R"(ordo_http_requests_total{method="GET",route="/healthz",status="200"})"),
      1)
      << text;
  if (!has_program("promtool")) GTEST_SKIP() << "promtool (Debian's prometheus) is not installed";
  const std::string file = dir_.file("scrape.txt");
  std::ofstream(file) << text;
  EXPECT_EQ(run("promtool check metrics < " + file + " > " + dir_.file("promtool.out") + " 2>&1"),
            0)
      << std::ifstream(dir_.file("promtool.out")).rdbuf();
}

TEST_F(MetricsEndpoint, ALogInFailureIsCounted) {
  ServedChild served(ORDO_ENGINE_BINARY, dir_.path().string(), {});
  httplib::Client client("127.0.0.1", served.port());
  client.set_read_timeout(30, 0);
  const auto refused =
      client.Post("/api/login", R"({"name":"nobody","password":"wrong"})", "application/json");
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 401) << refused->body;
  int status = 0;
  const std::string text = get_metrics(served.port(), {}, status);
  EXPECT_EQ(series_value(text, "ordo_login_failures_total"), 1) << text;
}

TEST_F(MetricsEndpoint, RefusedThroughAProxyAndToAddressesNotListed) {
  {
    ServedChild served(ORDO_ENGINE_BINARY, dir_.path().string(), {});
    int status = 0;
    get_metrics(served.port(), {{"X-Forwarded-For", "127.0.0.1"}}, status);
    EXPECT_EQ(status, 403) << "a request through a balancer on the same host";
  }
  TempDir other;
  ServedChild served(ORDO_ENGINE_BINARY, other.path().string(), {"--metrics-from", "10.0.0.0/8"});
  int status = 0;
  get_metrics(served.port(), {}, status);
  EXPECT_EQ(status, 403) << "loopback is not in 10.0.0.0/8";
}

TEST(MetricsOptions, ABadAllowListIsRefusedWithTheReason) {
  TempDir dir;
  try {
    ServedChild served(ORDO_ENGINE_BINARY, dir.path().string(), {"--metrics-from", "10.0.0.0/33"});
    FAIL() << "served with a bad --metrics-from";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("--metrics-from: '10.0.0.0/33'"), std::string::npos)
        << e.what();
  }
}

TEST(AlertRules, TheSampleRulesPassPromtool) {
  if (!has_program("promtool")) GTEST_SKIP() << "promtool (Debian's prometheus) is not installed";
  EXPECT_EQ(run("promtool check rules " ORDO_SOURCE_DIR "/docs/prometheus-alerts.yml"), 0);
}

// Slow tier: a real Prometheus server (Debian's), on a free port with its own storage,
// scrapes a running instance; its API then answers a query for one of our series.
TEST(PrometheusScrape, ARealServerScrapesAnInstance) {
  if (!has_program("prometheus")) GTEST_SKIP() << "Debian's prometheus is not installed";
  TempDir dir;
  ServedChild served(ORDO_ENGINE_BINARY, dir.path().string(), {});
  const int prometheus_port = testing::free_loopback_port();
  std::ofstream(dir.file("prometheus.yml"))
      << "global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: ordo\n"
      << "    static_configs:\n      - targets: ['127.0.0.1:" << served.port() << "']\n";
  const pid_t prometheus = fork();
  if (prometheus == 0) {
    std::FILE* log = std::fopen(dir.file("prometheus.log").c_str(), "w");
    if (log) {
      dup2(fileno(log), 1);
      dup2(fileno(log), 2);
    }
    const std::string config = "--config.file=" + dir.file("prometheus.yml");
    const std::string storage = "--storage.tsdb.path=" + dir.file("tsdb");
    const std::string listen = "--web.listen-address=127.0.0.1:" + std::to_string(prometheus_port);
    execlp("prometheus", "prometheus", config.c_str(), storage.c_str(), listen.c_str(),
           static_cast<char*>(nullptr));
    _exit(127);
  }
  httplib::Client api("127.0.0.1", prometheus_port);
  std::string last;
  bool found = false;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!found && std::chrono::steady_clock::now() < deadline) {
    if (auto answer = api.Get("/api/v1/query?query=ordo_games_in_memory")) {
      last = answer->body;
      const auto body = nlohmann::json::parse(answer->body, nullptr, false);
      found = !body.is_discarded() && body.value("status", "") == "success" &&
              !body["data"]["result"].empty();
    }
    if (!found) std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  kill(prometheus, SIGTERM);
  int status = 0;
  waitpid(prometheus, &status, 0);
  EXPECT_TRUE(found) << "last answer: " << last << "\n"
                     << std::ifstream(dir.file("prometheus.log")).rdbuf();
}

}  // namespace
}  // namespace ordo::server
