#include "server/http_server.h"

#include <httplib.h>
#include <pthread.h>
#include <signal.h>

#include <chrono>
#include <iostream>
#include <stdexcept>

#include "server/api_error.h"

namespace ordo::server {

using nlohmann::json;

namespace {

constexpr const char* kJson = "application/json";
constexpr const char* kIdPattern = "([A-Za-z0-9_-]{1,64})";

void send_json(httplib::Response& res, int status, const json& body) {
  res.status = status;
  res.set_content(body.dump(), kJson);
}

void send_error(httplib::Response& res, int status, const std::string& code,
                const std::string& message) {
  send_json(res, status, json{{"error", message}, {"code", code}});
}

// Runs an API handler, turning its exceptions into JSON errors.
template <typename Handler>
void answer(httplib::Response& res, int status, Handler&& handler) {
  try {
    send_json(res, status, handler());
  } catch (const ApiError& e) {
    send_error(res, e.status(), e.code(), e.what());
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << '\n';
    send_error(res, 500, "internal", std::string("internal error: ") + e.what());
  }
}

json parse_body(const httplib::Request& req) {
  json body = json::parse(req.body, nullptr, false);
  if (body.is_discarded()) throw ApiError(400, "bad_json", "the body is not valid JSON");
  if (!body.is_object()) throw ApiError(400, "bad_json", "the body must be a JSON object");
  return body;
}

int query_int(const httplib::Request& req, const char* name, int fallback) {
  if (!req.has_param(name)) return fallback;
  const std::string text = req.get_param_value(name);
  std::size_t used = 0;
  int value = 0;
  try {
    value = std::stoi(text, &used);
  } catch (const std::logic_error&) {
    used = 0;
  }
  if (used == 0 || used != text.size())
    throw ApiError(400, "bad_request", std::string("'") + name + "' must be a number");
  return value;
}

const char* error_code_for(int status) {
  switch (status) {
    case 400:
      return "bad_request";
    case 404:
      return "not_found";
    case 405:
      return "bad_method";
    case 413:
      return "too_large";
    default:
      return "error";
  }
}

std::string error_message_for(int status, const httplib::Request& req) {
  if (status == 413) return "the request body is larger than 64 KiB";
  if (status == 404) return "nothing at " + req.path;
  return "the request could not be served (HTTP " + std::to_string(status) + ")";
}

std::string sse_event(const json& state) {
  return "event: state\ndata: " + state.dump() + "\n\n";
}

}  // namespace

HttpServer::HttpServer(GameService& games, HttpOptions options)
    : games_(games),
      options_(std::move(options)),
      files_(options_.web_dir),
      http_(std::make_unique<httplib::Server>()) {
  const int threads = options_.threads;
  http_->new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  http_->set_payload_max_length(options_.max_body_bytes);
  http_->set_keep_alive_max_count(10000);
  // Small JSON answers must not wait for Nagle's algorithm and delayed ACKs (~40 ms).
  http_->set_tcp_nodelay(true);
  http_->set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    // Errors httplib raises itself (no route, body too large) get the same JSON shape.
    if (res.body.empty())
      send_error(res, res.status, error_code_for(res.status), error_message_for(res.status, req));
  });
  http_->set_exception_handler(
      [](const httplib::Request&, httplib::Response& res, std::exception_ptr error) {
        std::string what = "unknown";
        try {
          std::rethrow_exception(error);
        } catch (const std::exception& e) {
          what = e.what();
        } catch (...) {
        }
        send_error(res, 500, "internal", "internal error: " + what);
      });
  add_api_routes();
  add_game_routes();
  add_event_route();
  add_static_routes();
}

HttpServer::~HttpServer() {
  stop();
}

int HttpServer::bind(int port, int tries) {
  if (port == 0) {
    const int bound = http_->bind_to_any_port(options_.host);
    if (bound <= 0) throw std::runtime_error("cannot listen on " + options_.host);
    return bound;
  }
  for (int p = port; p < port + tries && p <= 65535; ++p)
    if (http_->bind_to_port(options_.host, p)) return p;
  throw std::runtime_error("no free port on " + options_.host + " from " + std::to_string(port) +
                           " to " + std::to_string(port + tries - 1));
}

void HttpServer::serve() {
  // httplib writes without MSG_NOSIGNAL: a browser that hangs up would raise SIGPIPE and
  // end the process. The pool's threads are started here and inherit this thread's mask,
  // so blocking it here makes such a write fail with EPIPE instead.
  sigset_t pipe_only, old;
  sigemptyset(&pipe_only);
  sigaddset(&pipe_only, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_only, &old);
  http_->listen_after_bind();
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
}

void HttpServer::stop() {
  games_.close();  // event streams end, so their threads are free for the pool's shutdown
  http_->stop();
}

bool HttpServer::running() const {
  return http_->is_running();
}

