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
#include <string>
#include <string_view>

#include "mughrabieh/position.h"
#include "round_trip.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const mughrabieh::RuleSet rules =
      (data[0] & 1) ? mughrabieh::RuleSet::Ludii : mughrabieh::RuleSet::House;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  fuzz::check_round_trip<mughrabieh::PositionError>(
      text, [rules](std::string_view t) { return mughrabieh::Position::parse(t, rules); },
      [](const mughrabieh::Position& p) { return p.to_string(); },
      [](const mughrabieh::Position& a, const mughrabieh::Position& b) {
        return a == b ? std::string() : std::string("the position");
      });
  return 0;
}
