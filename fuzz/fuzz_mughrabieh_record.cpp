// libFuzzer target: Mughrabieh records (mughrabieh/record.h), every roll kept.
//
// The whole input is a record text for read_record, checked by the round trip of
// round_trip.h: the same start position, turns with their rolls, result and points.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "mughrabieh/record.h"
#include "round_trip.h"

namespace {

using namespace mughrabieh;

std::string difference(const Record& first, const Record& second) {
  const Game& a = first.game;
  const Game& b = second.game;
  if (!(a.start_position() == b.start_position())) return "the start position";
  if (a.turns() != b.turns()) return "the turns or their rolls";
  if (a.result().outcome != b.result().outcome ||
      a.result().termination != b.result().termination || a.points() != b.points())
    return "the result";
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
