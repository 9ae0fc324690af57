// The HTTP transport against hostile and slow clients, on a real loopback server: bodies
// limited whatever their encoding, HTTP semantics (405, Range, two Content-Length), answers
// that are valid UTF-8 whatever the request held, deadlines and limits per connection, and
// many open event streams and slow clients while ordinary requests still answer fast.
#include <gtest/gtest.h>
#include <httplib.h>
#include <zlib.h>

#include <algorithm>
#include <boost/asio/ip/tcp.hpp>
#include <fstream>
#include <memory>
#include <thread>
#include <vector>

#include "http_raw_client.h"
#include "server/games/game_service.h"
#include "server/http_server.h"
#include "server/storage/sqlite/sqlite_storage.h"
#include "server_test_util.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using std::chrono::milliseconds;
using testing::RawClient;
using testing::TempDir;
using Clock = std::chrono::steady_clock;

constexpr milliseconds kPatience{60000};  // for what must happen; the machine may be loaded

// The process's resident memory in bytes (Linux).
std::size_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::size_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}

// `size` bytes of JSON that gzip makes small: {"mode":"local","pad":"aaaa…"}.
std::string gzip_bomb(std::size_t size) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, 9, Z_DEFLATED, 16 + MAX_WBITS, 9, Z_DEFAULT_STRATEGY), Z_OK);
  std::string out;
  auto put = [&](const std::string& in, int flush) {
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    z.avail_in = static_cast<uInt>(in.size());
    char chunk[65536];
    do {
      z.next_out = reinterpret_cast<Bytef*>(chunk);
      z.avail_out = sizeof chunk;
      deflate(&z, flush);
      out.append(chunk, sizeof chunk - z.avail_out);
    } while (z.avail_out == 0);
  };
  put("{\"mode\":\"local\",\"pad\":\"", Z_NO_FLUSH);
  for (std::size_t left = size; left > 0;) {
    const std::size_t part = std::min<std::size_t>(left, 1 << 20);
    put(std::string(part, 'a'), Z_NO_FLUSH);
    left -= part;
  }
  put("\"}", Z_FINISH);
  deflateEnd(&z);
  return out;
}

class HttpTransportTest : public ::testing::Test {
 protected:
  void start(const HttpOptions& options) {
    storage_ = std::make_unique<SqliteStorage>(dir_.file("games.sqlite"));
    ServiceOptions service_options;
    service_options.engine_hash_mib = 1;
    service_options.fixed_ai_depth = 1;
    service_ = std::make_unique<GameService>(*storage_, service_options);
    http_ = std::make_unique<HttpServer>(*service_, options);
    port_ = http_->bind(0);
    thread_ = std::thread([this] { http_->serve(); });
  }
  void TearDown() override {
    if (!http_) return;
    http_->stop();
    thread_.join();
    http_.reset();
    service_.reset();
    storage_.reset();
  }
  HttpOptions options() const {
    HttpOptions o;
    o.web_dir = dir_.path().string();  // no page: not needed here
    return o;
  }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(60, 0);
    return c;
  }
  std::string new_game() {
    auto res = client().Post("/api/games", R"({"mode":"network"})", "application/json");
    EXPECT_TRUE(res);
    EXPECT_EQ(res->status, 201);
    const json created = json::parse(res->body);
    white_ = created["tokens"]["white"];
    return created["id"];
  }
  // One request on its own connection; the whole answer (the server closes after it).
  std::unique_ptr<RawClient> exchange(const std::string& request) {
    auto raw = std::make_unique<RawClient>(port_);
    EXPECT_TRUE(raw->send(request));
    EXPECT_TRUE(raw->read_to_end(kPatience));
    return raw;
  }

  TempDir dir_;
  std::unique_ptr<SqliteStorage> storage_;
  std::unique_ptr<GameService> service_;
  std::unique_ptr<HttpServer> http_;
  std::thread thread_;
  int port_ = 0;
  std::string white_;
};

void expect_json_error(const RawClient& raw, int status, const std::string& code) {
  EXPECT_EQ(raw.status(), status) << raw.received();
  // nlohmann's parser refuses text that is not valid UTF-8.
  const json body = json::parse(raw.body(), nullptr, false);
  ASSERT_FALSE(body.is_discarded()) << raw.body();
  EXPECT_EQ(body.value("code", ""), code) << raw.body();
  EXPECT_FALSE(body.value("error", "").empty());
}

// `serve --port N` binds N or fails (one try); only its default moves on to a free port.
TEST_F(HttpTransportTest, APortTakenIsRefusedUnlessMovingOnIsAsked) {
  boost::asio::io_context io;
  const boost::asio::ip::tcp::acceptor held(
      io, {boost::asio::ip::make_address("127.0.0.1"), 0});  // bound and listening
  const int taken = held.local_endpoint().port();
  SqliteStorage storage(dir_.file("games.sqlite"));
  GameService service(storage, ServiceOptions{});
  HttpOptions o = options();
  o.host = "127.0.0.1";
  HttpServer exact(service, o);
  try {
    exact.bind(taken, 1);
    ADD_FAILURE() << "bound port " << taken << ", which is taken";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("port " + std::to_string(taken)), std::string::npos)
        << e.what();
  }
  HttpServer moving(service, o);
  const int got = moving.bind(taken, 20);
  EXPECT_GT(got, taken);
  EXPECT_LT(got, taken + 20);
}

