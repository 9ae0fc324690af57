// The players' correspondence news by e-mail (docs/api.md, "E-mail"): a challenge taken,
// your turn (at most one mail an hour per game), a game over, your time running out (a
// quarter of the turn's time left, once per turn). Only to a verified address whose player
// wants mail, and never to an account the operator disabled; every mail carries its
// one-click unsubscribe link. Live games send none: their players are at the board.
//
// The game service tells it each change stored on this instance (game_news.h), under the
// game's lock: the news is queued, and a thread of its own looks up the addresses and
// posts the mail (mail_outbox.h sends it). The same thread looks for running-out
// deadlines every minute; where instances share storage each mail is claimed once
// (MailStorage::claim_mail), so none goes twice.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "server/common/chess_clock.h"
#include "server/games/game_service.h"
#include "server/mail/mail_outbox.h"
#include "server/players/lobby.h"
#include "server/players/mail_links.h"
#include "server/storage/challenge_storage.h"
#include "server/storage/mail_storage.h"

namespace ordo::server {

class MailNotices {
 public:
  static constexpr std::size_t kQueued = 1000;
  static constexpr std::int64_t kDeadlineSweepMs = 60'000;

  // With `lobby`, its correspondence challenges taken are mailed too.
  MailNotices(MailStorage& storage, MailOutbox& outbox, MailLinks& links, GameService& games,
              Lobby* lobby = nullptr, TimeSource now = system_time_ms);
  ~MailNotices();
  MailNotices(const MailNotices&) = delete;
  MailNotices& operator=(const MailNotices&) = delete;

  // A correspondence challenge of `c.creator` was taken by `taker` (the lobby's taken
  // listener): its creator is mailed, once.
  void challenge_taken(const StoredChallenge& c, const std::string& taker);
  // The deadline sweep, now (the thread runs it every minute): mails every player whose
  // time is running out and was not told this turn; returns how many were told.
  int warn_deadlines();
  // Blocks until every news queued so far is handled (tests), or `timeout` passes.
  bool wait_until_idle(std::chrono::milliseconds timeout);

 private:
  void queue(const GameNews& news);
  void run();
  void handle(const GameNews& news);
  // Mails `account` if it has a verified address and wants mail, and `key` was not
  // claimed before; true if posted.
  bool mail(std::int64_t account, const std::string& key, const std::string& subject,
            const std::string& text);
  std::string game_link(const std::string& id) const;

  MailStorage& storage_;
  MailOutbox& outbox_;
  MailLinks& links_;
  GameService& games_;
  Lobby* lobby_;
  TimeSource now_;
  std::mutex mutex_;  // guards what follows
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<std::function<void()>> queue_;  // the news, each as its handling
  bool busy_ = false;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace ordo::server
