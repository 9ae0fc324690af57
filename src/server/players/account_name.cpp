#include "server/players/account_name.h"

#include "server/common/api_error.h"
#include "server/common/player_name.h"
#include "server/common/utf8_text.h"

namespace ordo::server {

std::string checked_account_name(std::string_view name) {
  std::string checked = checked_player_name(name);
  if (utf8_length(checked) < kMinAccountNameChars)
    throw ApiError(400, "bad_request", "an account name has at least two characters");
  if (checked.front() == ' ' || checked.back() == ' ')
    throw ApiError(400, "bad_request", "an account name must not begin or end with a space");
  if (checked.find_first_of("<>&\"'/\\") != std::string::npos)
    throw ApiError(400, "bad_request", "an account name must not hold any of < > & \" ' / \\");
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
