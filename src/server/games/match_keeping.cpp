#include "server/games/match_keeping.h"

#include <nlohmann/json.hpp>

#include "server/storage/stored_result.h"

namespace ordo::server {

using nlohmann::json;

namespace {

// Kept in the settings column with the game's options, never sent to a client as one.
constexpr const char* kMatchKey = "match";

games::Side side_named(const std::string& name) {
  return name == "black" ? games::Side::Second : games::Side::First;
}

}  // namespace

std::optional<MatchKeeping> match_of(const std::string& settings) {
  const json parsed = json::parse(settings, nullptr, false);
  if (!parsed.is_object()) return std::nullopt;
  const auto it = parsed.find(kMatchKey);
  if (it == parsed.end() || !it->is_object()) return std::nullopt;
  const json& stored = *it;
  MatchKeeping match;
  match.target = stored.value("to", 0);
  if (match.target < 1) return std::nullopt;
  match.game_number = stored.value("game", 1);
  match.score[0] = stored.value("white", 0);
  match.score[1] = stored.value("black", 0);
  match.starter = side_named(stored.value("starter", "white"));
  match.first_id = stored.value("first", "");
  match.previous_id = stored.value("previous", "");
  match.rated = stored.value("rated", false);
  if (const auto left = stored.find("clock_left_ms");
      left != stored.end() && left->is_array() && left->size() == 2) {
    for (std::size_t seat = 0; seat < 2; ++seat)
      if ((*left)[seat].is_number_integer())
        match.clock_left_ms[seat] = (*left)[seat].get<std::int64_t>();
  }
  return match;
}

std::string with_match(const std::string& settings, const MatchKeeping& match) {
  json parsed = json::parse(settings, nullptr, false);
  if (!parsed.is_object()) parsed = json::object();
  parsed[kMatchKey] = {{"to", match.target},
                       {"game", match.game_number},
                       {"white", match.score[0]},
                       {"black", match.score[1]},
                       {"starter", match.starter == games::Side::First ? "white" : "black"},
                       {"first", match.first_id},
                       {"previous", match.previous_id},
                       {"rated", match.rated}};
  if (match.clock_left_ms[0] >= 0 || match.clock_left_ms[1] >= 0)
    parsed[kMatchKey]["clock_left_ms"] = {match.clock_left_ms[0], match.clock_left_ms[1]};
  return parsed.dump();
}

bool is_match_key(const std::string& key) {
  return key == kMatchKey;
}

std::map<std::string, std::string> match_tags(const MatchKeeping& keeping) {
  return {
      {"Match", std::to_string(keeping.target)},
      {"MatchGame", std::to_string(keeping.game_number)},
      {"MatchScore", std::to_string(keeping.score[0]) + "-" + std::to_string(keeping.score[1])}};
}

MatchStanding match_after(const games::GameSpec& spec, const MatchKeeping& keeping,
                          const games::GameResult& result) {
  games::GameSpec start = spec;
  start.options.erase("position");  // each game of a match begins from the start
  MatchStanding standing{games::PointsMatch::resumed(start, keeping.target, keeping.score[0],
                                                     keeping.score[1], keeping.starter,
                                                     keeping.game_number - 1)};
  standing.after.add_result(result);
  standing.over = standing.after.over();
  standing.winner = standing.after.winner();
  if (!standing.over && ended_on_time(result)) {
    standing.over = standing.lost_on_time = true;
    standing.winner =
        result.outcome == games::Outcome::FirstWins ? games::Side::First : games::Side::Second;
  }
  return standing;
}

MatchKeeping following_keeping(const MatchKeeping& keeping, const games::PointsMatch& after,
                               const std::string& this_id) {
  MatchKeeping next = keeping;
  next.game_number = keeping.game_number + 1;
  next.score[0] = after.score(games::Side::First);
  next.score[1] = after.score(games::Side::Second);
  next.starter = after.next_starter();
  next.previous_id = this_id;
  if (next.first_id.empty()) next.first_id = this_id;
  return next;
}

}  // namespace ordo::server
