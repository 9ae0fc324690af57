// A player's e-mail address for notifications (docs/api.md, "E-mail"): set in Settings,
// verified by a link sent to it, used only once verified and while its player wants the
// mail; one click in any mail stops it. The server sends no mail at all unless its
// operator gave an SMTP relay (`serve --smtp-url`).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "server/common/chess_clock.h"
#include "server/mail/mail_outbox.h"
#include "server/players/accounts.h"
#include "server/players/mail_links.h"
#include "server/storage/mail_storage.h"

namespace ordo::server {

class AccountEmail {
 public:
  AccountEmail(MailStorage& storage, MailOutbox& outbox, MailLinks& links, TimeSource now);

  // GET /api/account/email: {"address": text or null, "verified", "notify", "mail_enabled"}.
  nlohmann::json state(std::int64_t account);
  // PUT /api/account/email {"address"}: stored unverified, and a link sent to verify it.
  nlohmann::json set(const SignedIn& who, const nlohmann::json& body);
  // POST /api/account/email/resend: the link again (at most one a minute).
  nlohmann::json resend(const SignedIn& who);
  // DELETE /api/account/email.
  nlohmann::json remove(const SignedIn& who);
  // POST /api/account/email/notify {"notify": bool}.
  nlohmann::json notify(const SignedIn& who, const nlohmann::json& body);
  // POST /api/mail/verify {"token"} (no session needed: the link is the proof).
  nlohmann::json verify(const nlohmann::json& body);
  // POST /api/mail/unsubscribe?token=… (a mail client's one click, or the page's button).
  nlohmann::json unsubscribe(const std::string& token);

 private:
  void refuse_without_mail() const;
  void send_verification(const SignedIn& who, const std::string& address);

  MailStorage& storage_;
  MailOutbox& outbox_;
  MailLinks& links_;
  TimeSource now_;
};

}  // namespace ordo::server
