#include "server/common/unicode_text.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace ordo::server {

namespace {

// Calls `visit` with each code point of valid UTF-8 text and its byte offset until it
// returns true.
template <typename Visit>
bool any_code_point(std::string_view text, Visit visit) {
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
  const auto length = static_cast<std::int32_t>(text.size());
  for (std::int32_t i = 0; i < length;) {
    const std::int32_t start = i;
    UChar32 c = 0;
    U8_NEXT(bytes, i, length, c);
    if (c < 0) c = 0xFFFD;  // not reached for valid text
    if (visit(static_cast<char32_t>(c), static_cast<std::size_t>(start))) return true;
  }
  return false;
}

std::int8_t category(char32_t c) {
  return u_charType(static_cast<UChar32>(c));
}

}  // namespace

bool is_bidi_control(char32_t c) {
  return u_hasBinaryProperty(static_cast<UChar32>(c), UCHAR_BIDI_CONTROL);
}

bool is_unusual_space(char32_t c) {
  return c != U' ' &&
         (u_isUWhiteSpace(static_cast<UChar32>(c)) || category(c) == U_SPACE_SEPARATOR);
}

bool is_invisible(char32_t c) {
  const auto type = category(c);
  return u_hasBinaryProperty(static_cast<UChar32>(c), UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ||
         type == U_FORMAT_CHAR || type == U_CONTROL_CHAR || type == U_LINE_SEPARATOR ||
         type == U_PARAGRAPH_SEPARATOR || is_unusual_space(c) ||
         // The braille blank is a symbol that looks like a space.
         c == 0x2800;
}

bool is_unreadable(char32_t c) {
  const auto type = category(c);
  return type == U_UNASSIGNED || type == U_PRIVATE_USE_CHAR || type == U_SURROGATE;
}

bool is_letter_or_digit(char32_t c) {
  return u_isalpha(static_cast<UChar32>(c)) || u_isdigit(static_cast<UChar32>(c));
}

std::size_t longest_mark_run(std::string_view text) {
  std::size_t longest = 0, run = 0;
  any_code_point(text, [&](char32_t c, std::size_t) {
    run = (U_GET_GC_MASK(static_cast<UChar32>(c)) & U_GC_M_MASK) != 0 ? run + 1 : 0;
    longest = std::max(longest, run);
    return false;
  });
  return longest;
}

std::optional<FoundChar> find_char(std::string_view text, bool (*test)(char32_t)) {
  std::optional<FoundChar> found;
  any_code_point(text, [&](char32_t c, std::size_t offset) {
    if (test(c)) found = FoundChar{c, offset};
    return found.has_value();
  });
  return found;
}

std::string code_point_name(char32_t c) {
  char text[16];
  std::snprintf(text, sizeof text, "U+%04X", static_cast<unsigned>(c));
  return text;
}

}  // namespace ordo::server
