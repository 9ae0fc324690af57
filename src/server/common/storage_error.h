// Storage that cannot answer now: the database is out of reach, locked past its bound, or
// its disk full or failing. The HTTP layer answers 503 storage_unavailable (507
// storage_full for a full disk) with Retry-After, and keeps the details (hosts, paths,
// the database's own words) for the operator's log.
#pragma once

#include <stdexcept>
#include <string>

namespace ordo::server {

class StorageUnavailable : public std::runtime_error {
 public:
  StorageUnavailable(const std::string& details, bool disk_full)
      : std::runtime_error(details), disk_full_(disk_full) {}
  bool disk_full() const { return disk_full_; }

 private:
  bool disk_full_;
};

}  // namespace ordo::server
