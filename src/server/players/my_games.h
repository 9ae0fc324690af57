// The "my games" view (GET /api/my/games): an account's games that go on, those where it
// is the account's turn first (the nearest deadline first), then the others; and the
// games it finished in the last week, so that a game ended on time (say) is seen ended.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

#include "server/storage/player_games_storage.h"

namespace ordo::server {

constexpr int kMyGamesShown = 200;
constexpr int kMyFinishedGamesShown = 20;
constexpr std::int64_t kMyFinishedGamesKeptMs = 7LL * 24 * 3600 * 1000;

// {games: [...], your_turn: how many of them wait for the account, finished: [...]}.
nlohmann::json my_games(PlayerGamesStorage& storage, std::int64_t account, std::int64_t now_ms);

// The seat to move in a stored game between accounts. Such games start from the usual
// position (the lobby offers no other), where the first side (white) moves first.
std::string seat_to_move(const AccountGame& game);

}  // namespace ordo::server
