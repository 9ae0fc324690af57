#include "server/api/email_routes.h"

#include "server/http/http_json.h"

namespace ordo::server {

using nlohmann::json;

void add_email_routes(Router& router, AccountEmail& email, Accounts& accounts) {
  router.add("GET", "/api/account/email",
             [&email, &accounts](const HttpRequest& request, const Router::Params&) {
               return private_json(200, email.state(accounts.require(request, false).id));
             });
  router.add("PUT", "/api/account/email",
             [&email, &accounts](const HttpRequest& request, const Router::Params&) {
               return private_json(200,
                                   email.set(accounts.require(request, true), json_body(request)));
             });
  router.add("DELETE", "/api/account/email",
             [&email, &accounts](const HttpRequest& request, const Router::Params&) {
               return private_json(200, email.remove(accounts.require(request, true)));
             });
  router.add("POST", "/api/account/email/resend",
             [&email, &accounts](const HttpRequest& request, const Router::Params&) {
               return private_json(200, email.resend(accounts.require(request, true)));
             });
  router.add("POST", "/api/account/email/notify",
             [&email, &accounts](const HttpRequest& request, const Router::Params&) {
               return private_json(
                   200, email.notify(accounts.require(request, true), json_body(request)));
             });
  // The link is the proof: no session, and so no CSRF token (nothing a session allows).
  router.add("POST", "/api/mail/verify",
             [&email](const HttpRequest& request, const Router::Params&) {
               return private_json(200, email.verify(json_body(request)));
             });
  // RFC 8058: the mail client posts "List-Unsubscribe=One-Click" to this very link.
  router.add(
      "POST", "/api/mail/unsubscribe", [&email](const HttpRequest& request, const Router::Params&) {
        return private_json(200, email.unsubscribe(request.query_value("token").value_or("")));
      });
}

}  // namespace ordo::server
