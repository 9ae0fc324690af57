// Passwords nobody should choose, refused with the reason: those in cracklib's dictionary
// of common words and passwords, simple sequences ("12345678"), and one holding the
// account's name in some form. Debian's libpwquality decides (dictionary from
// cracklib-runtime); the length limits are account_name.h's check_password.
#pragma once

#include <string_view>

namespace ordo::server {

// ApiError 400 saying why, for a password too easy to guess for the account `name`.
void check_password_quality(std::string_view password, std::string_view name);
// Throws std::runtime_error, with what to install, if the dictionary cannot be read:
// checked when the server starts rather than at the first registration.
void require_password_dictionary();

}  // namespace ordo::server
