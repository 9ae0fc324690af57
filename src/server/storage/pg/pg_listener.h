// One server instance's ear on the others: a connection of its own that LISTENs on a
// channel and hands each notification's payload to a handler, on a thread of its own
// (PostgreSQL's LISTEN/NOTIFY: a NOTIFY is delivered when its transaction commits). A
// connection that breaks is made again.
#pragma once

#include <atomic>
#include <functional>
#include <future>
#include <string>
#include <thread>

namespace ordo::server {

class PgPool;

class PgListener {
 public:
  using Handler = std::function<void(const std::string& payload)>;

  // Returns once it listens (or its first try failed; it then tries again), so that
  // every change committed afterwards is heard.
  PgListener(const PgPool& pool, std::string channel, Handler handler);
  // After it returns the handler is not running and will not run again.
  ~PgListener();
  PgListener(const PgListener&) = delete;
  PgListener& operator=(const PgListener&) = delete;

 private:
  void run();

  const PgPool& pool_;
  std::string channel_;
  Handler handler_;
  std::atomic<bool> stopping_{false};
  std::promise<void> first_try_;
  std::thread thread_;
};

}  // namespace ordo::server
