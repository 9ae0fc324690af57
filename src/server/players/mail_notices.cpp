#include "server/players/mail_notices.h"

#include "server/games/request_fields.h"
#include "server/observe/log.h"

namespace ordo::server {

using nlohmann::json;

namespace {

constexpr std::int64_t kHourMs = 3600LL * 1000;
constexpr std::int64_t kDayLength = 24 * kHourMs;
constexpr int kSweptAtOnce = 500;

// "2 days 3 hours", "5 hours 10 minutes", "40 minutes".
std::string time_left_text(std::int64_t ms) {
  const std::int64_t minutes = std::max<std::int64_t>(0, ms) / 60'000;
  const auto unit = [](std::int64_t n, const char* one) {
    return std::to_string(n) + " " + one + (n == 1 ? "" : "s");
  };
  if (minutes >= 24 * 60)
    return unit(minutes / (24 * 60), "day") + " " + unit(minutes / 60 % 24, "hour");
  if (minutes >= 60) return unit(minutes / 60, "hour") + " " + unit(minutes % 60, "minute");
  return unit(minutes, "minute");
}

// When a quarter of a correspondence turn's time is left.
std::int64_t warn_at(std::int64_t deadline_ms, int days_per_move) {
  return deadline_ms - days_per_move * kDayLength / 4;
}

}  // namespace

MailNotices::MailNotices(MailStorage& storage, MailOutbox& outbox, MailLinks& links,
                         GameService& games, Lobby* lobby, TimeSource now)
    : storage_(storage),
      outbox_(outbox),
      links_(links),
      games_(games),
      lobby_(lobby),
      now_(std::move(now)) {
  thread_ = std::thread([this] { run(); });
  games_.set_news_listener([this](const GameNews& news) { queue(news); });
  if (lobby_)
    lobby_->set_taken_listener(
        [this](const StoredChallenge& c, const std::string& taker) { challenge_taken(c, taker); });
}

MailNotices::~MailNotices() {
  games_.set_news_listener(nullptr);
  if (lobby_) lobby_->set_taken_listener(nullptr);
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void MailNotices::queue(const GameNews& news) {
  // Live games send no mail, and a guest has no address: nothing to queue.
  if (news.days_per_move == 0) return;
  std::lock_guard lock(mutex_);
  if (queue_.size() >= kQueued) return;  // the page's notices and My games still tell
  queue_.push_back([this, news] { handle(news); });
  wake_.notify_all();
}

void MailNotices::challenge_taken(const StoredChallenge& c, const std::string& taker) {
  std::lock_guard lock(mutex_);
  if (queue_.size() >= kQueued) return;
  queue_.push_back([this, c, taker] {
    mail(c.creator, "taken:" + c.id, taker + " took your correspondence challenge",
         taker + " took your challenge; the game has begun.\n\nOpen the game: " +
             game_link(c.game_id) + "\n");
  });
  wake_.notify_all();
}

bool MailNotices::wait_until_idle(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return idle_.wait_for(lock, timeout, [this] { return queue_.empty() && !busy_; });
}

void MailNotices::run() {
  std::unique_lock lock(mutex_);
  auto next_sweep = std::chrono::steady_clock::now();
  while (!stopping_) {
    if (queue_.empty() && std::chrono::steady_clock::now() >= next_sweep) {
      busy_ = true;
      lock.unlock();
      try {
        warn_deadlines();
        storage_.delete_mail_records_before(now_() - kUnsubscribeLinkMs);
      } catch (const std::exception& e) {
        log_warning("mail: the deadline sweep failed", {{"error", e.what()}});
      }
      lock.lock();
      busy_ = false;
      next_sweep = std::chrono::steady_clock::now() + std::chrono::milliseconds(kDeadlineSweepMs);
      continue;
    }
    if (queue_.empty()) {
      idle_.notify_all();
      wake_.wait_until(lock, next_sweep, [this] { return stopping_ || !queue_.empty(); });
      continue;
    }
    const std::function<void()> work = std::move(queue_.front());
    queue_.pop_front();
    busy_ = true;
    lock.unlock();
    try {
      work();
    } catch (const std::exception& e) {
      // Storage failed: this news is not mailed; the page's notices still tell.
      log_warning("mail: news not mailed", {{"error", e.what()}});
    }
    lock.lock();
    busy_ = false;
  }
}

std::string MailNotices::game_link(const std::string& id) const {
  return links_.public_url() + "/play/" + id;
}

bool MailNotices::mail(std::int64_t account, const std::string& key, const std::string& subject,
                       const std::string& text) {
  if (account == 0) return false;
  const auto email = storage_.account_email(account);
  if (!email || email->verified_ms == 0 || !email->notify || email->account_disabled) return false;
  if (!storage_.claim_mail(key, now_())) return false;
  const std::string token = links_.make(account, "unsubscribe", email->address);
  MailMessage message;
  message.to = email->address;
  message.subject = subject;
  message.text = text + "\n-- \nNo more of these mails: " + links_.unsubscribe_page(token) + "\n";
  message.unsubscribe_url = links_.unsubscribe_api(token);
  outbox_.post(std::move(message));
  return true;
}

void MailNotices::handle(const GameNews& news) {
  if (news.kind == GameNews::Kind::turn) {
    const bool white = news.to_move_account == news.white_account;
    const std::string& opponent = white ? news.black_name : news.white_name;
    std::string text = opponent + " has moved in your correspondence game.";
    if (news.deadline_ms > 0)
      text += " You have " + time_left_text(news.deadline_ms - now_()) + " to move.";
    mail(news.to_move_account,
         "turn:" + news.id + ":" + std::to_string(news.to_move_account) + ":" +
             std::to_string(now_() / kHourMs),
         "Your turn against " + opponent, text + "\n\nOpen the game: " + game_link(news.id) + "\n");
    return;
  }
  for (const bool white : {true, false}) {
    const std::int64_t account = white ? news.white_account : news.black_account;
    const std::string& opponent = white ? news.black_name : news.white_name;
    mail(account, "end:" + news.id + ":" + std::to_string(account),
         "Your game against " + opponent + " is over",
         news.description + "\n\nSee the game: " + game_link(news.id) + "\n");
  }
}

int MailNotices::warn_deadlines() {
  const std::int64_t now = now_();
  // A quarter of the longest turn ahead: every deadline that may be warned about now.
  const auto games =
      storage_.deadlines_between(now, now + kMaxDaysPerMove * kDayLength / 4 + 1, kSweptAtOnce);
  int told = 0;
  for (const DeadlineGame& g : games) {
    if (g.days_per_move <= 0 || warn_at(g.flag_at_ms, g.days_per_move) > now) continue;
    std::int64_t account = 0;
    std::string opponent;
    try {
      const json state = games_.state(g.id, "");
      if (state["result"].value("score", "*") != "*") continue;
      const bool white = state.value("to_move", "") == "white";
      account = white ? g.white_account : g.black_account;
      opponent = state["players"][white ? "black" : "white"].get<std::string>();
    } catch (const std::exception& e) {
      log_warning("mail: a game's deadline not read", {{"game", g.id}, {"error", e.what()}});
      continue;
    }
    if (mail(account, "time:" + g.id + ":" + std::to_string(g.turn_started_ms),
             "Your time is running out against " + opponent,
             "You have " + time_left_text(g.flag_at_ms - now) +
                 " left to move in your game against " + opponent +
                 ". Then the game is lost on time.\n\nOpen the game: " + game_link(g.id) + "\n"))
      ++told;
  }
  return told;
}

}  // namespace ordo::server
