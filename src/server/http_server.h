// The HTTP front of the game service (docs/api.md) on Boost.Beast: asynchronous I/O on a
// few threads, so that an open event stream or a slow client holds no thread. Requests are
// routed by api_routes() and their handlers run on a small worker pool (analyses on a pool
// of their own); event streams wait on GameService::listen.
//
// Against slow and hostile clients: a request's header must arrive within
// `header_timeout_ms` of the connection's last answer (or its start), its body within
// `body_timeout_ms`, and an answer must be taken within `write_timeout_ms`; each client
// address holds at most `max_connections_per_address` connections.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <string>

#include "server/players/account_email.h"
#include "server/players/accounts.h"
#include "server/players/lobby.h"
#include "server/storage/chat_storage.h"
#include "server/storage/player_games_storage.h"

namespace ordo::server {

class GameService;  // server/games/game_service.h

struct HttpOptions {
  std::string host = "127.0.0.1";
  std::string web_dir;  // empty: the embedded files
  int threads = 8;      // workers for the handlers
  int io_threads = 2;
  int max_streams = 10000;
  int keep_alive_seconds = 15;             // between comment lines on an idle event stream
  std::size_t max_body_bytes = 64 * 1024;  // as received and after Content-Encoding
  std::size_t max_header_bytes = 16 * 1024;
  int header_timeout_ms = 15000;
  int body_timeout_ms = 30000;
  int write_timeout_ms = 30000;
  std::size_t max_connections = 20000;
  std::size_t max_connections_per_address = 1200;
  // Behind a reverse proxy: a request's client is the last X-Forwarded-For entry (for the
  // log-in limits per address; client_address.h).
  bool trust_forwarded_for = false;
  // The scheme browsers use to reach the server: "https" behind a TLS proxy. The CSRF
  // check wants it in a request's Origin (csrf.h).
  std::string public_scheme = "http";
  // Who may read GET /metrics (address_allow_list.h): loopback unless told.
  std::string metrics_from = "127.0.0.0/8,::1";
};

// The parts of the server for players with accounts; none: guests only.
struct Community {
  Accounts* accounts = nullptr;
  Lobby* lobby = nullptr;  // needs accounts
  // "My games" and blocks (player_routes.h); need accounts.
  PlayerGamesStorage* player_games = nullptr;
  ChatStorage* blocks = nullptr;
  // The account's e-mail address and the links mailed to it (email_routes.h).
  AccountEmail* email = nullptr;
};

class HttpServer {
 public:
  // With `community`, the server also serves accounts, ratings and the lobby
  // (account_routes.h, lobby_routes.h); what it names must outlive the server.
  HttpServer(GameService& games, HttpOptions options = {}, Community community = {});
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds `port`, or the first free one of the `tries` ports from it (1: `port` or nothing;
  // port 0: any free port). Returns the bound port; throws std::runtime_error saying why if
  // none could be bound.
  int bind(int port, int tries = 20);
  // Serves until stop() (from another thread or a signal watcher). Requires bind().
  void serve();
  // Ends the event streams and the connections; serve() then returns.
  void stop();
  bool running() const;
  int open_streams() const;
  std::size_t open_connections() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ordo::server
