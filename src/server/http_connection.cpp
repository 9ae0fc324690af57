#include "server/http_connection.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <optional>

#include "server/http/client_address.h"
#include "server/http/http_json.h"
#include "server/http/http_request_reading.h"
#include "server/http/security_headers.h"
#include "server/live/event_source.h"

namespace ordo::server {

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using nlohmann::json;
using std::chrono::milliseconds;

// A stream whose client does not take its events is ended rather than buffered for.
constexpr std::size_t kMaxUnsentEvents = 1 << 20;
// After an error answer, what a client may still send of a body we did not read is read
// and dropped (so that its reading the answer does not meet a reset), up to this much.
constexpr std::size_t kMaxDrainBytes = 1 << 20;
constexpr milliseconds kDrainTime{2000};

bool is_hangup(beast::error_code ec) {
  return ec == http::error::end_of_stream || ec == net::error::eof || ec == beast::error::timeout ||
         ec == net::error::operation_aborted || ec == net::error::connection_reset ||
         ec == net::error::broken_pipe;
}

std::string sse_event(const json& state) {
  return "event: state\ndata: " + state.dump(-1, ' ', false, json::error_handler_t::replace) +
         "\n\n";
}

class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(tcp::socket&& socket, ConnectionContext& context, ConnectionLimits::Slot slot)
      : stream_(std::move(socket)),
        context_(context),
        options_(context.options),
        slot_(std::move(slot)),
        buffer_(options_.max_header_bytes + 64 * 1024),
        timer_(stream_.get_executor()) {}
  ~Connection() { end_stream(); }

  void start() {
    net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read_header(); });
  }

 private:
  // Requests.
  void read_header();
  void on_header(beast::error_code ec);
  void on_body(beast::error_code ec);
  void refuse_request(beast::error_code ec);
  void dispatch_request();
  void answer(HttpResponse response, bool body_unread);
  void drain_and_close(std::size_t drained);
  void close();
  // Event streams.
  void start_stream(std::shared_ptr<EventSource> start);
  void fetch_state();
  void queue_text(std::string text);
  void write_next();
  void watch_for_hangup();
  void tick_keep_alive();
  void end_stream();

  beast::tcp_stream stream_;
  ConnectionContext& context_;
  const HttpOptions& options_;
  ConnectionLimits::Slot slot_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  unsigned version_ = 11;
  bool keep_alive_ = false;
  bool head_ = false;
  char scratch_[4096];

  std::shared_ptr<EventSource> events_;
  std::optional<ChangeListeners::Id> listener_;
  std::uint64_t seen_version_ = 0;
  bool fetching_ = false, stale_ = false, writing_ = false, ended_ = false;
  std::string unsent_, in_flight_;
  net::steady_timer timer_;
  std::chrono::steady_clock::time_point last_write_;
};

void Connection::read_header() {
  parser_.emplace();
  parser_->header_limit(static_cast<std::uint32_t>(options_.max_header_bytes));
  // The body limit holds for chunked bodies too (Beast counts the decoded bytes).
  parser_->body_limit(options_.max_body_bytes);
  stream_.expires_after(milliseconds(options_.header_timeout_ms));
  http::async_read_header(
      stream_, buffer_, *parser_,
      [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_header(ec); });
}

void Connection::on_header(beast::error_code ec) {
  if (ec) return refuse_request(ec);
  const auto& header = parser_->get();
  version_ = header.version();
  keep_alive_ = parser_->keep_alive();
  head_ = header.method() == http::verb::head;
  const auto length = parser_->content_length();
  if (auto refused = refuse_header(header.base(), parser_->chunked(),
                                   length ? std::optional<std::uint64_t>(*length) : std::nullopt,
                                   options_.max_body_bytes))
    return answer(std::move(*refused), !parser_->is_done());
  if (parser_->is_done()) return dispatch_request();
  stream_.expires_after(milliseconds(options_.body_timeout_ms));
  http::async_read(stream_, buffer_, *parser_,
                   [self = shared_from_this()](beast::error_code error, std::size_t) {
                     if (error) return self->refuse_request(error);
                     self->dispatch_request();
                   });
}

