// Order and Chaos records in the project's PGN-like format (common/record_text.h):
//
//   [Game "Order and Chaos"]
//   [Rules "original"]           original | exact-five
//   [Order "Ada"]
//   [Chaos "Ben"]
//   [Date "2026.11.22"]
//   [Result "1-0"]               1-0 Order wins, 0-1 Chaos wins, * unfinished
//   [Termination "five in a row"]
//   [Position "..."]             optional start position
//
//   1. Xc3 Od4 2. Xc4 ... 1-0
//
// Every move is checked by the rules when a record is read.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "orderchaos/game.h"
#include "util/record_text.h"

namespace orderchaos {

using RecordError = common::RecordError;

struct Record {
  Game game;
  std::map<std::string, std::string> tags;  // players, date, event...
};

Record read_record(std::string_view text);
std::string write_record(const Record& record);

}  // namespace orderchaos
