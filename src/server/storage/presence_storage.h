// Which seats of a game have an event stream open on which server instance, where several
// instances share the database (PostgreSQL), so that a player sees whether the other is
// there whichever instance each of them reached. Each instance counts its own streams in
// memory (seat_presence.h) and writes a seat's row only when its count there becomes or
// stops being zero; every instance hears of each change (on_presence_changed) and reads
// the game's rows again. A row counts only while its instance's lease
// (instance_lease_key) is live; the rows of an instance whose lease lapsed (it died) are
// dropped by the others' housekeeping, which announces the change. An instance that
// lived on (storage out of reach longer than the lease) stores its rows again as it
// renews the lease.
//
// A back end that is not shared keeps nothing: one instance's memory knows everything,
// so these do nothing there.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ordo::server {

class PresenceStorage {
 public:
  virtual ~PresenceStorage() = default;

  // Seat `seat` (white | black) of game `id` has a stream open on `instance` (`open`), or
  // has none there any more; announced to every instance.
  virtual void set_seat_open(const std::string& id, const std::string& seat,
                             const std::string& instance, bool open) {
    (void)id, (void)seat, (void)instance, (void)open;
  }
  // The seats of game `id` with a stream open on an instance other than `instance` whose
  // lease is live at `now_ms`.
  virtual std::vector<std::string> seats_open_elsewhere(const std::string& id,
                                                        const std::string& instance,
                                                        std::int64_t now_ms) {
    (void)id, (void)instance, (void)now_ms;
    return {};
  }
  // Drops the seats' open streams of every instance whose lease lapsed at `now_ms`, and
  // the seats' and the lobby's (challenge_storage.h) of `starting` (an instance starting
  // or stopping: nothing of it is open); announces each game whose presence so changed.
  // Returns the other instances whose streams were dropped (they died), for the log.
  virtual std::vector<std::string> drop_streams_of_gone_instances(const std::string& starting,
                                                                  std::int64_t now_ms) {
    (void)starting, (void)now_ms;
    return {};
  }
  // `handler` gets the id of each game whose presence changed, on a thread of storage's
  // own; an empty handler stops the calls (as GameStorage::on_other_instance_change).
  virtual void on_presence_changed(std::function<void(const std::string& id)> handler) {
    (void)handler;
  }
};

}  // namespace ordo::server
