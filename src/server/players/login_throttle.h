// Limits failed log-ins per account name and per client address within a sliding window,
// so that guessing passwords is slow; the clock is injected (tests need no sleeps). The
// failures are stored (AccountStorage), so that every instance on one database counts
// them all and a restart forgets none; under digests of the name and the address, which
// storage need not know. Stored failures older than the window are swept as new ones come.
#pragma once

#include <cstdint>
#include <string>

#include "server/common/chess_clock.h"
#include "server/storage/account_storage.h"

namespace ordo::server {

struct LoginLimits {
  int per_account = 5;
  int per_address = 20;
  std::int64_t window_ms = 15 * 60 * 1000;
};

class LoginThrottle {
 public:
  LoginThrottle(AccountStorage& storage, LoginLimits limits, TimeSource now);

  // 0 if an attempt for this account name (its folded key) from this address may go on,
  // else how many milliseconds until one may.
  std::int64_t wait_ms(const std::string& name_key, const std::string& address);
  void failed(const std::string& name_key, const std::string& address);
  // A right password clears the account's failures (not the address's).
  void succeeded(const std::string& name_key);

 private:
  std::int64_t wait_for(const std::string& key, int limit, std::int64_t now);

  AccountStorage& storage_;
  LoginLimits limits_;
  TimeSource now_;
};

}  // namespace ordo::server
