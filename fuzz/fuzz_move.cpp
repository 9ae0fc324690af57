// libFuzzer target: parse_move (docs/rules.md section 6) against the legal move list.
//
// Input layout: byte 0 picks the position and the rest is the move text.
//   - Bits 0-2 of byte 0 pick one of eight built-in positions, bit 3 the rule set (clear:
//     classic, set: Ordo X). So '0'..'7' are the built-ins under classic rules and
//     '8', '9', ':', ';', '<', '=', '>', '?' the same ones under Ordo X.
//   - If the input has a newline and the text from byte 1 up to it parses as a position
//     string, that position is used instead and the move text is what follows the newline.
//
// Checked beyond "does not crash":
//   - a move parse_move returns is in generate_legal's list, and format_move of it parses
//     back to the same move;
//   - a text parse_move rejects throws MoveError (nothing else) with a message, and is not
//     the written form of a legal move;
//   - parse_move never changes the position.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ordo/movegen.h"
#include "ordo/notation.h"
#include "ordo/position.h"

namespace {

using namespace ordo;

constexpr std::string_view kBuiltins[8] = {
    // 10x8 and 8x8 start positions.
    "2bb2bb2/bbbbbbbbbb/bb2bb2bb/10/10/ww2ww2ww/wwwwwwwwww/2ww2ww2 w",
    "1bb2bb1/bbbbbbbb/b2bb2b/8/8/w2ww2w/wwwwwwww/1ww2ww1 w",
    // Black split after White's c5xd5 (reconnection turn), and the same mirrored for White.
    "8/4b3/4b3/3w4/2w1bb2/8/8/8 b",
    "8/8/8/2b1ww2/3b4/4w3/4w3/8 w",
    // Middle games with captures and ordos, White and Black to move.
    "2bb2bb2/bb2bb1bbb/1bbbb1b1b1/b4w3b/4w5/ww1www2ww/www3wwww/2ww2ww2 w",
    "2bb2bb2/bbbb1bbbbb/bb3b2bb/10/3w6/ww3w2ww/wwwwwwwwww/2ww2ww2 b",
    // 128-square boards: the top bits of the bitboard.
    "16/5bbbbb6/6bbb7/16/16/5www8/4wwwww7/16 w",
    "8/3bb3/3bb3/8/8/8/8/8/8/8/8/8/8/3ww3/3ww3/8 b",
};

[[noreturn]] void violated(const char* what, const Position& pos, std::string_view text,
                           const std::string& detail = "") {
  std::fprintf(stderr, "\nPROPERTY VIOLATED: %s\n  position: %s (%s)\n  move text: '%.*s'\n  %s\n",
               what, pos.to_string().c_str(), std::string(variant_name(pos.variant())).c_str(),
               static_cast<int>(text.size()), text.data(), detail.c_str());
  std::abort();
}

bool contains(const MoveList& list, const Move& move) {
  for (const Move& m : list)
    if (m == move) return true;
  return false;
}

std::string_view trimmed(std::string_view s) {
  const auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

// The position the input names, and the move text that follows it.
std::pair<Position, std::string_view> split_input(std::string_view input) {
  const auto selector = static_cast<unsigned char>(input[0]);
  const Variant variant = (selector & 8) ? Variant::X : Variant::Classic;
  input.remove_prefix(1);
  if (const auto newline = input.find('\n'); newline != std::string_view::npos) {
    try {
      return {Position::parse(input.substr(0, newline), variant), input.substr(newline + 1)};
    } catch (const std::invalid_argument&) {
      // Not a position string: the whole rest is the move text for a built-in position.
    }
  }
  // Parsed once: indices 0-7 classic, 8-15 the same positions under Ordo X.
  static const std::vector<Position> builtins = [] {
    std::vector<Position> list;
    for (Variant v : {Variant::Classic, Variant::X})
      for (std::string_view text : kBuiltins) list.push_back(Position::parse(text, v));
    return list;
  }();
  return {builtins[selector & 15], input};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto [pos, text] = split_input({reinterpret_cast<const char*>(data), size});
  const Position before = pos;
  MoveList legal;
  generate_legal(pos, legal);

  std::optional<Move> move;
  try {
    move = parse_move(pos, text);
  } catch (const MoveError& e) {
    if (!(pos == before)) violated("a rejected parse_move changed the position", pos, text);
    if (std::strlen(e.what()) == 0) violated("MoveError without a message", pos, text);
    const std::string_view written = trimmed(text);
    for (const Move& m : legal) {
      // Cheap filter first: Ordo X positions have thousands of turns.
      if (!written.starts_with(square_name(pos.geometry(), m.first().from))) continue;
      if (format_move(pos, m) == written) {
        violated("the written form of a legal move was rejected", pos, text, e.what());
      }
    }
    return 0;
  }

  if (!(pos == before)) violated("parse_move changed the position", pos, text);
  if (!contains(legal, *move)) {
    violated("parse_move returned a move that is not legal", pos, text, format_move(pos, *move));
  }
  const std::string formatted = format_move(pos, *move);
  try {
    if (!(parse_move(pos, formatted) == *move)) {
      violated("format_move does not parse back to the same move", pos, text, formatted);
    }
  } catch (const MoveError& e) {
    violated("format_move's text is rejected", pos, text, formatted + ": " + e.what());
  }
  return 0;
}
