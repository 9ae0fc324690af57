// Hands one message to an SMTP relay with libcurl, synchronously: for the outbox's
// thread (mail_outbox.h), never for a request's.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "server/mail/mail_message.h"

namespace ordo::server {

struct SmtpSettings {
  // smtp://host:port or smtps://host:port (TLS from the start); a path names this host in
  // EHLO (smtp://relay.example:587/ordo.example), the machine's host name without one.
  // Empty: no mail.
  std::string url;
  std::string from;            // the sender address (checked_email_address), also the envelope's
  std::string user, password;  // optional AUTH
  // Off (the default): plain SMTP on smtp://, for a relay on this machine or a private
  // network; TLS is not tried, since a local relay's self-signed certificate would then
  // fail every send. On: STARTTLS is required and the certificate verified. Credentials
  // never cross the network in clear: with a user, smtps:// or require_tls is required.
  bool require_tls = false;
};

class SmtpMailer {
 public:
  // std::invalid_argument for settings that cannot work (no URL, a bad sender, a user
  // over plain SMTP). While `*cancel` is true a send gives up within about a second (the
  // outbox's destructor), so a relay that hangs cannot hold the server's shutdown.
  explicit SmtpMailer(SmtpSettings settings, const std::atomic<bool>* cancel = nullptr);

  // Sends `m` (formatted_message, dated `now_ms`). std::invalid_argument for a message
  // that cannot be sent (formatted_message); std::runtime_error with curl's message when
  // the relay cannot be reached or refuses it.
  void send(const MailMessage& m, std::int64_t now_ms);

 private:
  SmtpSettings settings_;
  const std::atomic<bool>* cancel_;
};

}  // namespace ordo::server
