// The match configuration the match tests start from: two players given as `match --engine`
// specs, under the given rules, without a clock. Each test sets its own seed and openings.
#pragma once

#include <string>

#include "match/match.h"
#include "match/player_factory.h"
#include "match/player_spec.h"

namespace ordo::testing {

inline match::MatchConfig match_between(const match::MatchRules& rules, const std::string& first,
                                        const std::string& second, int games) {
  match::MatchConfig config;
  config.rules = rules;
  config.first = match::configure_player(match::parse_player_spec(first), false);
  config.second = match::configure_player(match::parse_player_spec(second), false);
  config.games = games;
  return config;
}

}  // namespace ordo::testing
