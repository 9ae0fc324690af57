// The game-independent layer of the PGN-like record format that every game of the
// project uses: tag pairs `[Name "value"]` (one per line, `\"` and `\\` escaped), then
// movetext of move numbers ("12.", "12..."), moves, `{comments}` and a final result
// token. Each game reads the tags and moves it finds here with its own rules
// (core/record.h for Ordo, orderchaos/record.h for Order and Chaos).
#pragma once

#include <functional>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace common {

class RecordError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Throws RecordError("bad record: " + why).
[[noreturn]] void record_fail(const std::string& why);

struct MovetextToken {
  int number = 0;    // the move number written before the move ("12." -> 12), 0 if none
  std::string text;  // the move or result; empty for a bare move number
};

struct RecordText {
  std::map<std::string, std::string> tags;
  std::vector<MovetextToken> tokens;
  const std::string* tag(const std::string& name) const;
};

// Splits a record into its tags and movetext tokens; throws RecordError naming the line
// of a malformed or repeated tag, or an unclosed comment.
RecordText read_record_text(std::string_view text);

// One record of a text that holds several (a match's records file).
struct RecordChunk {
  std::string_view text;
  int first_line = 1;  // 1-based line of the text where the record starts
};

// Splits a text of records written one after another: a record starts at a tag line that
// follows movetext (or at the first tag line). Blank text gives no chunks.
std::vector<RecordChunk> split_records(std::string_view text);

// Writes tags and wrapped movetext.
class RecordWriter {
 public:
  void tag(std::string_view name, const std::string& value);
  // Movetext words, wrapped before 80 columns; the first word ends the tag section.
  void word(const std::string& text);
  std::string finish();

 private:
  std::ostringstream out_;
  std::string line_;
  bool in_movetext_ = false;
};

}  // namespace common
