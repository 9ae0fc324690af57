// Mail sent off the request threads: post() queues a message and returns at once, and a
// thread of the outbox's own hands it to the relay, trying again after a failure with
// growing waits, each message on its own (one the relay keeps refusing does not hold up
// the others). Bounded: when full, the newest message is dropped, not the oldest. Nothing
// is kept across a restart: these are notifications, and a link to verify an address can
// be asked for again. The log names a recipient's domain only, never the part before the
// @, nor a message's text (it may hold a verification link). Counted in the process's
// metrics: ordo_mail_sent_total, ordo_mail_send_failures_total (tries) and
// ordo_mail_dropped_total (by reason: full, refused, gave_up, shutdown).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "server/common/chess_clock.h"
#include "server/mail/mail_message.h"
#include "server/mail/smtp_mailer.h"

namespace ordo::server {

class MailOutbox {
 public:
  static constexpr std::size_t kCapacity = 10'000;
  // After the first try fails: 5 s, 30 s, 2 min, 10 min; then the message is dropped.
  static std::vector<std::chrono::milliseconds> default_retry_delays();

  // An empty settings.url makes an outbox that is off: post() drops every message (no
  // thread). Otherwise std::invalid_argument as SmtpMailer's constructor. A message has
  // 1 + retry_delays.size() tries; `now` dates the messages.
  explicit MailOutbox(SmtpSettings settings,
                      std::vector<std::chrono::milliseconds> retry_delays = default_retry_delays(),
                      TimeSource now = system_time_ms, std::size_t capacity = kCapacity);
  // Returns promptly, sending nothing more: what is queued is dropped (and logged).
  ~MailOutbox();
  MailOutbox(const MailOutbox&) = delete;
  MailOutbox& operator=(const MailOutbox&) = delete;

  bool enabled() const { return mailer_ != nullptr; }
  // Queues `m` (never waits on the network). A message formatted_message refuses is
  // dropped when its turn comes, logged.
  void post(MailMessage m);
  // For tests: whether, within `timeout`, nothing is queued nor being sent (sent or
  // given up).
  bool wait_until_empty(std::chrono::milliseconds timeout);

 private:
  using Clock = std::chrono::steady_clock;
  struct Pending {
    MailMessage message;
    std::size_t tries = 0;  // made so far
  };

  void run();
  // One try of `p`, outside the lock; whether it is done with (sent or given up).
  bool try_send(Pending& p);

  std::atomic<bool> stopping_{false};
  std::unique_ptr<SmtpMailer> mailer_;
  std::vector<std::chrono::milliseconds> retry_delays_;
  TimeSource now_;
  std::size_t capacity_;

  std::mutex mutex_;
  std::condition_variable wake_;                     // the thread: a message posted, or stop
  std::condition_variable drained_;                  // wait_until_empty
  std::multimap<Clock::time_point, Pending> queue_;  // by when each is due; posted in order
  bool sending_ = false;
  bool full_logged_ = false;  // one line per spell of a full queue, not one per message
  std::thread thread_;        // last: started once the rest is ready
};

}  // namespace ordo::server
