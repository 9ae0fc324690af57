// Account names: a player name (player_name.h: valid UTF-8, no control characters, at
// most kMaxNameChars) that is also fit to stand for a person in lists and links: at
// least two characters, no space at either end, none of < > & " ' / \. Unique without
// regard to case (ASCII letters; other scripts compare as written).
#pragma once

#include <string>
#include <string_view>

namespace ordo::server {

constexpr std::size_t kMinAccountNameChars = 2;
constexpr std::size_t kMinPasswordBytes = 8;
constexpr std::size_t kMaxPasswordBytes = 256;

// The name as given, or ApiError 400 saying what is wrong.
std::string checked_account_name(std::string_view name);
// What uniqueness compares: the name with ASCII letters in lower case.
std::string account_name_key(std::string_view name);
// ApiError 400 for a password that is too short or too long.
void check_password(std::string_view password);

}  // namespace ordo::server
