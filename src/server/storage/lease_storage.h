// Leases for the work that must happen once however many instances share the database:
// the engine's reply in a game against it, a flag falling (or a correspondence deadline
// passing) and the rating change that follows the result. Each is keyed by its game
// (game_lease_key); an instance acts only while it holds the game's lease, renews it
// while the work runs, and another instance takes a lease its holder let lapse (it died).
// Times are the caller's clock (injected in tests). Both back ends keep them in a
// `leases` table; one SQLite server is alone, so the service takes leases only where the
// storage is shared (GameStorage::shared).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ordo::server {

inline std::string game_lease_key(const std::string& game_id) {
  return "game:" + game_id;
}
// Held by every running instance: its open challenges stand while it lives.
inline std::string instance_lease_key(const std::string& instance) {
  return "instance:" + instance;
}

class LeaseStorage {
 public:
  virtual ~LeaseStorage() = default;

  // Takes lease `key` for `holder` until `until_ms` if it is free, lapsed at `now_ms`, or
  // already `holder`'s (a renewal). One conditional write: of two instances asking at
  // once, exactly one gets it. True if `holder` holds it now.
  virtual bool take_lease(const std::string& key, const std::string& holder, std::int64_t now_ms,
                          std::int64_t until_ms) = 0;
  // Gives the lease up, if `holder` holds it.
  virtual void release_lease(const std::string& key, const std::string& holder) = 0;
  // Who holds `key` at `now_ms` ("" if nobody does).
  virtual std::string lease_holder(const std::string& key, std::int64_t now_ms) = 0;
  // As set_result, in one transaction with the checks that the game goes on and (unless
  // `holder` is empty) that `holder` still holds the game's lease at `now_ms`; false,
  // storing nothing, if not. So a result (a flag's, say) is stored once however many
  // instances find it.
  virtual bool set_result_under_lease(const std::string& id, const std::string& result,
                                      const std::string& reason, std::int64_t updated_ms,
                                      const std::string& holder, std::int64_t now_ms) = 0;
  // Unfinished games against the engine on the engine's turn whose lease is not live at
  // `now_ms` (their instance died, or never started the engine): work to take over.
  virtual std::vector<std::string> engine_turns_unleased(std::int64_t now_ms) = 0;
  // Deletes the leases that lapsed before `lapsed_before_ms`: those of instances that
  // died, which nothing renews or releases. A lapsed lease and none mean the same to every
  // call above, so only the row goes. Returns how many were deleted.
  virtual int delete_lapsed_leases(std::int64_t lapsed_before_ms) = 0;
};

}  // namespace ordo::server
