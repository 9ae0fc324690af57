#include "server/storage/stored_result.h"

namespace ordo::server {

namespace {

// Termination names shared by both games (core/game.cpp, orderchaos/game.cpp).
constexpr const char* kResignation = "resignation";
constexpr const char* kAgreement = "agreement";
constexpr const char* kTimeout = "time forfeit";
constexpr const char* kUnspecified = "unspecified";
constexpr const char* kAbandoned = "abandoned";

}  // namespace

std::string stored_reason(const games::GameResult& result) {
  return result.over() ? result.termination : "";
}

bool decided_by_players(const std::string& reason) {
  return reason == kResignation || reason == kAgreement || reason == kTimeout ||
         reason == kUnspecified || reason == kAbandoned;
}

bool ended_on_time(const games::GameResult& result) {
  return result.over() && result.termination == kTimeout;
}

void apply_stored_result(games::AnyGame& game, const std::string& score,
                         const std::string& reason) {
  if (game.result().over() || score == "*" || !decided_by_players(reason)) return;
  if (score == "1/2-1/2") {
    game.end(games::Ending::Agreement, std::nullopt);
    return;
  }
  const games::Side loser = score == "1-0" ? games::Side::Second : games::Side::First;
  const games::Ending how = reason == kResignation ? games::Ending::Resignation
                            : reason == kTimeout   ? games::Ending::Timeout
                            : reason == kAbandoned ? games::Ending::Abandonment
                                                   : games::Ending::Unspecified;
  game.end(how, loser);
}

}  // namespace ordo::server
