// How many connections the server holds, in all and per client address, so that one
// address cannot take every connection (and file descriptor) for itself.
#pragma once

#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

namespace ordo::server {

class ConnectionLimits {
 public:
  // A held connection's place; given back when destroyed. The limits must outlive it.
  class Slot {
   public:
    Slot(ConnectionLimits* limits, std::string address)
        : limits_(limits), address_(std::move(address)) {}
    Slot(Slot&& other) noexcept
        : limits_(std::exchange(other.limits_, nullptr)), address_(std::move(other.address_)) {}
    Slot& operator=(Slot&&) = delete;
    Slot(const Slot&) = delete;
    ~Slot() {
      if (limits_) limits_->release(address_);
    }

   private:
    ConnectionLimits* limits_;
    std::string address_;
  };

  ConnectionLimits(std::size_t total, std::size_t per_address)
      : total_(total), per_address_(per_address) {}
  // nullopt when either limit is reached.
  std::optional<Slot> admit(const std::string& address);
  std::size_t open() const;

 private:
  void release(const std::string& address);

  const std::size_t total_, per_address_;
  mutable std::mutex mutex_;
  std::size_t open_ = 0;
  std::unordered_map<std::string, std::size_t> by_address_;
};

}  // namespace ordo::server
