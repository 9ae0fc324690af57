#include "server/common/player_name.h"

#include "server/common/api_error.h"
#include "server/common/utf8_text.h"

namespace ordo::server {

namespace {

// C0 controls and DEL; the C1 controls are two-byte characters and pass (they are shown
// and exported harmlessly).
bool is_control(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return byte < 0x20 || byte == 0x7F;
}

}  // namespace

std::string checked_player_name(std::string_view name) {
  if (!is_valid_utf8(name)) throw ApiError(400, "bad_request", "a player name must be valid UTF-8");
  for (const char c : name)
    if (is_control(c))
      throw ApiError(400, "bad_request",
                     "a player name must not hold control characters (a newline, a tab, NUL)");
  if (utf8_length(name) > kMaxNameChars)
    throw ApiError(400, "bad_request",
                   "a player name has at most " + std::to_string(kMaxNameChars) + " characters");
  return std::string(name);
}

std::string cleaned_player_name(std::string_view name) {
  std::string text = valid_utf8(name);
  for (char& c : text)
    if (is_control(c)) c = ' ';
  return utf8_prefix(text, kMaxNameChars);
}

}  // namespace ordo::server
