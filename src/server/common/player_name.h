// Player names, checked once on the way in: a name is shown on the page, written into
// exported records (one tag per line) and read back by the server's own import, so it
// holds no control characters (a NUL, a newline) and is valid UTF-8 of a bounded length.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ordo::server {

constexpr std::size_t kMaxNameChars = 40;

// A name a client chose: returned as given, or ApiError 400 saying what is wrong with it.
std::string checked_player_name(std::string_view name);
// A name from elsewhere (a record's tag, a row stored before names were checked) made
// fit: invalid bytes and control characters become U+FFFD and spaces, and it is cut to
// kMaxNameChars characters, never inside one.
std::string cleaned_player_name(std::string_view name);

}  // namespace ordo::server
