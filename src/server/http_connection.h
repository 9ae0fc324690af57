// One client connection of the Beast server (http_server.cpp): requests read under
// deadlines and limits, answered from the route table on a worker pool, and, for
// GET .../events, an event stream that holds no thread while it waits.
#pragma once

#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <mutex>

#include "server/http/connection_limits.h"
#include "server/http/http_router.h"
#include "server/http/work_admission.h"
#include "server/http_server.h"

namespace ordo::server {

// Lets the game's change callbacks post to connections only while the I/O context lives.
class PostGate {
 public:
  template <typename Executor, typename Handler>
  void post(const Executor& executor, Handler&& handler) {
    std::lock_guard lock(mutex_);
    if (open_) boost::asio::post(executor, std::forward<Handler>(handler));
  }
  void close() {
    std::lock_guard lock(mutex_);
    open_ = false;
  }

 private:
  std::mutex mutex_;
  bool open_ = true;
};

// What every connection of a server shares.
struct ConnectionContext {
  const Router& router;
  GameService& games;
  const HttpOptions& options;
  boost::asio::thread_pool& workers;
  boost::asio::thread_pool& hashing_workers;
  boost::asio::thread_pool& analysis_workers;
  WorkAdmission& admission;
  boost::asio::thread_pool& stream_workers;
  PostGate& gate;
  std::atomic<int>& open_streams;
};

void start_connection(boost::asio::ip::tcp::socket socket, ConnectionContext& context,
                      ConnectionLimits::Slot slot);

}  // namespace ordo::server
