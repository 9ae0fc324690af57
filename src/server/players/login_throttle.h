// Slows password guessing without handing anyone a lock on someone else's account
// (docs/api.md, "Log-in limits"). Failures are counted within a sliding window under three
// keys: the name from one address, the address over all names, and the name over all
// addresses. Past a few free failures each key makes the next attempt wait, doubling with
// every further failure up to a cap: a delay, never a lock. The name's own count (the one
// an attacker could run up against a victim from many addresses) does not hold back a known
// device, one that logged in to that account before (known_devices.h).
//
// The failures are stored (AccountStorage), so every instance on one database counts them
// all and a restart forgets none; under digests of the keys, which storage need not know.
// A failure that storage cannot take is kept in memory and counted all the same until it
// leaves the window. The clock is injected (tests need no sleeps).
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "server/common/chess_clock.h"
#include "server/storage/account_storage.h"

namespace ordo::server {

// After `free_failures` within the window, the next attempt waits `first_delay_ms`, and
// each further failure doubles that, up to `max_delay_ms`, counted from the last failure.
struct DelayRule {
  int free_failures;
  std::int64_t first_delay_ms;
  std::int64_t max_delay_ms;
};

struct LoginLimits {
  DelayRule per_pair{3, 1'000, 5 * 60'000};       // one name from one address
  DelayRule per_address{20, 1'000, 15 * 60'000};  // every name from one address
  DelayRule per_account{10, 1'000, 60'000};       // one name from any unknown device
  std::int64_t window_ms = 15 * 60 * 1000;
};

// The wait a rule asks after these failure times (oldest first, all within the window).
std::int64_t delay_after(const DelayRule& rule, const std::vector<std::int64_t>& times,
                         std::int64_t now_ms);

class LoginThrottle {
 public:
  LoginThrottle(AccountStorage& storage, LoginLimits limits, TimeSource now);

  // 0 if an attempt for this account name (its folded key) from this address may go on,
  // else how many milliseconds until one may. A known device is not held back by the
  // name's count over all addresses.
  std::int64_t wait_ms(const std::string& name_key, const std::string& address,
                       bool known_device = false);
  // Counts a wrong password. Returns false if storage could not take it: it is then
  // counted from memory (this instance only) until it leaves the window.
  bool failed(const std::string& name_key, const std::string& address);
  // A right password clears the name's failures and this address's tries at it (not the
  // address's count over all names).
  void succeeded(const std::string& name_key, const std::string& address);

 private:
  std::vector<std::int64_t> failures(const std::string& key, const DelayRule& rule,
                                     std::int64_t now);
  void remember(const std::vector<std::string>& keys, std::int64_t now);

  AccountStorage& storage_;
  LoginLimits limits_;
  TimeSource now_;
  std::mutex unstored_mutex_;
  std::map<std::string, std::vector<std::int64_t>> unstored_;  // key digest -> times
};

}  // namespace ordo::server