void Connection::refuse_request(beast::error_code ec) {
  if (is_hangup(ec)) return close();
  keep_alive_ = false;
  if (ec == http::error::body_limit)
    return answer(error_response(413, "too_large",
                                 "the request body is larger than " +
                                     std::to_string(options_.max_body_bytes / 1024) + " KiB"),
                  true);
  if (ec == http::error::header_limit || ec == http::error::buffer_overflow)
    return answer(error_response(431, "too_large", "the request's header is too large"), true);
  answer(error_response(400, "bad_request", "a malformed HTTP request: " + ec.message()), true);
}

void Connection::dispatch_request() {
  auto read = read_request(parser_->release(), options_.max_body_bytes);
  if (auto* refused = std::get_if<HttpResponse>(&read)) return answer(std::move(*refused), false);
  auto request = std::make_shared<HttpRequest>(std::move(std::get<HttpRequest>(read)));
  beast::error_code no_peer;
  const auto peer = stream_.socket().remote_endpoint(no_peer);
  request->client_address =
      client_address(no_peer ? std::string() : peer.address().to_string(),
                     request->header("x-forwarded-for"), options_.trust_forwarded_for);
  // A handler may take a while (an analysis): no deadline until its answer is written.
  stream_.expires_never();
  request->scheme = options_.public_scheme;
  const WorkKind kind = context_.router.kind_of(*request);
  if (auto refused = context_.admission.admit(kind, request->client_address))
    return answer(std::move(*refused), false);
  auto& pool = kind == WorkKind::hashing    ? context_.hashing_workers
               : kind == WorkKind::analysis ? context_.analysis_workers
                                            : context_.workers;
  net::post(pool, [self = shared_from_this(), request, kind] {
    auto response = std::make_shared<HttpResponse>(self->context_.router.handle(*request));
    self->context_.admission.release(kind, request->client_address);
    net::post(self->stream_.get_executor(),
              [self, response] { self->answer(std::move(*response), false); });
  });
}

void Connection::answer(HttpResponse response, bool body_unread) {
  if (response.events && head_) {
    response.events.reset();  // HEAD: the stream's header, no stream
    response.content_type = "text/event-stream";
  }
  if (response.events) {
    if (context_.open_streams.load() < options_.max_streams)
      return start_stream(std::move(response.events));
    response = error_response(503, "busy", "too many open event streams; try again later");
  }
  const bool keep_alive = keep_alive_ && !body_unread;
  auto message = std::make_shared<http::response<http::string_body>>(
      static_cast<http::status>(response.status), version_);
  if (!response.content_type.empty())
    message->set(http::field::content_type, response.content_type);
  // insert, not set: a response may carry several Set-Cookie fields.
  for (const auto& [name, value] : response.headers) message->insert(name, value);
  for (const auto& [name, value] : kSecurityHeaders) message->set(name, value);
  message->body() = std::move(response.body);
  message->keep_alive(keep_alive);
  message->prepare_payload();
  auto serializer = std::make_shared<http::response_serializer<http::string_body>>(*message);
  auto done = [self = shared_from_this(), message, serializer, keep_alive, body_unread](
                  beast::error_code ec, std::size_t) {
    if (ec) return self->close();
    if (keep_alive) return self->read_header();
    if (body_unread) return self->drain_and_close(0);
    self->close();
  };
  stream_.expires_after(milliseconds(options_.write_timeout_ms));
  if (head_)
    http::async_write_header(stream_, *serializer, std::move(done));
  else
    http::async_write(stream_, *serializer, std::move(done));
}

void Connection::drain_and_close(std::size_t drained) {
  if (drained == 0) {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    stream_.expires_after(kDrainTime);
  }
  stream_.async_read_some(net::buffer(scratch_), [self = shared_from_this(), drained](
                                                     beast::error_code ec, std::size_t size) {
    if (ec || drained + size > kMaxDrainBytes) return self->close();
    self->drain_and_close(drained + size);
  });
}

void Connection::close() {
  beast::error_code ignored;
  stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
  stream_.socket().close(ignored);
}

