#include "server/http/connection_limits.h"

namespace ordo::server {

std::optional<ConnectionLimits::Slot> ConnectionLimits::admit(const std::string& address) {
  std::lock_guard lock(mutex_);
  if (open_ >= total_) return std::nullopt;
  std::size_t& mine = by_address_[address];
  if (mine >= per_address_) return std::nullopt;
  ++mine;
  ++open_;
  return Slot(this, address);
}

std::size_t ConnectionLimits::open() const {
  std::lock_guard lock(mutex_);
  return open_;
}

void ConnectionLimits::release(const std::string& address) {
  std::lock_guard lock(mutex_);
  --open_;
  auto it = by_address_.find(address);
  if (it != by_address_.end() && --it->second == 0) by_address_.erase(it);
}

}  // namespace ordo::server
