// The lobby (docs/api.md, "Lobby"): challenges open to everyone or sent to one player,
// listed live, accepted into a network game between the two accounts (rated or casual).
// Challenges are stored (challenge_storage.h), so an accept is decided by one conditional
// write: of two accepts at once exactly one makes a game, the other gets 409. A creator's
// open live challenges (a clock, or none) are cancelled when the last of their lobby
// streams ends (they left); a correspondence challenge (days per move) stays open until it
// is taken, cancelled or declined, or expires kCorrespondenceOpenMs after it was posted.
// Its creator is told when it is taken on the account's stream (events(who, Stream::account)),
// which every page of a signed-in player follows.
//
// The creator gets a seat token with the challenge (only its digest is stored); the game
// made on accept seats the creator with it, so the creator's page needs nothing more than
// the game's id, which the lobby's state shows it.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "server/live/event_source.h"
#include "server/players/accounts.h"
#include "server/players/lobby_changes.h"
#include "server/storage/account_storage.h"
#include "server/storage/challenge_storage.h"
#include "server/storage/chat_storage.h"
#include "server/storage/player_games_storage.h"

namespace ordo::server {

class GameService;  // server/games/game_service.h

class Lobby {
 public:
  static constexpr int kMaxOpenPerAccount = 10;
  // Every open challenge goes to every lobby page: this bounds what one change sends.
  static constexpr int kMaxOpenInAll = 500;
  static constexpr std::size_t kRecentKept = 200;
  static constexpr std::int64_t kCorrespondenceOpenMs = 14LL * 24 * 3600 * 1000;

  // What a stream follows: the lobby (the open challenges; a signed-in watcher's live
  // challenges stay open while it watches), or only the account's own closed challenges
  // (any page of a signed-in player: no presence, no list).
  enum class Stream { lobby, account };
  // At start the open challenges whose creators left are cancelled: on one server every
  // one (its creator left when the server stopped); where instances share storage, those
  // made on an instance that no longer lives (its lease lapsed, lease_storage.h), which
  // the timer's housekeeping also cancels later. Challenges made, accepted or closed
  // through another instance reach this one's lobby streams as they happen.
  // With `blocks`, an account blocked by another (or blocking it) can neither challenge it
  // directly nor accept its challenges.
  Lobby(ChallengeStorage& challenges, AccountStorage& accounts, GameService& games,
        TimeSource now = system_time_ms, ChatStorage* blocks = nullptr);
  ~Lobby();
  Lobby(const Lobby&) = delete;
  Lobby& operator=(const Lobby&) = delete;

  // Cancels the open challenges of instances that no longer live (shared storage only);
  // returns how many.
  std::size_t cancel_stale();
  // Closes the correspondence challenges open longer than kCorrespondenceOpenMs (state
  // expired; the timer's housekeeping calls it); returns how many.
  std::size_t expire_old();

  // POST /api/challenges: {challenge, token} (the creator's seat token, once).
  nlohmann::json post(const SignedIn& who, const nlohmann::json& body);
  // POST /api/challenges/quick (quick_pairing.cpp): pairs `who` with the oldest open quick
  // challenge of the same game, rules, size, clock and ratedness whose player's rating is
  // within both players' ranges ({paired: true, game, color, token, link}, as an accept);
  // else posts one ({paired: false, challenge, token}, as a post), which the next player
  // who fits takes.
  nlohmann::json quick(const SignedIn& who, const nlohmann::json& body);
  // GET /api/challenges: what `who` (or a guest) sees.
  nlohmann::json list(const std::optional<SignedIn>& who);
  // POST /api/challenges/{id}/accept: {game, color, token, link}.
  nlohmann::json accept(const SignedIn& who, const std::string& id);
  // POST .../cancel (the creator) and .../decline (a direct challenge's player).
  nlohmann::json cancel(const SignedIn& who, const std::string& id);
  nlohmann::json decline(const SignedIn& who, const std::string& id);
  // GET /api/lobby/events: the list at once, then after every change only what changed
  // for this watcher (lobby_changes.h); a signed-in watcher keeps its challenges open
  // while it watches.
  std::shared_ptr<EventSource> events(const std::optional<SignedIn>& who,
                                      Stream stream = Stream::lobby);
  // Told when a correspondence challenge (one that stands on its own) is taken, after the
  // game is made: the challenge, its taker's name. Until replaced; empty ends it. It runs
  // on the accepting request's thread, with no lock held.
  using TakenListener = std::function<void(const StoredChallenge&, const std::string& taker)>;
  void set_taken_listener(TakenListener listener);
  // GET /api/account/events: the account's stream with its games as My games lists them
  // (account_events.h).
  std::shared_ptr<EventSource> account_events(const SignedIn& who, PlayerGamesStorage& games);

 private:
  class Events;
  // Reads the open challenges again, moves the closed ones to `recent_`, wakes streams.
  void changed(const std::vector<StoredChallenge>& closed = {});
  // A challenge another instance changed (the storage's listener).
  void changed_elsewhere(const std::string& id);
  void arrived(std::int64_t account);
  void left(std::int64_t account);
  // Shared storage: this instance's count of `account`'s lobby streams changes by
  // `change` in storage, and the streams it has on every live instance are returned
  // (this one's included); 0 where storage is not shared or fails.
  int streams_everywhere(std::int64_t account, int change);
  std::uint64_t version();
  nlohmann::json list_for(std::int64_t account);
  // What `account` sees: its "challenges" and "closed" lists as GET /api/challenges has them.
  LobbyView view_for(std::int64_t account, Stream stream = Stream::lobby);
  StoredChallenge visible(const SignedIn& who, const std::string& id);
  void refuse_if_blocked(std::int64_t a, std::int64_t b);
  nlohmann::json post_setup(const SignedIn& who, const nlohmann::json& setup,
                            const nlohmann::json& body);
  // quick_pairing.cpp: a quick challenge is taken, even by hand, only by a player within
  // its range (403 outside_range).
  void refuse_if_outside_range(const SignedIn& who, const StoredChallenge& c);
  // quick_pairing.cpp: the open quick challenges `who` fits, oldest first.
  std::vector<StoredChallenge> quick_partners(const SignedIn& who, const nlohmann::json& setup,
                                              bool rated, double rating, std::optional<int> range);

  ChallengeStorage& challenges_;
  AccountStorage& accounts_;
  GameService& games_;
  TimeSource now_;
  ChatStorage* blocks_;
  ChangeListeners listeners_;
  std::mutex taken_mutex_;  // guards taken_
  TakenListener taken_;
  std::mutex quick_mutex_;    // one quick pairing at a time on this instance
  std::mutex refresh_mutex_;  // held by changed(), around mutex_
  std::mutex mutex_;          // guards what follows
  std::uint64_t version_ = 1;
  std::vector<StoredChallenge> open_;
  std::deque<StoredChallenge> recent_;    // closed lately, newest last
  std::map<std::int64_t, int> watching_;  // account -> open lobby streams
};

}  // namespace ordo::server
