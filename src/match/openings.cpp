#include "match/openings.h"

#include <stdexcept>

#include "common/random.h"

namespace ordo::match {

namespace {

constexpr int kTries = 1000;

// Mixes the match seed and the opening number into one generator seed.
std::uint64_t opening_seed(std::uint64_t seed, int index, int attempt) {
  common::SplitMix64 mixer(seed ^ (0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(index + 1)));
  for (int i = 0; i < attempt; ++i) mixer.next();
  return mixer.next();
}

}  // namespace

Opening make_opening(const MatchRules& rules, int plies, std::uint64_t seed, int index) {
  for (int attempt = 0; attempt < kTries; ++attempt) {
    common::SplitMix64 rng(opening_seed(seed, index, attempt));
    const std::unique_ptr<games::AnyGame> game = games::make_game(rules);
    Opening opening;
    for (int ply = 0; ply < plies && !game->result().over(); ++ply) {
      const std::vector<std::string> moves = game->legal_moves();
      if (moves.empty()) break;
      opening.moves.push_back(
          game->play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]));
    }
    if (game->result().over() || game->can_win_at_once(games::Side::First) ||
        game->can_win_at_once(games::Side::Second)) {
      continue;
    }
    return opening;
  }
  throw std::runtime_error("no open position after " + std::to_string(plies) + " random plies in " +
                           std::to_string(kTries) + " tries");
}

}  // namespace ordo::match
