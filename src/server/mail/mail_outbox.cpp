#include "server/mail/mail_outbox.h"

#include <prometheus/counter.h>

#include <stdexcept>
#include <string>
#include <utility>

#include "server/observe/log.h"
#include "server/observe/metrics.h"

namespace ordo::server {

namespace {

struct MailCounters {
  prometheus::Counter& sent;
  prometheus::Counter& failed_tries;
  prometheus::Counter& dropped_full;
  prometheus::Counter& dropped_refused;
  prometheus::Counter& dropped_gave_up;
  prometheus::Counter& dropped_shutdown;
};

// Registered in the process's registry on first use, as the routes' series are.
MailCounters& counters() {
  static MailCounters the_counters = [] {
    auto& registry = metrics().registry;
    const auto counter = [&](const char* name, const char* help) -> prometheus::Counter& {
      return prometheus::BuildCounter().Name(name).Help(help).Register(registry).Add({});
    };
    auto& dropped = prometheus::BuildCounter()
                        .Name("ordo_mail_dropped_total")
                        .Help(
                            "Mail messages given up, by reason: full (the outbox held its "
                            "limit), refused (a bad address or header), gave_up (every try "
                            "failed), shutdown (queued when the server stopped)")
                        .Register(registry);
    return MailCounters{
        counter("ordo_mail_sent_total", "Mail messages the relay accepted"),
        counter("ordo_mail_send_failures_total",
                "Tries to hand a message to the relay that failed (each is tried again, up "
                "to its last try)"),
        dropped.Add({{"reason", "full"}}),
        dropped.Add({{"reason", "refused"}}),
        dropped.Add({{"reason", "gave_up"}}),
        dropped.Add({{"reason", "shutdown"}})};
  }();
  return the_counters;
}

// What the log may say of a recipient: the domain (in lower case, as it is sent), never
// the name before the @.
std::string domain_of(const std::string& address) {
  const std::size_t at = address.rfind('@');
  std::string domain = at == std::string::npos ? "" : address.substr(at + 1, 254);
  for (char& c : domain)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
  return domain;
}

// An error's text with the recipient's address, should it be quoted, reduced to its domain.
std::string without_address(std::string text, const std::string& address) {
  if (address.empty()) return text;
  const std::string shown = "(someone)@" + domain_of(address);
  for (std::size_t at = text.find(address); at != std::string::npos;
       at = text.find(address, at + shown.size()))
    text.replace(at, address.size(), shown);
  return text;
}

}  // namespace

std::vector<std::chrono::milliseconds> MailOutbox::default_retry_delays() {
  using namespace std::chrono;
  return {seconds(5), seconds(30), minutes(2), minutes(10)};
}

MailOutbox::MailOutbox(SmtpSettings settings, std::vector<std::chrono::milliseconds> retry_delays,
                       TimeSource now, std::size_t capacity)
    : retry_delays_(std::move(retry_delays)), now_(std::move(now)), capacity_(capacity) {
  if (settings.url.empty()) return;
  mailer_ = std::make_unique<SmtpMailer>(std::move(settings), &stopping_);
  counters();  // listed on /metrics (at 0) before the first message
  thread_ = std::thread([this] { run(); });
}

MailOutbox::~MailOutbox() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void MailOutbox::post(MailMessage m) {
  if (!enabled()) return;
  bool log_full = false;
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    if (queue_.size() >= capacity_) {
      counters().dropped_full.Increment();
      log_full = !full_logged_;
      full_logged_ = true;
    } else {
      queue_.emplace(Clock::now(), Pending{std::move(m), 0});
    }
  }
  if (log_full)
    log_warning("mail: the outbox is full; new messages are dropped until it has room",
                {{"capacity", static_cast<std::int64_t>(capacity_)}});
  else
    wake_.notify_one();
}

bool MailOutbox::wait_until_empty(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return drained_.wait_for(lock, timeout, [&] { return queue_.empty() && !sending_; });
}

void MailOutbox::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    if (queue_.empty()) {
      drained_.notify_all();
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      continue;
    }
    const auto first = queue_.begin();
    if (first->first > Clock::now()) {
      wake_.wait_until(lock, first->first);
      continue;
    }
    Pending pending = std::move(first->second);
    queue_.erase(first);
    sending_ = true;
    lock.unlock();
    const bool done = try_send(pending);
    lock.lock();
    sending_ = false;
    if (!done) {
      // Tried again after its wait; cut short by the destructor, it is counted below.
      const auto wait =
          stopping_ ? Clock::duration::zero() : Clock::duration(retry_delays_[pending.tries - 1]);
      queue_.emplace(Clock::now() + wait, std::move(pending));
    }
    if (queue_.size() < capacity_) full_logged_ = false;
  }
  if (!queue_.empty()) {
    counters().dropped_shutdown.Increment(static_cast<double>(queue_.size()));
    log_warning("mail: stopped with messages unsent; they are dropped",
                {{"messages", static_cast<std::int64_t>(queue_.size())}});
    queue_.clear();
  }
  drained_.notify_all();
}

bool MailOutbox::try_send(Pending& p) {
  ++p.tries;
  const std::string domain = domain_of(p.message.to);
  try {
    mailer_->send(p.message, now_());
    counters().sent.Increment();
    return true;
  } catch (const std::invalid_argument& e) {
    counters().dropped_refused.Increment();
    log_error("mail: a message cannot be sent; dropped",
              {{"domain", domain}, {"error", without_address(e.what(), p.message.to)}});
    return true;
  } catch (const std::exception& e) {
    counters().failed_tries.Increment();
    if (stopping_) return false;
    const std::string error = without_address(e.what(), p.message.to);
    const auto tries = static_cast<std::int64_t>(p.tries);
    if (p.tries > retry_delays_.size()) {
      counters().dropped_gave_up.Increment();
      log_error("mail: a message failed every try; dropped",
                {{"domain", domain}, {"tries", tries}, {"error", error}});
      return true;
    }
    log_warning("mail: a send failed; it is tried again later",
                {{"domain", domain},
                 {"try", tries},
                 {"retry_in_ms", static_cast<std::int64_t>(retry_delays_[p.tries - 1].count())},
                 {"error", error}});
    return false;
  }
}

}  // namespace ordo::server
