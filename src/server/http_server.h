// The HTTP front of the game service (docs/api.md): JSON routes, server-sent events,
// analysis and the page's static files, on cpp-httplib's thread pool.
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "server/analysis.h"
#include "server/game_service.h"
#include "server/static_files.h"

namespace httplib {
class Server;
}

namespace ordo::server {

struct HttpOptions {
  std::string host = "127.0.0.1";
  std::string web_dir;  // empty: the embedded files
  // Worker threads; an open event stream holds one for as long as it is open, so streams
  // are capped at `max_streams` and the rest stay free for moves and pages.
  int threads = 32;
  int max_streams = 24;
  int keep_alive_seconds = 15;  // between comment lines on an idle event stream
  std::size_t max_body_bytes = 64 * 1024;
};

class HttpServer {
 public:
  HttpServer(GameService& games, HttpOptions options = {});
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds `port`, or the first free one of the next `tries` ports (port 0: any free port).
  // Returns the bound port; throws std::runtime_error if none could be bound.
  int bind(int port, int tries = 20);
  // Serves until stop() (from another thread or a signal watcher). Requires bind().
  void serve();
  // Ends the event streams and the listening loop; serve() then returns.
  void stop();
  bool running() const;
  int open_streams() const { return open_streams_.load(); }

 private:
  void add_api_routes();
  void add_game_routes();
  void add_event_route();
  void add_static_routes();

  GameService& games_;
  HttpOptions options_;
  Analyzer analyzer_;
  StaticFiles files_;
  std::atomic<int> open_streams_{0};
  std::unique_ptr<httplib::Server> http_;
};

}  // namespace ordo::server
