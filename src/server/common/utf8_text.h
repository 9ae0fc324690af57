// UTF-8 checks for text from clients and from storage. The JSON library refuses to write a
// string that is not valid UTF-8 (it throws), so text that reaches an answer must be valid:
// text cut by a byte limit can end inside a character, and an error message may quote a
// single byte of what a client sent.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ordo::server {

// Well-formed UTF-8 as RFC 3629 defines it: no overlong forms, no surrogates, nothing
// above U+10FFFF.
bool is_valid_utf8(std::string_view text);
// `text` with each byte that is not part of a well-formed character replaced by U+FFFD.
std::string valid_utf8(std::string_view text);
// Characters (code points) in valid UTF-8 text.
std::size_t utf8_length(std::string_view text);
// The first `max_chars` characters of valid UTF-8 text, never cut inside one.
std::string utf8_prefix(std::string_view text, std::size_t max_chars);

}  // namespace ordo::server
