// What the lobby needs from storage (beside AccountStorage, and like it free of database
// types, so that another back end can implement it). A challenge changes state only from
// open, by one conditional write, so that two accepts at once (or an accept and a cancel)
// cannot both succeed.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ordo::server {

struct StoredChallenge {
  std::string id;
  std::int64_t creator = 0;
  std::string creator_name;
  std::int64_t target = 0;  // a direct challenge's player; 0: open to everyone
  std::string target_name;
  std::string game, rules, size;
  std::string setup = "{}";  // the game's fields of POST /api/games (JSON text)
  bool rated = false;
  std::string color;  // the creator's: white | black | random
  // What checks the creator's seat token (token_digest.h): handed out with the challenge,
  // so the creator needs nothing more when it is accepted.
  std::string creator_token;
  std::string state = "open";  // open | accepted | declined | cancelled | expired
  std::int64_t accepter = 0;
  std::string game_id;  // once accepted
  std::int64_t created_ms = 0;
  // The instance it was made on: it stands while that instance lives (lease_storage.h).
  // Empty: it stands on its own (a correspondence challenge), until taken, withdrawn or
  // expired; neither its creator leaving nor any instance stopping cancels it.
  std::string instance;
};

class ChallengeStorage {
 public:
  virtual ~ChallengeStorage() = default;

  // Stores the challenge unless its creator already has `per_creator` open challenges, or
  // the lobby `in_all` (counted and stored in one transaction, so that simultaneous posts
  // cannot pass the limits together, on any instance).
  enum class Created { created, creator_full, lobby_full };
  virtual Created create_challenge(const StoredChallenge& challenge, int per_creator,
                                   int in_all) = 0;
  virtual std::optional<StoredChallenge> challenge(const std::string& id) = 0;
  // Open challenges, oldest first.
  virtual std::vector<StoredChallenge> open_challenges() = 0;
  // open -> accepted by `accepter`, if it is still open and not the creator's; false
  // otherwise (someone was first).
  virtual bool claim_challenge(const std::string& id, std::int64_t accepter) = 0;
  // The claimed challenge's game; or, when the game could not be made, open again.
  virtual void set_challenge_game(const std::string& id, const std::string& game_id) = 0;
  virtual void reopen_challenge(const std::string& id) = 0;
  // open -> `state` (cancelled, declined); false if it was not open.
  virtual bool close_challenge(const std::string& id, const std::string& state) = 0;
  // Every open challenge of `creator` (0: of everyone) bound to an instance cancelled;
  // their ids.
  virtual std::vector<std::string> cancel_challenges_of(std::int64_t creator) = 0;
  // Open challenges bound to an instance whose instance lease (lease_storage.h) is not live
  // at `now_ms` (it stopped or died, and its players' lobby streams with it) cancelled;
  // their ids. (In storage_leases.cpp and pg_storage_leases.cpp.)
  virtual std::vector<std::string> cancel_challenges_of_lapsed_instances(std::int64_t now_ms) = 0;
  // Where instances share storage, each counts its lobby streams per account in storage
  // (table lobby_streams): `instance`'s count for `account` changes by `change`, and the
  // account's streams on every instance are returned, those of instances whose instance
  // lease is not live at `now_ms` (they died) left out. (In storage_leases.cpp and
  // pg_storage_leases.cpp.)
  virtual int count_lobby_streams(std::int64_t account, const std::string& instance, int change,
                                  std::int64_t now_ms) = 0;
  // `handler` is called, on a thread of storage's own, with the id of each challenge
  // another instance changed (made, accepted, closed), soon after it committed; never on a
  // back end that is not shared. An empty handler stops the calls (as
  // GameStorage::on_other_instance_change).
  virtual void on_other_instance_challenge(std::function<void(const std::string& id)> handler) {
    (void)handler;
  }
};

}  // namespace ordo::server
