#include "server/http_server.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <stdexcept>
#include <thread>
#include <vector>

#include "server/api/account_routes.h"
#include "server/api/api_routes.h"
#include "server/api/email_routes.h"
#include "server/api/lobby_routes.h"
#include "server/api/metrics_routes.h"
#include "server/api/player_routes.h"
#include "server/games/analysis.h"
#include "server/games/game_service.h"
#include "server/http/connection_limits.h"
#include "server/http/static_files.h"
#include "server/http_connection.h"

namespace ordo::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

struct HttpServer::Impl {
  Impl(GameService& service, HttpOptions http_options, Community community)
      : games(service),
        options(std::move(http_options)),
        files(options.web_dir),
        router(routes(community)),
        limits(options.max_connections, options.max_connections_per_address),
        context{router,           games,     options,        workers, hashing_workers,
                analysis_workers, admission, stream_workers, gate,    open_streams},
        workers(static_cast<std::size_t>(std::max(1, options.threads))),
        hashing_workers(static_cast<std::size_t>(admission.limits().hashing.threads)),
        analysis_workers(static_cast<std::size_t>(admission.limits().analysis.threads)),
        stream_workers(2),
        acceptor(io),
        accept_retry(io) {}

  ~Impl() {
    io.stop();
    // Handlers still running finish (their answers go nowhere); then no change of a game
    // posts to a connection any more, and the connections end with the I/O context.
    workers.join();
    hashing_workers.join();
    analysis_workers.join();
    stream_workers.join();
    gate.close();
  }

  void accept();
  Router routes(const Community& community) {
    SignedInAccount signed_in;
    if (community.accounts)
      signed_in = [accounts = community.accounts](const HttpRequest& request, bool changes_state) {
        const auto who = accounts->signed_in(request, changes_state);
        return who ? who->id : std::int64_t{0};
      };
    Router all = api_routes(games, analyzer, files, std::move(signed_in));
    add_metrics_routes(all, games, AddressAllowList(options.metrics_from),
                       [this] { return open_streams.load(); });
    if (community.accounts) {
      add_account_routes(all, *community.accounts, community.accounts->storage());
      if (community.lobby && community.player_games)
        add_lobby_routes(all, *community.lobby, *community.accounts, *community.player_games);
      if (community.email) add_email_routes(all, *community.email, *community.accounts);
      if (community.player_games && community.blocks)
        add_player_routes(all, *community.accounts, *community.player_games, *community.blocks);
    }
    return all;
  }

  GameService& games;
  HttpOptions options;
  Analyzer analyzer;
  StaticFiles files;
  Router router;
  ConnectionLimits limits;
  PostGate gate;
  WorkAdmission admission;
  std::atomic<int> open_streams{0};
  std::atomic<bool> running{false};
  ConnectionContext context;  // (the pools it names are bound, not used, before they start)
  // The I/O context outlives the pools (their handlers post to it) and the acceptor; the
  // connections it holds end with it, before what they refer to above.
  net::io_context io;
  net::thread_pool workers;
  net::thread_pool hashing_workers;
  net::thread_pool analysis_workers;
  net::thread_pool stream_workers;  // event streams read their states here, apart
  tcp::acceptor acceptor;
  net::steady_timer accept_retry;
};

void HttpServer::Impl::accept() {
  acceptor.async_accept(net::make_strand(io),
                        [this](boost::system::error_code ec, tcp::socket socket) {
                          if (ec == net::error::operation_aborted || !acceptor.is_open()) return;
                          if (ec) {
                            // Out of file descriptors, say: try again shortly rather than spin.
                            accept_retry.expires_after(std::chrono::milliseconds(50));
                            accept_retry.async_wait([this](boost::system::error_code wait) {
                              if (!wait) accept();
                            });
                            return;
                          }
                          boost::system::error_code ignored;
                          socket.set_option(tcp::no_delay(true), ignored);
                          const auto peer = socket.remote_endpoint(ignored);
                          // Over a limit: the socket closes at once.
                          if (auto slot = limits.admit(peer.address().to_string()))
                            start_connection(std::move(socket), context, std::move(*slot));
                          accept();
                        });
}

HttpServer::HttpServer(GameService& games, HttpOptions options, Community community)
    : impl_(std::make_unique<Impl>(games, std::move(options), community)) {}

HttpServer::~HttpServer() {
  stop();
}

int HttpServer::bind(int port, int tries) {
  const std::string& host = impl_->options.host;
  boost::system::error_code ec;
  const auto address = net::ip::make_address(host == "localhost" ? "127.0.0.1" : host, ec);
  if (ec) throw std::runtime_error("cannot listen on " + host + ": not an IP address");
  const int last = port == 0 ? 0 : std::min(65535, port + tries - 1);
  for (int p = port; p <= last; ++p) {
    tcp::acceptor& acceptor = impl_->acceptor;
    acceptor.close(ec);
    const tcp::endpoint endpoint(address, static_cast<unsigned short>(p));
    acceptor.open(endpoint.protocol(), ec);
    if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor.bind(endpoint, ec);
    if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
    if (!ec) return acceptor.local_endpoint().port();
  }
  const std::string why = ec.message();
  impl_->acceptor.close(ec);
  if (port == 0) throw std::runtime_error("cannot listen on " + host + ": " + why);
  if (last == port)
    throw std::runtime_error("cannot listen on " + host + " port " + std::to_string(port) + ": " +
                             why + " (is another server using it?)");
  throw std::runtime_error("no free port on " + host + " from " + std::to_string(port) + " to " +
                           std::to_string(last) + ": " + why);
}

void HttpServer::serve() {
  impl_->running = true;
  impl_->accept();
  std::vector<std::thread> more;
  for (int i = 1; i < impl_->options.io_threads; ++i)
    more.emplace_back([this] { impl_->io.run(); });
  impl_->io.run();
  for (auto& thread : more) thread.join();
  impl_->running = false;
}

void HttpServer::stop() {
  impl_->games.close();
  impl_->io.stop();
}

bool HttpServer::running() const {
  return impl_->running.load();
}

int HttpServer::open_streams() const {
  return impl_->open_streams.load();
}

std::size_t HttpServer::open_connections() const {
  return impl_->limits.open();
}

}  // namespace ordo::server
