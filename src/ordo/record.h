// Game records in a PGN-like text format:
//
//   [Game "Ordo"]
//   [Rules "classic"]            classic | x
//   [Size "10x8"]
//   [White "Ada"]
//   [Black "Ben"]
//   [Date "2026.11.22"]
//   [Result "1-0"]
//   [Termination "home row"]     optional; how the game ended
//   [Position "..."]             optional start position (docs/rules.md section 7)
//   [Repetition "off"]           optional; the house rule is on unless this says off
//   [MoveLimit "200"]            optional
//
//   1. c2-c4 d7-d5 2. c4xd5 ... 1-0
//
// Every move is checked by the rules core when a record is read; the text a record
// writes reads back to the same game.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "ordo/game.h"
#include "util/record_text.h"

namespace ordo {

using RecordError = common::RecordError;

struct Record {
  Game game;
  Variant variant = Variant::Classic;
  // Tags other than the ones that describe the game itself (players, date, event...).
  std::map<std::string, std::string> tags;
};

// Throws RecordError saying where (line, tag or move number) and what is wrong.
Record read_record(std::string_view text);
std::string write_record(const Record& record);

}  // namespace ordo
