// libFuzzer target: Mughrabieh position strings (mughrabieh/position.h, docs/rules.md
// Mughrabieh 8).
//
// Byte 0 picks the rule set (bit 0: ludii); the rest is the position text. Checked beyond
// "does not crash":
//   - a rejected text throws PositionError (nothing else) with a message;
//   - an accepted position writes a text that parses back to an equal position and writes
//     itself again unchanged.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "mughrabieh/position.h"

namespace {

using namespace mughrabieh;

[[noreturn]] void violated(const char* what, std::string_view input, const std::string& detail) {
  std::fprintf(stderr, "\nPROPERTY VIOLATED: %s\n  input: '%.*s'\n  %s\n", what,
               static_cast<int>(input.size()), input.data(), detail.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const RuleSet rules = (data[0] & 1) ? RuleSet::Ludii : RuleSet::House;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  Position pos;
  try {
    pos = Position::parse(text, rules);
  } catch (const PositionError& e) {
    if (std::strlen(e.what()) == 0) violated("PositionError without a message", text, "");
    return 0;
  }
  const std::string written = pos.to_string();
  try {
    const Position again = Position::parse(written, rules);
    if (!(again == pos))
      violated("to_string does not parse back to the same position", text, written);
    if (again.to_string() != written) violated("to_string is not stable", text, written);
  } catch (const PositionError& e) {
    violated("to_string's text is rejected", text, written + ": " + e.what());
  }
  return 0;
}
