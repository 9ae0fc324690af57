// Account names: a player name (player_name.h: valid UTF-8, no control characters, at
// most kMaxNameChars) that is also fit to stand for a person in lists and links: at
// least two characters, one of them a letter or digit; no space at either end nor two in
// a row; none of < > & " ' / \; no invisible, direction-changing or unassigned
// character, no space but U+0020, no tower of combining marks (unicode_text.h); one
// script (name_skeleton.h); not a name the site itself shows (reserved_names.h).
// Unique by skeleton (name_skeleton.h, enforced by storage); looked up by the key below
// first (account_lookup.h).
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
