#include "server/storage/pg/pg_listener.h"

#include <chrono>
#include <pqxx/pqxx>

#include "server/observe/storage_outage.h"
#include "server/storage/pg/pg_pool.h"

namespace ordo::server {

namespace {

class Receiver : public pqxx::notification_receiver {
 public:
  Receiver(pqxx::connection_base& connection, const std::string& channel,
           const PgListener::Handler& handler)
      : pqxx::notification_receiver(connection, channel), handler_(handler) {}
  void operator()(const std::string& payload, int) override { handler_(payload); }

 private:
  const PgListener::Handler& handler_;
};

// How long a wait for notifications lasts before the thread looks whether to stop.
constexpr long kWaitMicroseconds = 100'000;

}  // namespace

PgListener::PgListener(const PgPool& pool, std::string channel, Handler handler)
    : pool_(pool), channel_(std::move(channel)), handler_(std::move(handler)) {
  auto first_try = first_try_.get_future();
  thread_ = std::thread([this] { run(); });
  first_try.wait();
}

PgListener::~PgListener() {
  stopping_.store(true);
  thread_.join();
}

void PgListener::run() {
  bool first = true;
  auto tried = [&] {
    if (first) first_try_.set_value();
    first = false;
  };
  while (!stopping_.load()) {
    try {
      auto connection = pool_.connect();
      Receiver receiver(*connection, channel_, handler_);  // LISTEN, on this connection
      tried();
      while (!stopping_.load()) connection->await_notification(0, kWaitMicroseconds);
    } catch (const std::exception& e) {
      // The database restarted, say: listen again after a pause. Changes meanwhile are
      // still seen, by the check before every action.
      tried();
      // Logged once per outage (the database is out of reach), not once per try.
      storage_outage_log().failed(std::string("listening for other instances' changes: ") +
                                  e.what());
      for (int i = 0; i < 10 && !stopping_.load(); ++i)
        std::this_thread::sleep_for(std::chrono::microseconds(kWaitMicroseconds));
    }
  }
}

}  // namespace ordo::server
