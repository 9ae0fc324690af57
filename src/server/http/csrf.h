// The session cookie and the protection against cross-site request forgery. A request
// that changes state with the session cookie must (1) come from the server's own origin
// where the browser says where it comes from (Origin, Sec-Fetch-Site), and (2) carry the
// session's CSRF token in the X-CSRF-Token header: a token derived from the session token,
// which a page of another site can neither read (the cookie is HttpOnly) nor compute.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "server/http/http_message.h"

namespace ordo::server {

constexpr std::string_view kSessionCookie = "ordo_session";

// The value of cookie `name` in the request's Cookie header.
std::optional<std::string> cookie_value(const HttpRequest& request, std::string_view name);
// A Set-Cookie value: HttpOnly, SameSite=Lax, Path=/, and Secure when `secure` (the
// server is reached through TLS). An empty token with max_age 0 clears the cookie.
std::string session_cookie(const std::string& token, long long max_age_seconds, bool secure);

// The CSRF token of a session (64 hex digits).
std::string csrf_token_for(std::string_view session_token);
// False when the browser says the request comes from another site: an Origin that is not
// this server's (by the Host header and the request's scheme), "null", or Sec-Fetch-Site
// cross-site. Requests
// without these headers (not from a browser) pass; the token check still applies.
bool same_origin(const HttpRequest& request);
// The token check: the request's X-CSRF-Token equals the session's, compared in constant
// time.
bool has_csrf_token(const HttpRequest& request, std::string_view session_token);

}  // namespace ordo::server
