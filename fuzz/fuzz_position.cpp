// libFuzzer target: position strings (docs/rules.md section 7), move generation and make/unmake.
//
// The whole input is a position string, parsed under both rule sets. For each position
// that parses, checked beyond "does not crash":
//   - to_string() parses back to an equal position and is canonical (writes itself again);
//   - the incremental hash equals compute_hash(), and the kept connection flags match a
//     fresh flood fill;
//   - generate_legal lists as many moves as count_legal counts, no notation twice, and
//     none at all when the board already shows a winner;
//   - every listed move leaves the mover connected, keeps the hash and connection flags
//     right, and unmake restores the position exactly;
//   - listed moves (all of a short list, an even sample of a long one) format to a text
//     that parse_move maps back to the same move.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ordo/movegen.h"
#include "ordo/notation.h"
#include "ordo/position.h"

namespace {

using namespace ordo;

constexpr std::size_t kRoundTrips = 16;  // about this many parse_move round trips per position

[[noreturn]] void violated(const char* what, const Position& pos, const std::string& detail = "") {
  std::fprintf(stderr, "\nPROPERTY VIOLATED: %s\n  position: %s (%s)\n  %s\n", what,
               pos.to_string().c_str(), std::string(variant_name(pos.variant())).c_str(),
               detail.c_str());
  std::abort();
}

// Hash and connection flags agree with the board itself; the sides do not overlap.
void check_consistent(const Position& pos, const char* when, const std::string& detail) {
  const Geometry& g = pos.geometry();
  if (pos.hash() != pos.compute_hash()) violated("incremental hash is wrong", pos, when + detail);
  if ((pos.occupied() & ~g.all()) || (pos.pieces(Color::White) & pos.pieces(Color::Black))) {
    violated("pieces off the board or on top of each other", pos, when + detail);
  }
  for (Color c : {Color::White, Color::Black}) {
    if (pos.is_connected(c) != g.is_connected(pos.pieces(c))) {
      violated("kept connection flag is wrong", pos,
               when + detail + " (" + std::string(color_name(c)) + ")");
    }
  }
}

void check_position(const Position& pos) {
  check_consistent(pos, "after parse", "");

  const std::string text = pos.to_string();
  try {
    const Position again = Position::parse(text, pos.variant());
    if (!(again == pos)) violated("to_string does not parse back to the same position", pos);
    if (again.to_string() != text) violated("to_string is not canonical", pos, again.to_string());
  } catch (const std::invalid_argument& e) {
    violated("to_string's text is rejected", pos, e.what());
  }

  MoveList legal;
  generate_legal(pos, legal);
  if (legal.size() != count_legal(pos)) {
    violated("count_legal differs from generate_legal", pos,
             std::to_string(count_legal(pos)) + " vs " + std::to_string(legal.size()));
  }
  if (pos.decided_winner() && !legal.empty()) violated("moves listed in a finished game", pos);

  const Color mover = pos.side_to_move();
  std::vector<std::string> written;
  written.reserve(legal.size());
  // parse_move generates the whole list again, so only an even sample of a long list
  // (Ordo X positions have thousands of turns) is parsed back.
  const std::size_t stride = std::max<std::size_t>(1, legal.size() / kRoundTrips);
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const Move& move = legal[i];
    const std::string name = format_move(pos, move);
    written.push_back(name);

    Position after = pos;
    const Undo undo = after.make(move);
    if (after.side_to_move() != opponent(mover)) violated("make did not pass the turn", pos, name);
    if (!pos.geometry().is_connected(after.pieces(mover))) {
      violated("a listed move leaves the mover split", pos, name);
    }
    check_consistent(after, "after make ", name);
    after.unmake(move, undo);
    if (!(after == pos)) violated("unmake does not restore the position", pos, name);
    check_consistent(after, "after unmake ", name);

    if (i % stride != 0) continue;
    try {
      if (!(parse_move(pos, name) == move))
        violated("format_move parses to another move", pos, name);
    } catch (const MoveError& e) {
      violated("format_move's text of a legal move is rejected", pos, e.what());
    }
  }
  std::sort(written.begin(), written.end());
  if (auto dup = std::adjacent_find(written.begin(), written.end()); dup != written.end()) {
    violated("two listed moves have the same notation", pos, *dup);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (Variant variant : {Variant::Classic, Variant::X}) {
    std::optional<Position> pos;
    try {
      pos = Position::parse(text, variant);
    } catch (const std::invalid_argument&) {
      continue;  // the documented rejection; anything else thrown is a finding
    }
    if (pos->variant() != variant) violated("parse ignored the rule set", *pos);
    check_position(*pos);
  }
  return 0;
}
