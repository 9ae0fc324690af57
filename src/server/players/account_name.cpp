#include "server/players/account_name.h"

#include "server/common/api_error.h"
#include "server/common/name_skeleton.h"
#include "server/common/player_name.h"
#include "server/common/unicode_text.h"
#include "server/common/utf8_text.h"
#include "server/players/reserved_names.h"

namespace ordo::server {

namespace {

ApiError bad_name(const std::string& why) {
  return ApiError(400, "bad_request", "an account name " + why);
}

// Characters that hide or disguise what a name is: each refused with its reason.
void check_characters(std::string_view name) {
  if (auto c = find_char(name, is_bidi_control))
    throw bad_name("must not hold a character that changes the writing direction (" +
                   code_point_name(c->c) + ")");
  if (auto c = find_char(name, is_unusual_space))
    throw bad_name("must not hold a space other than the plain one (" + code_point_name(c->c) +
                   ")");
  if (auto c = find_char(name, is_invisible))
    throw bad_name("must not hold an invisible character (" + code_point_name(c->c) + ")");
  if (auto c = find_char(name, is_unreadable))
    throw bad_name("must not hold an unassigned or private-use character (" +
                   code_point_name(c->c) + ")");
  if (longest_mark_run(name) > kMaxCombiningMarks)
    throw bad_name("must not stack more than " + std::to_string(kMaxCombiningMarks) +
                   " combining marks on one character");
}

}  // namespace

std::string checked_account_name(std::string_view name) {
  std::string checked = checked_player_name(name);
  if (utf8_length(checked) < kMinAccountNameChars)
    throw ApiError(400, "bad_request", "an account name has at least two characters");
  check_characters(checked);
  if (checked.front() == ' ' || checked.back() == ' ')
    throw ApiError(400, "bad_request", "an account name must not begin or end with a space");
  if (checked.find("  ") != std::string::npos) throw bad_name("must not hold two spaces in a row");
  if (checked.find_first_of("<>&\"'/\\") != std::string::npos)
    throw ApiError(400, "bad_request", "an account name must not hold any of < > & \" ' / \\");
  // ".." or "-": a name must say something (and "/players/.." would be the site's root).
  if (!find_char(checked, is_letter_or_digit)) throw bad_name("must hold a letter or a digit");
  if (const auto scripts = mixed_scripts(checked); !scripts.empty()) {
    std::string list;
    for (std::size_t i = 0; i < scripts.size(); ++i)
      list += (i == 0 ? "" : i + 1 == scripts.size() ? " and " : ", ") + scripts[i];
    throw bad_name("must be written in one script (this one mixes " + list + ")");
  }
  if (const auto reserved = reserved_name_like(checked))
    throw bad_name("must not pass for '" + *reserved + "', which the site itself shows");
  return checked;
}

std::string account_name_key(std::string_view name) {
  std::string key(name);
  for (char& c : key)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return key;
}

void check_password(std::string_view password) {
  if (password.size() < kMinPasswordBytes)
    throw ApiError(400, "bad_request",
                   "a password has at least " + std::to_string(kMinPasswordBytes) + " characters");
  if (password.size() > kMaxPasswordBytes)
    throw ApiError(400, "bad_request",
                   "a password has at most " + std::to_string(kMaxPasswordBytes) + " bytes");
}

}  // namespace ordo::server
