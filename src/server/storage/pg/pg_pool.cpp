#include "server/storage/pg/pg_pool.h"

#include <pqxx/pqxx>
#include <stdexcept>

#include "server/observe/metrics.h"

namespace ordo::server {

PgPool::Lease::Lease(PgPool& pool, std::unique_ptr<pqxx::connection> connection)
    : pool_(&pool), connection_(std::move(connection)) {}

PgPool::Lease::Lease(Lease&& other) noexcept
    : pool_(std::exchange(other.pool_, nullptr)), connection_(std::move(other.connection_)) {}

PgPool::Lease::~Lease() {
  if (pool_) pool_->give_back(std::move(connection_));
}

std::string with_application_name(const std::string& url, const std::string& name) {
  if (name.empty() || name.size() > 63)
    throw std::invalid_argument("an application name must have 1 to 63 bytes");
  std::string encoded;
  for (const unsigned char c : name) {
    if (c < 0x20 || c == 0x7f)
      throw std::invalid_argument("an application name must not hold control characters");
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      encoded += static_cast<char>(c);
    } else {
      static constexpr char kHex[] = "0123456789ABCDEF";
      encoded += '%';
      encoded += kHex[c >> 4];
      encoded += kHex[c & 15];
    }
  }
  const char joint = url.find('?') == std::string::npos ? '?' : '&';
  return url + joint + "application_name=" + encoded;
}

PgPool::PgPool(std::string url, std::size_t size, std::vector<Prepared> prepared)
    : url_(std::move(url)), size_(size), prepared_(std::move(prepared)) {
  if (size_ == 0) throw std::invalid_argument("a connection pool needs at least one connection");
}

PgPool::~PgPool() = default;

std::unique_ptr<pqxx::connection> PgPool::connect() const {
  try {
    return std::make_unique<pqxx::connection>(url_);
  } catch (const std::exception& e) {
    // The URL may hold a password: it is not repeated in the message.
    throw std::runtime_error(std::string("storage: cannot connect to PostgreSQL: ") + e.what());
  }
}

PgPool::Lease PgPool::acquire() {
  std::unique_lock lock(mutex_);
  freed_.wait(lock, [this] { return !idle_.empty() || lent_or_idle_ < size_; });
  std::FILE* const trace = trace_;
  if (!idle_.empty()) {
    auto connection = std::move(idle_.back());
    idle_.pop_back();
    connection->trace(trace);
    return Lease(*this, std::move(connection));
  }
  ++lent_or_idle_;  // made outside the lock: connecting takes a round trip or more
  lock.unlock();
  try {
    auto connection = connect();
    for (const auto& statement : prepared_) connection->prepare(statement.name, statement.sql);
    connection->trace(trace);
    return Lease(*this, std::move(connection));
  } catch (...) {
    metrics().db_errors_unavailable.Increment();
    give_back(nullptr);
    throw;
  }
}

void PgPool::trace(std::FILE* out) {
  std::lock_guard lock(mutex_);
  trace_ = out;
}

void PgPool::give_back(std::unique_ptr<pqxx::connection> connection) {
  {
    std::lock_guard lock(mutex_);
    if (connection && connection->is_open())
      idle_.push_back(std::move(connection));
    else
      --lent_or_idle_;
  }
  freed_.notify_one();
}

}  // namespace ordo::server
