// libFuzzer target: game records (record.h).
//
// The whole input is a record text for read_record, checked by the round trip of
// round_trip.h: the same start position, rule set, options, moves and result.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "ordo/record.h"
#include "round_trip.h"

namespace {

using namespace ordo;

std::string difference(const Record& first, const Record& second) {
  const Game& a = first.game;
  const Game& b = second.game;
  if (!(a.start_position() == b.start_position()))
    return "the start position: " + a.start_position().to_string() + " vs " +
           b.start_position().to_string();
  if (first.variant != second.variant) return "the rule set";
  if (!(a.options() == b.options())) return "the game options";
  if (a.moves() != b.moves())
    return "the moves: " + std::to_string(a.moves().size()) + " vs " +
           std::to_string(b.moves().size());
  if (!(a.result() == b.result()))
    return "the result: " + describe(a.result()) + " vs " + describe(b.result());
  return "";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  fuzz::check_round_trip<RecordError>(
      input, [](std::string_view text) { return read_record(text); },
      [](const Record& record) { return write_record(record); }, difference);
  return 0;
}
