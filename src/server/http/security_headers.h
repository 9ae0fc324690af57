// The headers every answer carries so that a browser keeps the page to itself: a strict
// Content-Security-Policy (the page has no inline script or style; its only data: URL is the
// blank favicon), no framing by other sites, no sniffing of content types, and no
// Referer with a game's private link in it to anywhere else.
#pragma once

#include <utility>

namespace ordo::server {

inline constexpr std::pair<const char*, const char*> kSecurityHeaders[] = {
    {"Content-Security-Policy",
     "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
     "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
     "frame-ancestors 'none'"},
    {"X-Frame-Options", "DENY"},
    {"X-Content-Type-Options", "nosniff"},
    {"Referrer-Policy", "same-origin"},
};

}  // namespace ordo::server
