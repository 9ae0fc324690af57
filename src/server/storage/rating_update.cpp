#include "server/storage/rating_update.h"

#include <array>

namespace ordo::server {

std::optional<double> white_score(const std::string& result) {
  if (result == "1-0") return 1.0;
  if (result == "0-1") return 0.0;
  if (result == "1/2-1/2") return 0.5;
  return std::nullopt;
}

RatedGame rate_game(const RatedGame& before, double score) {
  const std::array white_game{Glicko2Game{before.black.rating, score}};
  const std::array black_game{Glicko2Game{before.white.rating, 1.0 - score}};
  return {{glicko2_update(before.white.rating, white_game), before.white.games + 1},
          {glicko2_update(before.black.rating, black_game), before.black.games + 1}};
}

}  // namespace ordo::server
