// An e-mail to one player (a turn, a game's end, an address to verify) and the message as
// the relay receives it (RFC 5322 with MIME). Addresses are ASCII only: an international
// domain is typed in its xn-- form, and a local part with other characters (SMTPUTF8)
// is refused, since not every relay on the way would carry it.
#pragma once

#include <cstdint>
#include <string>

namespace ordo::server {

struct MailMessage {
  std::string to;       // one address, as checked_email_address returned it
  std::string subject;  // UTF-8
  std::string text;     // UTF-8 plain-text body, lines separated by \n
  // Optional: when set, List-Unsubscribe: <url> and List-Unsubscribe-Post:
  // List-Unsubscribe=One-Click (RFC 8058), so that mail clients offer a one-click button.
  std::string unsubscribe_url;
};

// An address as a user types it, checked: one @, a local part of at most 64 characters
// (letters, digits, dots not at either end nor doubled, and !#$%&'*+-/=?^_`{|}~) and a
// domain of labels of letters, digits and hyphens (a dot between labels is optional: a
// name without one is accepted), at most 254 bytes in all, no spaces nor control
// characters. Returns it without the spaces around it and with its domain in lower
// case, or ApiError 422 "bad_email" saying what is wrong (never quoting the address).
std::string checked_email_address(const std::string& text);

// The whole message as sent, lines ending in CRLF: From, To, Subject (RFC 2047
// encoded-words, base64 of UTF-8, where it is not short plain ASCII), Date (from
// `now_ms`), a random Message-ID at the sender's domain, MIME-Version, Content-Type
// text/plain in UTF-8, the List-Unsubscribe headers where set, and the body in
// quoted-printable (which carries any byte, and never starts a line with a dot). Text
// that is not valid UTF-8 has its bad bytes replaced by U+FFFD. std::invalid_argument
// where a header value holds CR, LF or NUL (no header injection) or an address fails
// checked_email_address.
std::string formatted_message(const MailMessage& m, const std::string& from, std::int64_t now_ms);

}  // namespace ordo::server
