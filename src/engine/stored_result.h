// A game's stored result (GameEntry::describe_result) as a sentence for people, for every
// game whose Result is a common::BasicResult with names (util/name_table.h) and a
// describe(Result) beside it.
#pragma once

#include <string>

#include "util/name_table.h"

namespace games {

// The sentence of the result named by `token` and `termination` (an unknown termination is
// Unspecified); empty when the token is no result ("*" or unknown).
template <class Result>
std::string describe_stored_result(const std::string& token, const std::string& termination) {
  using GameOutcome = decltype(Result::outcome);
  using GameTermination = decltype(Result::termination);
  Result result;
  result.outcome = common::value_of<GameOutcome>(token).value_or(GameOutcome::Ongoing);
  if (!result.over()) return "";
  result.termination =
      common::value_of<GameTermination>(termination).value_or(GameTermination::Unspecified);
  return describe(result);
}

}  // namespace games
