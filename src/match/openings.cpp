#include "match/openings.h"

#include <sstream>
#include <stdexcept>

#include "util/random.h"

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
      if (game->is_chance_node()) {  // an opening's rolls are drawn too, not counted as plies
        game->play_random(rng.next());
        opening.moves.push_back(game->moves().back());
        --ply;
        continue;
      }
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

std::vector<Opening> read_openings(std::istream& in, const MatchRules& rules,
                                   std::string_view source) {
  std::vector<Opening> book;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    const std::string where = std::string(source) + " line " + std::to_string(number);
    const std::unique_ptr<games::AnyGame> game = games::make_game(rules);
    Opening opening;
    std::istringstream words(line);
    for (std::string move; words >> move;) {
      if (game->result().over()) {
        throw std::invalid_argument(where + ": the game is over before '" + move + "'");
      }
      try {
        opening.moves.push_back(game->play(move));
      } catch (const std::exception& e) {
        // The game's message names the move and says why it is refused.
        throw std::invalid_argument(where + ", move " + std::to_string(opening.moves.size() + 1) +
                                    ": " + e.what());
      }
    }
    if (game->result().over()) throw std::invalid_argument(where + ": the opening ends the game");
    book.push_back(std::move(opening));
  }
  if (in.bad()) throw std::invalid_argument(std::string(source) + ": reading failed");
  if (book.empty()) throw std::invalid_argument(std::string(source) + ": no openings in the book");
  return book;
}

}  // namespace ordo::match
