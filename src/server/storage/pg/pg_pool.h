// A small pool of PostgreSQL connections (libpqxx), so that requests on several threads
// need not queue behind one connection. A connection is made when first needed, up to
// `size`; a caller waits for a free one beyond that. A connection found broken is dropped
// (the next caller makes a new one), so a database restart costs the requests in flight,
// not the server. Each lent connection knows the pool's prepared statements by name.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdio>
#include <memory>
#include <mutex>
#include <pqxx/connection>
#include <string>
#include <utility>
#include <vector>

namespace ordo::server {

// `url` with libpq's application_name parameter set to `name` (percent-encoded; a later
// parameter wins over one the URL had). Throws std::invalid_argument for an empty name or
// one over 63 bytes (PostgreSQL would cut it) or with control characters.
std::string with_application_name(const std::string& url, const std::string& name);

class PgPool {
 public:
  // A connection lent to one caller until the lease ends.
  class Lease {
   public:
    Lease(PgPool& pool, std::unique_ptr<pqxx::connection> connection);
    ~Lease();
    Lease(Lease&& other) noexcept;
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    Lease& operator=(Lease&&) = delete;
    pqxx::connection& operator*() { return *connection_; }
    // The connection is not given back (it broke).
    void discard() { connection_.reset(); }

   private:
    PgPool* pool_;
    std::unique_ptr<pqxx::connection> connection_;
  };

  // A statement prepared on every connection the pool lends (parsed and planned once).
  struct Prepared {
    std::string name, sql;
  };

  PgPool(std::string url, std::size_t size, std::vector<Prepared> prepared = {});
  ~PgPool();
  PgPool(const PgPool&) = delete;
  PgPool& operator=(const PgPool&) = delete;

  // Throws std::runtime_error (saying what is wrong) if no connection can be made.
  Lease acquire();
  // Tests: every connection lent from now on writes the messages it exchanges with the
  // server to `out` (libpq's trace), so that a test can count round trips; null stops it.
  void trace(std::FILE* out);
  // A connection of its own, outside the pool (the migrations, the event listener).
  std::unique_ptr<pqxx::connection> connect() const;
  const std::string& url() const { return url_; }

 private:
  void give_back(std::unique_ptr<pqxx::connection> connection);

  std::string url_;
  std::size_t size_;
  std::vector<Prepared> prepared_;
  std::mutex mutex_;
  std::condition_variable freed_;
  std::vector<std::unique_ptr<pqxx::connection>> idle_;
  std::size_t lent_or_idle_ = 0;  // connections that exist
  std::FILE* trace_ = nullptr;
};

}  // namespace ordo::server
