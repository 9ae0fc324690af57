// The round trip every text format of the project owes, as the parser fuzz targets check
// it: a rejected input throws the format's own error, with a message; an accepted one
// writes a text that reads back to the same thing, and that text writes itself again
// unchanged. A broken property prints the input and what was written, then aborts, so that
// libFuzzer keeps the input as a crash.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace fuzz {

[[noreturn]] inline void violated(const char* what, std::string_view input,
                                  const std::string& written, const std::string& detail = "") {
  std::fprintf(stderr,
               "\nPROPERTY VIOLATED: %s\n  %s\n--- input ---\n%.*s\n--- written ---\n%s\n---\n",
               what, detail.c_str(), static_cast<int>(input.size()), input.data(), written.c_str());
  std::abort();
}

// `read(text)` parses or throws Error; `write(value)` gives its text; `difference(a, b)`
// names what differs between two values read, empty when they are the same. Returns the
// value read from `input`, or nothing when it was rightly rejected.
template <class Error, class Read, class Write, class Difference>
auto check_round_trip(std::string_view input, Read read, Write write, Difference difference)
    -> std::optional<decltype(read(input))> {
  std::optional<decltype(read(input))> first;
  try {
    first.emplace(read(input));
  } catch (const Error& e) {
    if (std::strlen(e.what()) == 0) violated("an error without a message", input, "");
    return std::nullopt;
  }
  const std::string written = write(*first);
  std::optional<decltype(read(input))> second;
  try {
    second.emplace(read(written));
  } catch (const Error& e) {
    violated("the written text is rejected", input, written, e.what());
  }
  if (const std::string what = difference(*first, *second); !what.empty())
    violated("the written text reads back as something else", input, written, what);
  if (const std::string again = write(*second); again != written)
    violated("the written text changed when written again", input, written, again);
  return first;
}

}  // namespace fuzz
