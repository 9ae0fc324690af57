#include "server/http/csrf.h"

#include "server/common/random_token.h"
#include "server/common/token_digest.h"

namespace ordo::server {

namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

// "http://host:port" -> "host:port" for `scheme` "http"; empty for anything else (another
// scheme: a plain-HTTP page is another origin than the HTTPS one, and may be an attacker's).
std::string_view origin_authority(std::string_view origin, std::string_view scheme) {
  if (!origin.starts_with(scheme) || !origin.substr(scheme.size()).starts_with("://")) return {};
  origin.remove_prefix(scheme.size() + 3);
  return origin.find('/') == std::string_view::npos ? origin : std::string_view();
}

}  // namespace

std::optional<std::string> cookie_value(const HttpRequest& request, std::string_view name) {
  const auto header = request.header("cookie");
  if (!header) return std::nullopt;
  std::string_view rest = *header;
  while (!rest.empty()) {
    const std::size_t semicolon = rest.find(';');
    const std::string_view pair = trimmed(rest.substr(0, semicolon));
    const std::size_t eq = pair.find('=');
    if (eq != std::string_view::npos && pair.substr(0, eq) == name)
      return std::string(pair.substr(eq + 1));
    if (semicolon == std::string_view::npos) break;
    rest.remove_prefix(semicolon + 1);
  }
  return std::nullopt;
}

std::string session_cookie(const std::string& token, long long max_age_seconds, bool secure) {
  return std::string(kSessionCookie) + "=" + token +
         "; Path=/; Max-Age=" + std::to_string(max_age_seconds) + "; HttpOnly; SameSite=Lax" +
         (secure ? "; Secure" : "");
}

std::string csrf_token_for(std::string_view session_token) {
  return token_digest("csrf:" + std::string(session_token));
}

bool same_origin(const HttpRequest& request) {
  if (const auto site = request.header("sec-fetch-site"))
    if (*site == "cross-site" || *site == "same-site") return false;
  const auto origin = request.header("origin");
  if (!origin) return true;
  const auto host = request.header("host");
  const std::string_view authority = origin_authority(*origin, request.scheme);
  return host && !authority.empty() && authority == *host;
}

bool has_csrf_token(const HttpRequest& request, std::string_view session_token) {
  const auto sent = request.header("x-csrf-token");
  return sent && tokens_equal(*sent, csrf_token_for(session_token));
}

}  // namespace ordo::server
