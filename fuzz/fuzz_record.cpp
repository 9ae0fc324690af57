// libFuzzer target: game records (record.h).
//
// The whole input is a record text for read_record. Checked beyond "does not crash":
//   - a rejected record throws RecordError (nothing else) with a message;
//   - an accepted record writes a text that reads back to the same game (start position,
//     rule set, options, moves and result), and that text writes itself again unchanged.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "ordo/record.h"

namespace {

using namespace ordo;

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
  if (!(a.start_position() == b.start_position())) {
    violated("the start position changed", input, written,
             a.start_position().to_string() + " vs " + b.start_position().to_string());
  }
  if (first->variant != second->variant) violated("the rule set changed", input, written);
  if (!(a.options() == b.options())) violated("the game options changed", input, written);
  if (a.moves() != b.moves()) {
    violated(
        "the moves changed", input, written,
        std::to_string(a.moves().size()) + " vs " + std::to_string(b.moves().size()) + " moves");
  }
  if (!(a.result() == b.result())) {
    violated("the result changed", input, written,
             describe(a.result()) + " vs " + describe(b.result()));
  }
  const std::string again = write_record(*second);
  if (again != written)
    violated("the written text changed when written again", input, written, again);
  return 0;
}
