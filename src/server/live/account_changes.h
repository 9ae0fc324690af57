// Which accounts' games changed, for the streams that follow one account (every page of a
// signed-in player: its turn came, a game ended). The game service tells it after each
// stored move or ending of a game with accounts, and for games another instance changed;
// only accounts a stream follows are tracked, so a change nobody follows costs a lookup.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <vector>

#include "server/live/change_listeners.h"

namespace ordo::server {

class AccountChanges {
 public:
  // `on_change` runs after every change of `account`'s games until remove; it must only
  // post work (it may run under a game's lock).
  ChangeListeners::Id add(std::int64_t account, std::function<void()> on_change);
  // After remove returns, the callback is not running and will not run again.
  void remove(ChangeListeners::Id id);
  // A game of `account` (0: a guest's seat, ignored) changed.
  void changed(std::int64_t account);
  // How often `account`'s games changed while followed: any change moves it on.
  std::uint64_t version(std::int64_t account);
  // Whether any account is followed here (else a change elsewhere need not be looked up).
  bool followed();

 private:
  struct Follower {
    ChangeListeners::Id id;
    std::int64_t account;
    std::function<void()> on_change;
  };
  std::mutex mutex_;
  ChangeListeners::Id next_id_ = 1;
  std::uint64_t next_version_ = 1;
  std::vector<Follower> followers_;
  std::map<std::int64_t, std::uint64_t> versions_;  // followed accounts only
};

}  // namespace ordo::server
