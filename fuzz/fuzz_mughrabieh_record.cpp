// libFuzzer target: Mughrabieh records (mughrabieh/record.h), every roll kept.
//
// The whole input is a record text for read_record. Checked beyond "does not crash":
//   - a rejected record throws RecordError (nothing else) with a message;
//   - an accepted record writes a text that reads back to the same game (start position,
//     turns with their rolls, result and points), and that text writes itself again
//     unchanged.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "mughrabieh/record.h"

namespace {

using namespace mughrabieh;

[[noreturn]] void violated(const char* what, std::string_view input, const std::string& written,
                           const std::string& detail = "") {
  std::fprintf(stderr,
               "\nPROPERTY VIOLATED: %s\n  %s\n--- input ---\n%.*s\n--- written ---\n%s\n---\n",
               what, detail.c_str(), static_cast<int>(input.size()), input.data(), written.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::optional<Record> first;
  try {
    first.emplace(read_record(input));
  } catch (const RecordError& e) {
    if (std::strlen(e.what()) == 0) violated("RecordError without a message", input, "");
    return 0;
  }
  const std::string written = write_record(*first);
  std::optional<Record> second;
  try {
    second.emplace(read_record(written));
  } catch (const RecordError& e) {
    violated("write_record's text is rejected", input, written, e.what());
  }
  const Game& a = first->game;
  const Game& b = second->game;
  if (!(a.start_position() == b.start_position()))
    violated("the start position changed", input, written);
  if (a.turns() != b.turns()) violated("the turns or their rolls changed", input, written);
  if (a.result().outcome != b.result().outcome ||
      a.result().termination != b.result().termination || a.points() != b.points())
    violated("the result changed", input, written);
  if (write_record(*second) != written) violated("write_record is not stable", input, written);
  return 0;
}
