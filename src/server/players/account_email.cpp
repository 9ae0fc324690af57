#include "server/players/account_email.h"

#include "server/common/api_error.h"
#include "server/games/request_fields.h"

namespace ordo::server {

using nlohmann::json;

AccountEmail::AccountEmail(MailStorage& storage, MailOutbox& outbox, MailLinks& links,
                           TimeSource now)
    : storage_(storage), outbox_(outbox), links_(links), now_(std::move(now)) {}

json AccountEmail::state(std::int64_t account) {
  const auto email = storage_.account_email(account);
  return {{"address", email ? json(email->address) : json(nullptr)},
          {"verified", email && email->verified_ms != 0},
          {"notify", email && email->notify},
          {"mail_enabled", outbox_.enabled()}};
}

void AccountEmail::refuse_without_mail() const {
  if (!outbox_.enabled())
    throw ApiError(409, "mail_off",
                   "this server sends no e-mail: its operator has set no mail relay");
}

void AccountEmail::send_verification(const SignedIn& who, const std::string& address) {
  // One link a minute per account, on every instance: a page cannot make the server
  // flood an address.
  if (!storage_.claim_mail(
          "verify:" + std::to_string(who.id) + ":" + std::to_string(now_() / 60'000), now_()))
    throw ApiError(429, "too_many_requests",
                   "a link was sent less than a minute ago: look for it, or ask again in a "
                   "minute",
                   60);
  const std::string token = links_.make(who.id, "verify", address);
  MailMessage mail;
  mail.to = address;
  mail.subject = "Verify your e-mail address for Ordo";
  mail.text = "Hello " + who.name +
              ",\n\n"
              "Open this link to verify that this address is yours; the server then tells "
              "you here of your correspondence games (your turn, a game over, time running "
              "out):\n\n" +
              links_.verify_page(token) +
              "\n\nThe link works for two days. If you did not ask for this, ignore this "
              "mail: nothing is sent to this address unless it is verified.\n";
  outbox_.post(std::move(mail));
}

json AccountEmail::set(const SignedIn& who, const json& body) {
  if (!body.is_object()) throw ApiError(400, "bad_request", "the body must be a JSON object");
  refuse_without_mail();
  const std::string address = checked_email_address(string_field(body, "address", true));
  const auto before = storage_.account_email(who.id);
  if (before && before->address == address && before->verified_ms != 0) return state(who.id);
  // The link is sent first: a refusal (too soon) leaves the address as it was.
  send_verification(who, address);
  storage_.set_account_email(who.id, address);
  return state(who.id);
}

json AccountEmail::resend(const SignedIn& who) {
  refuse_without_mail();
  const auto email = storage_.account_email(who.id);
  if (!email) throw ApiError(409, "no_email", "there is no address to verify: give one first");
  if (email->verified_ms != 0)
    throw ApiError(409, "already_verified", "this address is verified already");
  send_verification(who, email->address);
  return state(who.id);
}

json AccountEmail::remove(const SignedIn& who) {
  storage_.set_account_email(who.id, "");
  return state(who.id);
}

json AccountEmail::notify(const SignedIn& who, const json& body) {
  if (!body.is_object() || !body.contains("notify") || !body["notify"].is_boolean())
    throw ApiError(400, "bad_request", "'notify' must be true or false");
  const bool on = body["notify"].get<bool>();
  const auto email = storage_.account_email(who.id);
  if (on && (!email || email->verified_ms == 0))
    throw ApiError(409, "not_verified", "verify the address first: mail goes only to one");
  if (email) storage_.set_email_notify(who.id, on);
  return state(who.id);
}

json AccountEmail::verify(const json& body) {
  if (!body.is_object()) throw ApiError(400, "bad_request", "the body must be a JSON object");
  const std::string token = string_field(body, "token", true);
  const auto link = links_.find(token, "verify");
  if (!link)
    throw ApiError(404, "unknown_link",
                   "this link is unknown or older than two days: ask for a new one in Settings");
  if (!storage_.verify_account_email(link->account, link->address, now_()))
    throw ApiError(409, "address_changed",
                   "the account's address changed after this link was sent: use the newest "
                   "link");
  links_.forget(token);
  return {{"verified", true}, {"address", link->address}};
}

json AccountEmail::unsubscribe(const std::string& token) {
  const auto link = links_.find(token, "unsubscribe");
  if (!link)
    throw ApiError(404, "unknown_link",
                   "this link is unknown or older than ninety days: turn the mail off in "
                   "Settings");
  // Only the address the mail went to: a later address stays as its player set it.
  if (const auto email = storage_.account_email(link->account);
      email && email->address == link->address)
    storage_.set_email_notify(link->account, false);
  return {{"unsubscribed", true}, {"address", link->address}};
}

}  // namespace ordo::server
