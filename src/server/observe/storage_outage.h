// A storage outage logged once, not once per failure: the first failure is logged with
// what failed, the others are counted, and the end (the next success) is logged with the
// count and how long it lasted. One per process, shared by whoever meets the storage.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string_view>

namespace ordo::server {

class StorageOutageLog {
 public:
  void failed(std::string_view what);
  // Cheap when there is no outage (one atomic load).
  void succeeded() {
    if (in_outage_.load(std::memory_order_relaxed)) end();
  }

 private:
  void end();

  std::atomic<bool> in_outage_{false};
  std::mutex mutex_;
  std::int64_t failures_ = 0;
  std::int64_t started_ms_ = 0;
};

StorageOutageLog& storage_outage_log();

}  // namespace ordo::server