TEST_F(HttpTransportTest, APathThatIsNotUtf8GetsA404InValidUtf8) {
  start(options());
  auto raw = exchange("GET /nothing\xff\xfe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  expect_json_error(*raw, 404, "not_found");
  auto escaped = exchange("GET /api/%C3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  expect_json_error(*escaped, 404, "not_found");
  // The server is still there.
  EXPECT_EQ(client().Get("/api/games")->status, 200);
}

TEST_F(HttpTransportTest, AChunkedBodyIsLimitedOnTheBytesReceived) {
  start(options());
  const std::size_t before = resident_bytes();
  RawClient raw(port_);
  ASSERT_TRUE(
      raw.send("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               "Transfer-Encoding: chunked\r\n\r\n"));
  const std::string chunk = "10000\r\n" + std::string(0x10000, ' ') + "\r\n";
  std::size_t sent = 0;
  // Up to 100 MB, until the server answers or stops taking bytes.
  while (sent < 100'000'000 && !raw.readable(milliseconds(0)) && raw.send(chunk))
    sent += chunk.size();
  ASSERT_TRUE(raw.read_until("\r\n\r\n", kPatience));
  raw.read_to_end(kPatience);
  expect_json_error(raw, 413, "too_large");
  EXPECT_LT(sent, 50'000'000u);  // cut off long before the end (socket buffers hold some MB)
  EXPECT_LT(resident_bytes(), before + 32'000'000);
}

TEST_F(HttpTransportTest, ACompressedBodyIsLimitedAfterDecompression) {
  start(options());
  const std::string bomb = gzip_bomb(50'000'000);
  ASSERT_LT(bomb.size(), 64u * 1024);  // small on the wire
  const std::size_t before = resident_bytes();
  auto raw = exchange(
      "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
      "Content-Encoding: gzip\r\nConnection: close\r\nContent-Length: " +
      std::to_string(bomb.size()) + "\r\n\r\n" + bomb);
  expect_json_error(*raw, 413, "too_large");
  EXPECT_LT(resident_bytes(), before + 32'000'000);
  // A small compressed body is taken.
  const std::string small = gzip_bomb(100);
  auto taken = exchange(
      "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
      "Content-Encoding: gzip\r\nConnection: close\r\nContent-Length: " +
      std::to_string(small.size()) + "\r\n\r\n" + small);
  EXPECT_EQ(taken->status(), 201) << taken->received();
  EXPECT_EQ(service_->game_count(), 1u);
}

TEST_F(HttpTransportTest, TwoContentLengthHeadersAreRefused) {
  start(options());
  auto raw = exchange(
      "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 17\r\nContent-Length: 17\r\n"
      "Connection: close\r\n\r\n{\"mode\":\"local\"}");
  expect_json_error(*raw, 400, "bad_request");
  auto listed = exchange(
      "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 17, 17\r\n"
      "Connection: close\r\n\r\n{\"mode\":\"local\"}");
  expect_json_error(*listed, 400, "bad_request");
  EXPECT_EQ(service_->game_count(), 0u);
}

TEST_F(HttpTransportTest, AMethodNotAllowedGets405WithAllow) {
  start(options());
  const std::string id = new_game();
  auto raw = exchange("DELETE /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  expect_json_error(*raw, 405, "bad_method");
  EXPECT_NE(raw->received().find("Allow: GET, HEAD, POST\r\n"), std::string::npos)
      << raw->received();
  auto moves = client().Get("/api/games/" + id + "/moves");
  ASSERT_TRUE(moves);
  EXPECT_EQ(moves->status, 405);
  EXPECT_EQ(moves->get_header_value("Allow"), "POST");
}

TEST_F(HttpTransportTest, EveryAnswerCarriesTheBrowsersSecurityHeaders) {
  start(options());
  const std::string id = new_game();
  for (const std::string& path : {std::string("/"), "/api/games/" + id, std::string("/no")}) {
    auto res = client().Get(path);
    ASSERT_TRUE(res) << path;
    const std::string policy = res->get_header_value("Content-Security-Policy");
    EXPECT_NE(policy.find("script-src 'self'"), std::string::npos) << path;
    EXPECT_NE(policy.find("frame-ancestors 'none'"), std::string::npos) << path;
    EXPECT_EQ(policy.find("unsafe-inline"), std::string::npos) << path;
    EXPECT_EQ(res->get_header_value("X-Frame-Options"), "DENY") << path;
    EXPECT_EQ(res->get_header_value("X-Content-Type-Options"), "nosniff") << path;
    EXPECT_EQ(res->get_header_value("Referrer-Policy"), "same-origin") << path;
  }
  // The event stream's header too.
  RawClient stream(port_);
  ASSERT_TRUE(stream.send("GET /api/games/" + id + "/events HTTP/1.1\r\nHost: x\r\n\r\n"));
  EXPECT_TRUE(stream.read_until("\r\n\r\n", kPatience));
  EXPECT_NE(stream.received().find("X-Content-Type-Options: nosniff\r\n"), std::string::npos)
      << stream.received();
}

TEST_F(HttpTransportTest, RangeIsIgnoredOnJsonAnswers) {
  start(options());
  const std::string id = new_game();
  auto res = client().Get("/api/games/" + id, {{"Range", "bytes=0-5"}});
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(json::parse(res->body)["id"], id);
}

// A client that sends its header a byte at a time is cut off at the header's deadline,
// however steadily it sends.
TEST_F(HttpTransportTest, AHeaderMustArriveWithinItsDeadline) {
  HttpOptions o = options();
  o.header_timeout_ms = 300;
  start(o);
  RawClient raw(port_);
  const std::string header = "GET /api/games HTTP/1.1\r\nX-Slow: " + std::string(5000, 'a');
  const auto began = Clock::now();
  bool closed = false;
  for (std::size_t i = 0; i < header.size() && !closed && Clock::now() - began < kPatience; ++i) {
    // The pace of the attack, not a wait for the server: one byte each 50 ms, so that no
    // single read waits long.
    closed = !raw.send(header.substr(i, 1)) ||
             (raw.readable(milliseconds(50)) && !raw.read_some(milliseconds(0)));
  }
  EXPECT_TRUE(closed) << "still open after " << header.size() << " bytes";
  EXPECT_EQ(raw.received(), "");
}

TEST_F(HttpTransportTest, OneAddressHoldsAtMostItsShareOfConnections) {
  HttpOptions o = options();
  o.max_connections_per_address = 3;
  start(o);
  std::vector<std::unique_ptr<RawClient>> held;
  for (int i = 0; i < 3; ++i) {
    held.push_back(std::make_unique<RawClient>(port_));
    // An answer on each shows the server holds it (accepted in order).
    ASSERT_TRUE(held.back()->send("GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n"));
    ASSERT_TRUE(held.back()->read_until("\"games\"", kPatience));
  }
  RawClient fourth(port_);
  fourth.send("GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_TRUE(fourth.read_to_end(kPatience));  // closed at once, without an answer
  EXPECT_EQ(fourth.received(), "");
  EXPECT_EQ(http_->open_connections(), 3u);
}

// The attack of issue 44 on a smaller scale: slow clients that never finish their header
// and hundreds of open event streams, while ordinary requests answer fast and every stream
// still gets its events.
TEST_F(HttpTransportTest, SlowClientsAndManyStreamsDoNotStarveOtherRequests) {
  constexpr int kStreams = 300, kSlow = 100, kRounds = 5, kRequestsPerRound = 20;
  HttpOptions o = options();
  o.header_timeout_ms = 120000;  // the slow clients stay for the whole test
  start(o);
  const std::string id = new_game();
  std::vector<std::unique_ptr<RawClient>> streams, slow;
  for (int i = 0; i < kStreams; ++i) {
    streams.push_back(std::make_unique<RawClient>(port_));
    ASSERT_TRUE(
        streams.back()->send("GET /api/games/" + id + "/events HTTP/1.1\r\nHost: x\r\n\r\n"));
  }
  for (auto& stream : streams) ASSERT_TRUE(stream->read_until("\"ply\":0", kPatience));
  EXPECT_EQ(http_->open_streams(), kStreams);
  for (int i = 0; i < kSlow; ++i) {
    slow.push_back(std::make_unique<RawClient>(port_));
    ASSERT_TRUE(slow.back()->send("GET /api/games HTTP/1.1\r\nX-Slow: "));
  }
  std::vector<double> latencies_ms;
  auto c = client();
  for (int round = 0; round < kRounds; ++round) {
    for (auto& s : slow) ASSERT_TRUE(s->send("a"));  // one more header byte each
    for (int i = 0; i < kRequestsPerRound; ++i) {
      const auto began = Clock::now();
      auto res = c.Get("/api/games/" + id);
      latencies_ms.push_back(
          std::chrono::duration<double, std::milli>(Clock::now() - began).count());
      ASSERT_TRUE(res);
      ASSERT_EQ(res->status, 200);
    }
  }
  std::sort(latencies_ms.begin(), latencies_ms.end());
  const double p99 = latencies_ms[latencies_ms.size() * 99 / 100];
  // Milliseconds on an idle machine; a wide margin for a loaded one.
  EXPECT_LT(p99, 2000.0) << "p99 " << p99 << " ms";
  for (auto& s : slow) EXPECT_FALSE(s->readable(milliseconds(0)));  // still held, unanswered

  ASSERT_EQ(c.Post("/api/games/" + id + "/moves", json{{"token", white_}, {"move", "c2-c3"}}.dump(),
                   "application/json")
                ->status,
            200);
  for (auto& stream : streams) EXPECT_TRUE(stream->read_until("\"ply\":1", kPatience));
}

}  // namespace
}  // namespace ordo::server
