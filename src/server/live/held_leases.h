// The leases one server instance holds (lease_storage.h): taken when work starts, renewed
// while it runs (the service's timer calls renew_if_due), given up when it is done. A
// lease not renewed lapses after `lease_ms`, so another instance takes over the work of
// one that died. The instance's own lease (instance_lease_key) is held for its whole life.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "server/common/chess_clock.h"
#include "server/storage/lease_storage.h"

namespace ordo::server {

class HeldLeases {
 public:
  HeldLeases(LeaseStorage& storage, std::string holder, TimeSource now, std::int64_t lease_ms);

  const std::string& holder() const { return holder_; }
  std::int64_t lease_ms() const { return lease_ms_; }

  // Takes (or renews) `key` until now + lease_ms; true if this instance holds it. Throws
  // what storage throws.
  bool take(const std::string& key);
  // Gives `key` up (an error is only reported: an unrenewed lease lapses by itself).
  void release(const std::string& key);
  // Gives every lease up (the instance stops; others need not wait for them to lapse).
  void release_all();
  // What a renewal found: the keys lost meanwhile to another instance (this one was too
  // slow: their work must stop here), and those held again though they had lapsed or
  // nearly (storage was out of reach, say): another instance may have acted as if this
  // one were gone.
  struct Renewal {
    std::vector<std::string> lost;
    std::vector<std::string> lapsed;
  };
  // Renews every lease held, when a third of the lease time passed since the last
  // renewal. A lease storage fails to renew stays held (tried again).
  Renewal renew_if_due();
  // Renews now, whenever it was last done.
  Renewal renew();

 private:
  LeaseStorage& storage_;
  const std::string holder_;
  TimeSource now_;
  const std::int64_t lease_ms_;
  std::mutex mutex_;  // guards what follows; never held while storage is called
  std::map<std::string, std::int64_t> keys_;  // each held key, and when it lapses
  std::int64_t renewed_ms_ = 0;
};

}  // namespace ordo::server
