// What Unicode (ICU's character properties) says about the characters of valid UTF-8
// text, for the checks on names and chat messages: which characters show nothing, which
// reorder the text around them, and how many combining marks pile up on one letter.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ordo::server {

// Most combining marks one character may carry: enough for any script's accents and
// vowel signs (Vietnamese needs two, Hebrew points with a cantillation mark three), too
// few to stack a "Zalgo" tower over the neighbouring lines.
constexpr std::size_t kMaxCombiningMarks = 4;

// Bidi controls: embeddings, overrides, isolates and the direction marks.
bool is_bidi_control(char32_t c);
// Shows nothing, or only a gap: a default-ignorable code point (zero-width space,
// joiners, U+FEFF, variation selectors, Hangul fillers), a format or control character,
// or white space other than the plain space U+0020 (U+00A0, U+3000, the braille blank).
bool is_invisible(char32_t c);
// White space other than the plain space U+0020 (U+00A0, U+2007, U+3000, ...).
bool is_unusual_space(char32_t c);
// Unassigned, private use or a surrogate: nothing anyone can read.
bool is_unreadable(char32_t c);
// A letter (any script) or a decimal digit.
bool is_letter_or_digit(char32_t c);
// The longest run of combining marks (general category M) in valid UTF-8 text.
std::size_t longest_mark_run(std::string_view text);
// The first character of valid UTF-8 text for which `test` holds, and its byte offset.
struct FoundChar {
  char32_t c = 0;
  std::size_t offset = 0;
};
std::optional<FoundChar> find_char(std::string_view text, bool (*test)(char32_t));
// "U+202E", for messages that name a character nobody can see.
std::string code_point_name(char32_t c);

}  // namespace ordo::server
