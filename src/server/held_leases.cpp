#include "server/held_leases.h"

#include <iostream>

namespace ordo::server {

HeldLeases::HeldLeases(LeaseStorage& storage, std::string holder, TimeSource now,
                       std::int64_t lease_ms)
    : storage_(storage), holder_(std::move(holder)), now_(std::move(now)), lease_ms_(lease_ms) {}

bool HeldLeases::take(const std::string& key) {
  const std::int64_t now = now_();
  if (!storage_.take_lease(key, holder_, now, now + lease_ms_)) return false;
  std::lock_guard lock(mutex_);
  keys_.insert(key);
  return true;
}

void HeldLeases::release(const std::string& key) {
  {
    std::lock_guard lock(mutex_);
    if (keys_.erase(key) == 0) return;
  }
  try {
    storage_.release_lease(key, holder_);
  } catch (const std::exception& e) {
    std::cerr << "warning: lease " << key << " not given up (it lapses): " << e.what() << '\n';
  }
}

void HeldLeases::release_all() {
  std::set<std::string> keys;
  {
    std::lock_guard lock(mutex_);
    keys.swap(keys_);
  }
  for (const std::string& key : keys) {
    try {
      storage_.release_lease(key, holder_);
    } catch (const std::exception&) {
      return;  // storage fails: the rest lapse by themselves
    }
  }
}

std::vector<std::string> HeldLeases::renew_if_due() {
  {
    std::lock_guard lock(mutex_);
    if (now_() - renewed_ms_ < lease_ms_ / 3) return {};
  }
  return renew();
}

std::vector<std::string> HeldLeases::renew() {
  std::vector<std::string> keys;
  {
    std::lock_guard lock(mutex_);
    renewed_ms_ = now_();
    keys.assign(keys_.begin(), keys_.end());
  }
  std::vector<std::string> lost;
  for (const std::string& key : keys) {
    try {
      const std::int64_t now = now_();
      if (storage_.take_lease(key, holder_, now, now + lease_ms_)) {
        bool released_meanwhile = false;
        {
          std::lock_guard lock(mutex_);
          released_meanwhile = !keys_.contains(key);
        }
        // The renewal wrote it again after its work gave it up: give it up again.
        if (released_meanwhile) storage_.release_lease(key, holder_);
        continue;
      }
    } catch (const std::exception& e) {
      std::cerr << "warning: lease " << key << " not renewed: " << e.what() << '\n';
      continue;
    }
    std::lock_guard lock(mutex_);
    // Released meanwhile (the work ended) is not lost.
    if (keys_.erase(key) != 0) lost.push_back(key);
  }
  return lost;
}

}  // namespace ordo::server