void HttpServer::add_api_routes() {
  http_->Post("/api/games", [this](const httplib::Request& req, httplib::Response& res) {
    answer(res, 201, [&] { return games_.create(parse_body(req)); });
  });
  http_->Post("/api/games/import", [this](const httplib::Request& req, httplib::Response& res) {
    answer(res, 201, [&] { return games_.import_record(parse_body(req)); });
  });
  http_->Get("/api/games", [this](const httplib::Request& req, httplib::Response& res) {
    answer(res, 200,
           [&] { return games_.list(query_int(req, "limit", 50), query_int(req, "offset", 0)); });
  });
  http_->Post("/api/analyze", [this](const httplib::Request& req, httplib::Response& res) {
    answer(res, 200, [&] { return analyzer_.analyze(parse_body(req)); });
  });
}

void HttpServer::add_game_routes() {
  const std::string game = std::string("/api/games/") + kIdPattern;
  http_->Get(game, [this](const httplib::Request& req, httplib::Response& res) {
    answer(res, 200, [&] { return games_.state(req.matches[1], req.get_param_value("token")); });
  });
  http_->Get(game + "/record", [this](const httplib::Request& req, httplib::Response& res) {
    try {
      const std::string id = req.matches[1];
      res.set_content(games_.record(id), "text/plain; charset=utf-8");
      res.set_header("Content-Disposition",
                     "attachment; filename=\"" + games_.game_of(id) + "-" + id + ".txt\"");
    } catch (const ApiError& e) {
      send_error(res, e.status(), e.code(), e.what());
    }
  });
  using Action = json (GameService::*)(const std::string&, const json&);
  const std::pair<const char*, Action> actions[] = {
      {"/moves", &GameService::play},
      {"/undo", &GameService::undo},
      {"/resign", &GameService::resign},
      {"/draw", &GameService::draw},
      {"/move-now", &GameService::move_now},
      {"/takeback", &GameService::takeback},  // game_offers.cpp
      {"/rematch", &GameService::rematch},    // game_offers.cpp
  };
  for (const auto& [suffix, action] : actions) {
    http_->Post(game + suffix, [this, action = action](const httplib::Request& req,
                                                       httplib::Response& res) {
      answer(res, 200, [&] { return (games_.*action)(req.matches[1], parse_body(req)); });
    });
  }
}

void HttpServer::add_event_route() {
  const std::string path = std::string("/api/games/") + kIdPattern + "/events";
  http_->Get(path, [this](const httplib::Request& req, httplib::Response& res) {
    const std::string id = req.matches[1];
    const std::string token = req.get_param_value("token");
    // 404 before the stream starts; the watch keeps the game in memory while it is open.
    std::shared_ptr<GameService::Watch> watch;
    try {
      watch = std::make_shared<GameService::Watch>(games_.watch(id, token));
    } catch (const ApiError& e) {
      return send_error(res, e.status(), e.code(), e.what());
    }
    if (open_streams_.fetch_add(1) >= options_.max_streams) {
      open_streams_.fetch_sub(1);
      return send_error(res, 503, "busy", "too many open event streams; try again later");
    }
    res.set_header("Cache-Control", "no-cache");
    res.set_header("X-Accel-Buffering", "no");
    struct Stream {
      std::uint64_t version = 0;
      std::chrono::steady_clock::time_point last_write = std::chrono::steady_clock::now();
    };
    auto stream = std::make_shared<Stream>();
    const auto keep_alive = std::chrono::seconds(options_.keep_alive_seconds);
    res.set_chunked_content_provider(
        "text/event-stream",
        [this, watch, token, stream, keep_alive](std::size_t, httplib::DataSink& sink) {
          // Wakes at least every second to notice the server closing.
          std::optional<json> state =
              games_.next_state(*watch, token, stream->version, std::chrono::seconds(1));
          if (games_.closed()) return false;
          std::string text;
          const auto now = std::chrono::steady_clock::now();
          if (state)
            text = sse_event(*state);
          else if (now - stream->last_write >= keep_alive)
            text = ": keep-alive\n\n";
          if (text.empty()) return true;
          stream->last_write = now;
          // A failed write means the browser is gone: returning false frees the thread.
          return sink.is_writable() && sink.write(text.data(), text.size());
        },
        [this](bool) { open_streams_.fetch_sub(1); });
  });
}

void HttpServer::add_static_routes() {
  auto index = [this](const httplib::Request&, httplib::Response& res) {
    if (auto file = files_.find("index.html"))
      res.set_content(file->content, file->content_type);
    else
      send_error(res, 404, "not_found",
                 "this server has no page: web/index.html was missing when it was built "
                 "(or from --web-dir)");
  };
  http_->Get("/", index);
  http_->Get("/rules", index);
  http_->Get(std::string("/play/") + kIdPattern, index);
  http_->Get("/static/(.+)", [this](const httplib::Request& req, httplib::Response& res) {
    if (auto file = files_.find(req.matches[1]))
      res.set_content(file->content, file->content_type);
    else
      res.status = 404;
  });
}

}  // namespace ordo::server
