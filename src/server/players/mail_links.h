// The links the server's mail carries: to verify an address (valid two days, used once)
// and to stop the mail (valid ninety days, as often as asked). A link holds a random
// token; storage keeps only its digest (mail_storage.h). Verification links open a page
// that posts the token (a mail scanner that follows links verifies nothing); unsubscribe
// links are one click (RFC 8058): the mail client posts to the API link itself.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/common/chess_clock.h"
#include "server/storage/mail_storage.h"

namespace ordo::server {

inline constexpr std::int64_t kVerifyLinkMs = 2LL * 24 * 3600 * 1000;
inline constexpr std::int64_t kUnsubscribeLinkMs = 90LL * 24 * 3600 * 1000;

class MailLinks {
 public:
  // `public_url`: where players reach the server ("https://ordo.example"), no slash at
  // the end.
  MailLinks(MailStorage& storage, std::string public_url, TimeSource now);

  // A new link's token, stored as a digest.
  std::string make(std::int64_t account, const std::string& purpose, const std::string& address);
  // The link a token names, if it is of `purpose` and not expired.
  std::optional<StoredMailLink> find(const std::string& token, const std::string& purpose);
  void forget(const std::string& token);

  // The page that verifies (the token after '#', never sent to any server log).
  std::string verify_page(const std::string& token) const;
  // The page with a button that stops the mail, and the API link a mail client posts to.
  std::string unsubscribe_page(const std::string& token) const;
  std::string unsubscribe_api(const std::string& token) const;
  const std::string& public_url() const { return public_url_; }

 private:
  MailStorage& storage_;
  std::string public_url_;
  TimeSource now_;
};

}  // namespace ordo::server
