#include "server/live/held_leases.h"

#include "server/common/storage_error.h"
#include "server/observe/log.h"
#include "server/observe/storage_outage.h"

namespace ordo::server {

HeldLeases::HeldLeases(LeaseStorage& storage, std::string holder, TimeSource now,
                       std::int64_t lease_ms)
    : storage_(storage), holder_(std::move(holder)), now_(std::move(now)), lease_ms_(lease_ms) {}

bool HeldLeases::take(const std::string& key) {
  const std::int64_t now = now_();
  if (!storage_.take_lease(key, holder_, now, now + lease_ms_)) return false;
  std::lock_guard lock(mutex_);
  keys_[key] = now + lease_ms_;
  return true;
}

void HeldLeases::release(const std::string& key) {
  {
    std::lock_guard lock(mutex_);
    if (keys_.erase(key) == 0) return;
  }
  try {
    storage_.release_lease(key, holder_);
  } catch (const StorageUnavailable& e) {
    storage_outage_log().failed(e.what());
  } catch (const std::exception& e) {
    log_warning("lease not given up (it lapses)", {{"lease", key}, {"error", e.what()}});
  }
}

void HeldLeases::release_all() {
  std::map<std::string, std::int64_t> keys;
  {
    std::lock_guard lock(mutex_);
    keys.swap(keys_);
  }
  for (const auto& [key, until] : keys) {
    try {
      storage_.release_lease(key, holder_);
    } catch (const std::exception&) {
      return;  // storage fails: the rest lapse by themselves
    }
  }
}

HeldLeases::Renewal HeldLeases::renew_if_due() {
  {
    std::lock_guard lock(mutex_);
    if (now_() - renewed_ms_ < lease_ms_ / 3) return {};
  }
  return renew();
}

HeldLeases::Renewal HeldLeases::renew() {
  std::map<std::string, std::int64_t> keys;
  {
    std::lock_guard lock(mutex_);
    renewed_ms_ = now_();
    keys = keys_;
  }
  Renewal renewal;
  for (const auto& [key, until] : keys) {
    try {
      const std::int64_t now = now_();
      if (storage_.take_lease(key, holder_, now, now + lease_ms_)) {
        bool released_meanwhile = false;
        {
          std::lock_guard lock(mutex_);
          auto held = keys_.find(key);
          released_meanwhile = held == keys_.end();
          if (!released_meanwhile) held->second = now + lease_ms_;
        }
        // The renewal wrote it again after its work gave it up: give it up again.
        if (released_meanwhile) storage_.release_lease(key, holder_);
        // Renewed a third of the lease early as a rule; within that third of its end the
        // others' clocks may have seen it lapse.
        else if (now + lease_ms_ / 3 >= until)
          renewal.lapsed.push_back(key);
        continue;
      }
    } catch (const StorageUnavailable& e) {
      storage_outage_log().failed(e.what());
      continue;
    } catch (const std::exception& e) {
      log_warning("lease not renewed", {{"lease", key}, {"error", e.what()}});
      continue;
    }
    std::lock_guard lock(mutex_);
    // Released meanwhile (the work ended) is not lost.
    if (keys_.erase(key) != 0) renewal.lost.push_back(key);
  }
  return renewal;
}

}  // namespace ordo::server
