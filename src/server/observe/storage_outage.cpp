#include "server/observe/storage_outage.h"

#include <chrono>
#include <string>

#include "server/observe/log.h"

namespace ordo::server {

namespace {
std::int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
}  // namespace

void StorageOutageLog::failed(std::string_view what) {
  std::lock_guard lock(mutex_);
  ++failures_;
  if (in_outage_.exchange(true)) return;
  failures_ = 1;
  started_ms_ = steady_ms();
  log_error("storage unavailable; further failures are counted until it answers again",
            {{"error", std::string(what)}});
}

void StorageOutageLog::end() {
  std::lock_guard lock(mutex_);
  if (!in_outage_.exchange(false)) return;
  log_info("storage answers again",
           {{"failures", failures_}, {"outage_ms", steady_ms() - started_ms_}});
  failures_ = 0;
}

StorageOutageLog& storage_outage_log() {
  static StorageOutageLog log;
  return log;
}

}  // namespace ordo::server
