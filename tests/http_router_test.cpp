// The route table and the reading of requests, without sockets: 404 and 405 (with Allow),
// answers in valid UTF-8 whatever the path held, handlers' errors as JSON, and the header
// and body checks of http_request_reading.
#include "server/http/http_router.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>

#include "server/common/api_error.h"
#include "server/common/storage_error.h"
#include "server/http/body_encoding.h"
#include "server/http/http_json.h"
#include "server/http/http_request_reading.h"

namespace ordo::server {
namespace {

using nlohmann::json;
namespace http = boost::beast::http;

HttpRequest request(std::string method, std::string path) {
  HttpRequest r;
  r.method = std::move(method);
  r.path = std::move(path);
  return r;
}

Router sample_router() {
  Router router;
  auto ok = [](const HttpRequest&, const Router::Params& params) {
    return json_response(200, json{{"params", params}});
  };
  router.add("GET", "/api/games", ok);
  router.add("POST", "/api/games", ok);
  router.add("POST", "/api/games/{id}/moves", ok);
  router.add("GET", "/static/{path*}", ok);
  router.add("GET", "/api/fails", [](const HttpRequest&, const Router::Params&) -> HttpResponse {
    throw ApiError(409, "stale", "bad \xff text");
  });
  return router;
}

std::string header_value(const HttpResponse& response, const std::string& name) {
  for (const auto& [key, value] : response.headers)
    if (key == name) return value;
  return "";
}

TEST(HttpRouter, RoutesByMethodAndPattern) {
  const Router router = sample_router();
  EXPECT_EQ(json::parse(router.handle(request("POST", "/api/games/ab-1_c/moves")).body)["params"],
            json::array({"ab-1_c"}));
  EXPECT_EQ(json::parse(router.handle(request("GET", "/static/js/board.js")).body)["params"],
            json::array({"js/board.js"}));
  EXPECT_EQ(router.handle(request("HEAD", "/api/games")).status, 200);
  EXPECT_EQ(router.handle(request("POST", "/api/games/a.b/moves")).status, 404);
  EXPECT_EQ(router.handle(request("POST", "/api/games/x/moves/")).status, 404);
  EXPECT_EQ(router.handle(request("GET", "/static/")).status, 404);
}

TEST(HttpRouter, AMethodNotAllowedIs405WithAllow) {
  const Router router = sample_router();
  const HttpResponse refused = router.handle(request("DELETE", "/api/games"));
  EXPECT_EQ(refused.status, 405);
  EXPECT_EQ(header_value(refused, "Allow"), "GET, HEAD, POST");
  EXPECT_EQ(json::parse(refused.body)["code"], "bad_method");
  EXPECT_EQ(header_value(router.handle(request("GET", "/api/games/g1/moves")), "Allow"), "POST");
}

TEST(HttpRouter, EveryAnswerIsValidUtf8) {
  const Router router = sample_router();
  const HttpResponse missing = router.handle(request("GET", "/api/\xc3"));
  EXPECT_EQ(missing.status, 404);
  const json body = json::parse(missing.body);  // throws on invalid UTF-8
  EXPECT_EQ(body["code"], "not_found");
  const HttpResponse failed = router.handle(request("GET", "/api/fails"));
  EXPECT_EQ(failed.status, 409);
  EXPECT_EQ(json::parse(failed.body)["error"], "bad \xef\xbf\xbd text");
  EXPECT_EQ(router.handle(request("PUT", "/api/games\xff")).status, 404);
}

http::request<http::string_body> message(http::verb verb, const std::string& target,
                                         std::string body = {}) {
  http::request<http::string_body> m(verb, target, 11);
  m.body() = std::move(body);
  m.prepare_payload();
  return m;
}

TEST(HttpRequestReading, DecodesTheTarget) {
  auto read =
      read_request(message(http::verb::get, "/api/games%2Fx?limit=5&token=a%20b+c&x"), 1024);
  ASSERT_TRUE(std::holds_alternative<HttpRequest>(read));
  const HttpRequest& r = std::get<HttpRequest>(read);
  EXPECT_EQ(r.path, "/api/games/x");
  EXPECT_EQ(r.query_value("limit"), "5");
  EXPECT_EQ(r.query_value("token"), "a b c");
  EXPECT_EQ(r.query_value("x"), "");
  EXPECT_FALSE(r.query_value("y"));
  auto bad = read_request(message(http::verb::get, "/api/%zz"), 1024);
  ASSERT_TRUE(std::holds_alternative<HttpResponse>(bad));
  EXPECT_EQ(std::get<HttpResponse>(bad).status, 400);
}

TEST(HttpRequestReading, RefusesTwoContentLengths) {
  auto m = message(http::verb::post, "/api/games", "{}");
  m.insert(http::field::content_length, "2");
  auto read = read_request(std::move(m), 1024);
  ASSERT_TRUE(std::holds_alternative<HttpResponse>(read));
  EXPECT_EQ(std::get<HttpResponse>(read).status, 400);
}

// A proxy appends its X-Forwarded-For line after any the client sent (HAProxy's `option
// forwardfor`): the server sees them all, in order, so the last entry is the proxy's.
TEST(HttpRequestReading, JoinsEveryForwardedForLine) {
  auto m = message(http::verb::get, "/api/games");
  m.insert("X-Forwarded-For", "203.0.113.9");
  m.insert("x-forwarded-for", "203.0.113.10, 203.0.113.11");
  m.insert("X-Forwarded-For", "198.51.100.7");
  auto read = read_request(std::move(m), 1024);
  ASSERT_TRUE(std::holds_alternative<HttpRequest>(read));
  EXPECT_EQ(std::get<HttpRequest>(read).header("x-forwarded-for"),
            "203.0.113.9, 203.0.113.10, 203.0.113.11, 198.51.100.7");

  auto one = message(http::verb::get, "/api/games");
  one.insert("X-Forwarded-For", "198.51.100.7");
  auto read_one = read_request(std::move(one), 1024);
  ASSERT_TRUE(std::holds_alternative<HttpRequest>(read_one));
  EXPECT_EQ(std::get<HttpRequest>(read_one).header("x-forwarded-for"), "198.51.100.7");

  auto none = read_request(message(http::verb::get, "/api/games"), 1024);
  ASSERT_TRUE(std::holds_alternative<HttpRequest>(none));
  EXPECT_FALSE(std::get<HttpRequest>(none).header("x-forwarded-for"));
}

std::string gzip(const std::string& text) {
  z_stream z{};
  deflateInit2(&z, 9, Z_DEFLATED, 16 + MAX_WBITS, 9, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&z, text.size()) + 64, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

TEST(HttpRequestReading, LimitsACompressedBodyAfterDecompression) {
  const std::string small = gzip("{\"mode\":\"local\"}");
  EXPECT_EQ(decode_body(small, BodyEncoding::Gzip, 1024), "{\"mode\":\"local\"}");
  const std::string bomb = gzip(std::string(1 << 20, ' '));
  EXPECT_LT(bomb.size(), 4096u);
  EXPECT_FALSE(decode_body(bomb, BodyEncoding::Gzip, 64 * 1024));
  EXPECT_THROW(decode_body("not gzip", BodyEncoding::Gzip, 1024), std::invalid_argument);
  EXPECT_THROW(decode_body(small.substr(0, small.size() - 4), BodyEncoding::Gzip, 1024),
               std::invalid_argument);
  auto m = message(http::verb::post, "/api/games", bomb);
  m.set(http::field::content_encoding, "gzip");
  auto read = read_request(std::move(m), 64 * 1024);
  ASSERT_TRUE(std::holds_alternative<HttpResponse>(read));
  EXPECT_EQ(std::get<HttpResponse>(read).status, 413);
  EXPECT_EQ(body_encoding("br"), BodyEncoding::Unknown);
  EXPECT_EQ(body_encoding(" GZIP "), BodyEncoding::Gzip);
}

// Storage that cannot answer is the client's 503 (507 for a full disk) with Retry-After,
// and the answer says nothing of the database's own words, hosts or paths (issue 60).
TEST(HttpRouter, StorageThatCannotAnswerIsA503WithRetryAfterAndNoInternals) {
  Router router;
  router.add("GET", "/down", [](const HttpRequest&, const Router::Params&) -> HttpResponse {
    throw StorageUnavailable("storage: connection to db.internal:5432 refused", false);
  });
  router.add("GET", "/full", [](const HttpRequest&, const Router::Params&) -> HttpResponse {
    throw StorageUnavailable("storage: /srv/ordo/ordo.sqlite: database or disk is full", true);
  });
  router.add("GET", "/slow", [](const HttpRequest&, const Router::Params&) -> HttpResponse {
    throw ApiError(429, "too_many_attempts", "wait", 7);
  });
  const HttpResponse down = router.handle(request("GET", "/down"));
  EXPECT_EQ(down.status, 503);
  EXPECT_EQ(json::parse(down.body)["code"], "storage_unavailable");
  EXPECT_EQ(down.body.find("5432"), std::string::npos) << down.body;
  const HttpResponse full = router.handle(request("GET", "/full"));
  EXPECT_EQ(full.status, 507);
  EXPECT_EQ(json::parse(full.body)["code"], "storage_full");
  EXPECT_EQ(full.body.find("/srv"), std::string::npos) << full.body;
  for (const HttpResponse& refused : {down, full}) {
    const auto retry = std::find_if(refused.headers.begin(), refused.headers.end(),
                                    [](const auto& h) { return h.first == "Retry-After"; });
    ASSERT_NE(retry, refused.headers.end());
    EXPECT_EQ(retry->second, "5");
  }
  const HttpResponse slow = router.handle(request("GET", "/slow"));
  EXPECT_EQ(slow.status, 429);
  // (Beside the X-Request-Id every answer carries.)
  EXPECT_NE(std::find(slow.headers.begin(), slow.headers.end(),
                      std::pair<std::string, std::string>{"Retry-After", "7"}),
            slow.headers.end());
}

// Expensive work is admitted within its kind's bounds: per client address, then in all;
// a refused request is answered at once with Retry-After, and a release makes room again.
TEST(WorkAdmission, EachKindAdmitsWithinItsBoundsPerClientAndInAll) {
  WorkLimits limits;
  limits.analysis = {1, 3, 2};
  limits.hashing = {1, 1, 1};
  WorkAdmission admission(limits);
  EXPECT_FALSE(admission.admit(WorkKind::analysis, "a"));
  EXPECT_FALSE(admission.admit(WorkKind::analysis, "a"));
  const auto third_from_a = admission.admit(WorkKind::analysis, "a");
  ASSERT_TRUE(third_from_a);
  EXPECT_EQ(third_from_a->status, 429);
  EXPECT_EQ(json::parse(third_from_a->body)["code"], "too_many_requests");
  EXPECT_FALSE(admission.admit(WorkKind::analysis, "b"));
  const auto fourth_in_all = admission.admit(WorkKind::analysis, "c");
  ASSERT_TRUE(fourth_in_all);
  EXPECT_EQ(fourth_in_all->status, 503);
  EXPECT_EQ(fourth_in_all->headers.front().first, "Retry-After");
  // Hashing has its own count: analyses do not hold log-ins up.
  EXPECT_FALSE(admission.admit(WorkKind::hashing, "c"));
  EXPECT_FALSE(admission.admit(WorkKind::quick, "a"));  // quick requests always
  admission.release(WorkKind::analysis, "a");
  EXPECT_FALSE(admission.admit(WorkKind::analysis, "c"));
}

TEST(HttpRouter, RoutesSayWhichKindOfWorkTheyAre) {
  Router router;
  auto ok = [](const HttpRequest&, const Router::Params&) { return json_response(200, {}); };
  router.add("POST", "/api/analyze", ok, WorkKind::analysis);
  router.add("POST", "/api/login", ok, WorkKind::hashing);
  router.add("GET", "/api/games", ok);
  EXPECT_EQ(router.kind_of(request("POST", "/api/analyze")), WorkKind::analysis);
  EXPECT_EQ(router.kind_of(request("POST", "/api/login")), WorkKind::hashing);
  EXPECT_EQ(router.kind_of(request("GET", "/api/games")), WorkKind::quick);
  EXPECT_EQ(router.kind_of(request("GET", "/api/analyze")), WorkKind::quick);
}

}  // namespace
}  // namespace ordo::server
