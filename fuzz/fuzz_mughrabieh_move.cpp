// libFuzzer target: Mughrabieh turn notation (mughrabieh/notation.h) against the list of
// legal turns.
//
// Byte 0: bits 0-2 pick one of eight built-in positions, each with its roll pending, bit 3
// the rule set (set: ludii); bit 4 clears the roll (a chance node, where the text's roll is
// the one made). The rest is the turn text. Checked beyond "does not crash":
//   - a turn parse_turn returns leads to the board of one of generate_turns' turns, and
//     format_turn of it parses back to a turn with the same end board;
//   - a rejected text throws MoveError (nothing else) with a message, and is not the
//     written form of a generated turn;
//   - parse_turn never changes the position.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "mughrabieh/notation.h"
#include "mughrabieh/turns.h"

namespace {

using namespace mughrabieh;

constexpr std::string_view kBuiltins[8] = {
    "24x15/24x15 w 52",                                   // the start
    "24x15/24x15 b 66",                                   // Black begins with a double
    "24x14,13/24x14,18 w 31",                             // runners that block
    "24x13,6,4/24x14,20 b 64",                            // a runner home
    "24x8,20x2,17,9,5x2,3/24x6,21,18x3,12,6x2,2x2 w 44",  // a middle game
    "6x3,5x2,4,3x4,2x3,1x2/6x4,5x4,4x3,3x2,2,1 w 61",     // both bearing off
    "5,2x14/24x15 w 65",                                  // a piece blocked in the bear-off
    "1/6x12 w 21",                                        // the last piece
};

[[noreturn]] void violated(const char* what, const Position& pos, std::string_view text,
                           const std::string& detail = "") {
  std::fprintf(stderr, "\nPROPERTY VIOLATED: %s\n  position: %s\n  turn text: '%.*s'\n  %s\n", what,
               pos.to_string().c_str(), static_cast<int>(text.size()), text.data(), detail.c_str());
  std::abort();
}

std::uint64_t board_after(Position pos, const Turn& turn) {
  if (pos.is_chance_node()) pos.set_roll(turn.roll);
  pos.play(turn);
  return pos.board_hash();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const unsigned selector = data[0];
  Position pos =
      Position::parse(kBuiltins[selector & 7], (selector & 8) ? RuleSet::Ludii : RuleSet::House);
  if (selector & 16) pos.clear_roll();
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const Position before = pos;
  static const auto list = std::make_unique<TurnList>();

  Turn turn;
  try {
    turn = parse_turn(pos, text);
  } catch (const MoveError& e) {
    if (!(pos == before)) violated("a rejected parse_turn changed the position", pos, text);
    if (std::strlen(e.what()) == 0) violated("MoveError without a message", pos, text);
    if (!pos.is_chance_node()) {
      Position scratch = pos;
      generate_turns(scratch, *list);
      for (const Turn& legal : *list)
        if (format_turn(legal) == text || format_turn_compact(legal) == text)
          violated("the written form of a legal turn was rejected", pos, text, e.what());
    }
    return 0;
  }
  if (!(pos == before)) violated("parse_turn changed the position", pos, text);
  Position rolled = pos;
  if (rolled.is_chance_node()) rolled.set_roll(turn.roll);
  generate_turns(rolled, *list);
  const std::uint64_t board = board_after(pos, turn);
  bool found = false;
  for (const Turn& legal : *list) found = found || board_after(rolled, legal) == board;
  if (!found)
    violated("parse_turn returned a turn that is not legal", pos, text, format_turn(turn));
  const std::string written = format_turn(turn);
  try {
    if (board_after(pos, parse_turn(pos, written)) != board)
      violated("format_turn does not parse back to the same turn", pos, text, written);
  } catch (const MoveError& e) {
    violated("format_turn's text is rejected", pos, text, written + ": " + e.what());
  }
  return 0;
}
