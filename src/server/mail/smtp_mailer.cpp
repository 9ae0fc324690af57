#include "server/mail/smtp_mailer.h"

#include <curl/curl.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "server/common/api_error.h"

namespace ordo::server {

namespace {

// Long enough for a relay that checks its spam lists before it answers.
constexpr long kConnectTimeoutS = 30;
constexpr long kTimeoutS = 120;

// Once per process, before any thread uses curl (curl_easy_init would do it unguarded).
void init_curl() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
      throw std::runtime_error("mail: curl_global_init failed");
  });
}

struct Upload {
  std::string_view data;
  std::size_t sent = 0;
};

std::size_t read_message(char* buffer, std::size_t size, std::size_t count, void* upload_ptr) {
  auto& upload = *static_cast<Upload*>(upload_ptr);
  const std::size_t n = std::min(size * count, upload.data.size() - upload.sent);
  std::memcpy(buffer, upload.data.data() + upload.sent, n);
  upload.sent += n;
  return n;
}

// Called at least once a second while a transfer runs: non-zero aborts it.
int check_cancel(void* cancel, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  const auto* flag = static_cast<const std::atomic<bool>*>(cancel);
  return flag != nullptr && flag->load() ? 1 : 0;
}

bool starts_with(const std::string& text, std::string_view prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace

SmtpMailer::SmtpMailer(SmtpSettings settings, const std::atomic<bool>* cancel)
    : settings_(std::move(settings)), cancel_(cancel) {
  const bool plain = starts_with(settings_.url, "smtp://");
  if (!plain && !starts_with(settings_.url, "smtps://"))
    throw std::invalid_argument("mail: the relay's URL begins with smtp:// or smtps://");
  try {
    settings_.from = checked_email_address(settings_.from);
  } catch (const ApiError& e) {
    throw std::invalid_argument("mail: the sender address: " + e.message());
  }
  if (!settings_.user.empty() && plain && !settings_.require_tls)
    throw std::invalid_argument(
        "mail: a user and password are sent over TLS only: use smtps:// or require TLS");
  init_curl();
}

void SmtpMailer::send(const MailMessage& m, std::int64_t now_ms) {
  const std::string message = formatted_message(m, settings_.from, now_ms);
  // Between angle brackets (appended: GCC 12 warns of "<" + a string, falsely).
  std::string to = "<", from = "<";
  to.append(checked_email_address(m.to)).append(">");  // formatted_message checked it
  from.append(settings_.from).append(">");

  const std::unique_ptr<CURL, void (*)(CURL*)> curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) throw std::runtime_error("mail: curl_easy_init failed");
  const std::unique_ptr<curl_slist, void (*)(curl_slist*)> recipients(
      curl_slist_append(nullptr, to.c_str()), curl_slist_free_all);
  if (!recipients) throw std::runtime_error("mail: out of memory");
  Upload upload{message};
  char error[CURL_ERROR_SIZE] = "";

  CURL* c = curl.get();
  curl_easy_setopt(c, CURLOPT_URL, settings_.url.c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_FROM, from.c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_RCPT, recipients.get());
  curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(c, CURLOPT_READFUNCTION, read_message);
  curl_easy_setopt(c, CURLOPT_READDATA, &upload);
  curl_easy_setopt(c, CURLOPT_USE_SSL,
                   static_cast<long>(settings_.require_tls ? CURLUSESSL_ALL : CURLUSESSL_NONE));
  if (!settings_.user.empty()) {
    curl_easy_setopt(c, CURLOPT_USERNAME, settings_.user.c_str());
    curl_easy_setopt(c, CURLOPT_PASSWORD, settings_.password.c_str());
  }
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error);
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);  // timeouts without SIGALRM: other threads run
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, kConnectTimeoutS);
  curl_easy_setopt(c, CURLOPT_TIMEOUT, kTimeoutS);
  curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, check_cancel);
  curl_easy_setopt(c, CURLOPT_XFERINFODATA, const_cast<std::atomic<bool>*>(cancel_));

  const CURLcode result = curl_easy_perform(c);
  if (result != CURLE_OK) {
    long reply = 0;
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &reply);
    std::string what = error[0] != '\0' ? error : curl_easy_strerror(result);
    if (reply != 0) what += " (the relay's last reply: " + std::to_string(reply) + ")";
    throw std::runtime_error("mail: " + what);
  }
}

}  // namespace ordo::server
