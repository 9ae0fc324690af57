// A chat message's text, checked once on the way in: valid UTF-8, 1 to kMaxChatChars
// characters, not only spaces, and no control characters (C0, DEL, C1: a newline too; a
// message is one line) nor the characters that reorder the text around them (bidi
// overrides and isolates), so that what one player wrote cannot disguise itself; not only
// invisible characters (U+3000, U+FEFF), nor more than kMaxCombiningMarks combining marks
// in a row (unicode_text.h), which would draw over the lines around it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ordo::server {

constexpr std::size_t kMaxChatChars = 500;

// The text as given, or ApiError 400 saying what is wrong with it.
std::string checked_chat_text(std::string_view text);

}  // namespace ordo::server
