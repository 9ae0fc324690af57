#include "server/players/mail_links.h"

#include "server/common/random_token.h"
#include "server/common/token_digest.h"

namespace ordo::server {

MailLinks::MailLinks(MailStorage& storage, std::string public_url, TimeSource now)
    : storage_(storage), public_url_(std::move(public_url)), now_(std::move(now)) {
  while (!public_url_.empty() && public_url_.back() == '/') public_url_.pop_back();
}

std::string MailLinks::make(std::int64_t account, const std::string& purpose,
                            const std::string& address) {
  std::string token = random_url_safe(24);
  storage_.add_mail_link(token_digest(token), {account, purpose, address, now_()});
  return token;
}

std::optional<StoredMailLink> MailLinks::find(const std::string& token,
                                              const std::string& purpose) {
  // A token is URL-safe base64 of 24 bytes: anything else names no link.
  if (token.size() != 32) return std::nullopt;
  auto link = storage_.mail_link(token_digest(token));
  if (!link || link->purpose != purpose) return std::nullopt;
  const std::int64_t lasts = purpose == "verify" ? kVerifyLinkMs : kUnsubscribeLinkMs;
  if (now_() - link->created_ms > lasts) return std::nullopt;
  return link;
}

void MailLinks::forget(const std::string& token) {
  storage_.delete_mail_link(token_digest(token));
}

std::string MailLinks::verify_page(const std::string& token) const {
  return public_url_ + "/mail/verify#" + token;
}

std::string MailLinks::unsubscribe_page(const std::string& token) const {
  return public_url_ + "/mail/unsubscribe#" + token;
}

std::string MailLinks::unsubscribe_api(const std::string& token) const {
  return public_url_ + "/api/mail/unsubscribe?token=" + token;
}

}  // namespace ordo::server
