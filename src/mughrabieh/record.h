// Mughrabieh records in the project's PGN-like format (util/record_text.h), every roll
// kept with its turn (docs/rules.md, Mughrabieh 8):
//
//   [Game "Mughrabieh"]
//   [Rules "house"]              house | ludii
//   [White "Ada"]
//   [Black "Ben"]
//   [Date "2026.12.03"]
//   [Result "1-0"]               1-0 White wins, 0-1 Black wins, 1/2-1/2 (ludii), * unfinished
//   [Points "7"]                 the winner's points (the loser's pieces left on the board)
//   [Termination "borne off"]
//   [Position "..."]             optional start position (also when Black begins)
//
//   1. 64: 24/18 18/14 31: 24/21 21/20 2. 66: 14/8 8/2 ... 1-0
//
// A match is its games' records one after another, each with [Match "31"] (the target),
// [MatchGame "N"] and [MatchScore "W-B"] (the score before that game). Every turn is
// checked by the rules when a record is read; so are the scores and who begins each game.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "mughrabieh/game.h"
#include "util/record_text.h"

namespace mughrabieh {

using RecordError = common::RecordError;

struct Record {
  Game game;
  std::map<std::string, std::string> tags;  // players, date, event...
};

Record read_record(std::string_view text);
std::string write_record(const Record& record);

struct MatchRecord {
  Match match;
  std::map<std::string, std::string> tags;  // players, date, event: the same on every game
  // An unfinished last game, if the match stopped during one.
  std::optional<Game> unfinished;
};

MatchRecord read_match_record(std::string_view text);
std::string write_match_record(const MatchRecord& record);

}  // namespace mughrabieh