void Connection::start_stream(std::shared_ptr<EventSource> start) {
  events_ = std::move(start);
  context_.open_streams.fetch_add(1);
  auto weak = weak_from_this();
  auto executor = stream_.get_executor();
  PostGate& gate = context_.gate;
  // Runs under the source's lock (a game's, the lobby's): only posts.
  listener_ = events_->listen([weak, executor, &gate] {
    gate.post(executor, [weak] {
      if (auto self = weak.lock()) self->fetch_state();
    });
  });
  auto header = std::make_shared<http::response<http::empty_body>>(http::status::ok, version_);
  header->set(http::field::content_type, "text/event-stream");
  header->set(http::field::cache_control, "no-cache");
  header->set("X-Accel-Buffering", "no");
  for (const auto& [name, value] : kSecurityHeaders) header->set(name, value);
  header->keep_alive(true);
  header->chunked(true);
  auto serializer = std::make_shared<http::response_serializer<http::empty_body>>(*header);
  stream_.expires_after(milliseconds(options_.write_timeout_ms));
  http::async_write_header(
      stream_, *serializer,
      [self = shared_from_this(), header, serializer](beast::error_code ec, std::size_t) {
        if (ec) return self->end_stream();
        self->last_write_ = std::chrono::steady_clock::now();
        self->fetch_state();
        self->watch_for_hangup();
        self->tick_keep_alive();
      });
}

// The state is read on a worker (it takes the game's lock), one read at a time; a change
// that arrives meanwhile reads again afterwards.
void Connection::fetch_state() {
  if (ended_) return;
  if (fetching_) {
    stale_ = true;
    return;
  }
  fetching_ = true;
  net::post(context_.stream_workers,
            [self = shared_from_this(), version = seen_version_]() mutable {
              std::optional<json> state;
              try {
                state = self->events_->next(version);
              } catch (const std::exception&) {
                // The stream goes on; the next change reads again.
              }
              net::post(self->stream_.get_executor(), [self, version, state = std::move(state)] {
                self->fetching_ = false;
                if (state) {
                  self->seen_version_ = version;
                  self->queue_text(sse_event(*state));
                }
                if (std::exchange(self->stale_, false)) self->fetch_state();
              });
            });
}

void Connection::queue_text(std::string text) {
  if (ended_) return;
  unsent_ += text;
  if (unsent_.size() > kMaxUnsentEvents) return end_stream();
  write_next();
}

void Connection::write_next() {
  if (ended_ || writing_ || unsent_.empty()) return;
  writing_ = true;
  in_flight_ = std::exchange(unsent_, {});
  stream_.expires_after(milliseconds(options_.write_timeout_ms));
  net::async_write(stream_, http::make_chunk(net::buffer(in_flight_)),
                   [self = shared_from_this()](beast::error_code ec, std::size_t) {
                     self->writing_ = false;
                     if (ec) return self->end_stream();
                     self->last_write_ = std::chrono::steady_clock::now();
                     self->write_next();
                   });
}

// A stream's client sends nothing more; a read that ends means it has gone. (On the bare
// socket: the stream's write deadlines must not end this read.)
void Connection::watch_for_hangup() {
  stream_.socket().async_read_some(net::buffer(scratch_),
                                   [self = shared_from_this()](beast::error_code ec, std::size_t) {
                                     if (ec) return self->end_stream();
                                     self->watch_for_hangup();
                                   });
}

void Connection::tick_keep_alive() {
  timer_.expires_after(std::chrono::seconds(options_.keep_alive_seconds));
  timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || self->ended_) return;
    const auto quiet = std::chrono::steady_clock::now() - self->last_write_;
    if (quiet >= std::chrono::seconds(self->options_.keep_alive_seconds))
      self->queue_text(": keep-alive\n\n");
    self->tick_keep_alive();
  });
}

void Connection::end_stream() {
  if (!events_ || ended_) return;
  ended_ = true;
  if (listener_) events_->unlisten(*listener_);
  listener_.reset();
  timer_.cancel();
  close();
  context_.open_streams.fetch_sub(1);
}

}  // namespace

void start_connection(tcp::socket socket, ConnectionContext& context, ConnectionLimits::Slot slot) {
  std::make_shared<Connection>(std::move(socket), context, std::move(slot))->start();
}

}  // namespace ordo::server
