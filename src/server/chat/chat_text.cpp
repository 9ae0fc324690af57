#include "server/chat/chat_text.h"

#include "server/common/api_error.h"
#include "server/common/unicode_text.h"
#include "server/common/utf8_text.h"

namespace ordo::server {

namespace {

// The code point starting at text[i] in valid UTF-8; advances i past it.
char32_t next_code_point(std::string_view text, std::size_t& i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  int extra = lead < 0x80 ? 0 : lead < 0xE0 ? 1 : lead < 0xF0 ? 2 : 3;
  char32_t cp = extra == 0   ? lead
                : extra == 1 ? lead & 0x1Fu
                : extra == 2 ? lead & 0x0Fu
                             : lead & 0x07u;
  ++i;
  for (; extra > 0; --extra, ++i) cp = (cp << 6) | (byte(i) & 0x3Fu);
  return cp;
}

bool is_control(char32_t cp) {
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F);
}

// Bidi embeddings, overrides and isolates (U+202A..U+202E, U+2066..U+2069).
bool reorders_text(char32_t cp) {
  return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

}  // namespace

std::string checked_chat_text(std::string_view text) {
  if (!is_valid_utf8(text)) throw ApiError(400, "bad_chat", "the message is not valid UTF-8");
  if (utf8_length(text) > kMaxChatChars)
    throw ApiError(
        400, "bad_chat",
        "the message is too long (at most " + std::to_string(kMaxChatChars) + " characters)");
  bool only_spaces = true;
  for (std::size_t i = 0; i < text.size();) {
    const char32_t cp = next_code_point(text, i);
    if (is_control(cp))
      throw ApiError(400, "bad_chat", "the message holds a control character (a newline, say)");
    if (reorders_text(cp))
      throw ApiError(400, "bad_chat", "the message holds a character that reorders text");
    only_spaces = only_spaces && cp == U' ';
  }
  if (only_spaces) throw ApiError(400, "bad_chat", "the message is empty");
  // U+3000, U+FEFF, zero-width spaces and the like: a message that shows nothing.
  if (!find_char(text, [](char32_t c) { return c != U' ' && !is_invisible(c); }))
    throw ApiError(400, "bad_chat", "the message shows nothing (only invisible characters)");
  if (longest_mark_run(text) > kMaxCombiningMarks)
    throw ApiError(400, "bad_chat",
                   "the message stacks more than " + std::to_string(kMaxCombiningMarks) +
                       " combining marks on one character");
  return std::string(text);
}

}  // namespace ordo::server
