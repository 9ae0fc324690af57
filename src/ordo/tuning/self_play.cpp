#include "ordo/tuning/self_play.h"

#include <atomic>
#include <memory>
#include <random>

#include "ordo/ai/ordo_search.h"
#include "ordo/movegen.h"

namespace ordo {

Game random_opening(const SelfPlayConfig& config, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Game game(Position::start(config.variant, config.width, config.height),
            GameOptions{true, config.move_limit});
  auto moves = std::make_unique<MoveList>();
  for (int i = 0; i < config.random_plies && !game.result().over(); ++i) {
    game.legal_moves(*moves);
    game.play((*moves)[rng() % moves->size()]);
  }
  return game;
}

void play_out(Game& game, const SelfPlayConfig& config, const EvalWeights& white,
              const EvalWeights& black) {
  // Fresh searchers per game, so that a game does not depend on the ones before it.
  AlphaBeta players[2] = {AlphaBeta(4), AlphaBeta(4)};
  players[index(Color::White)].set_weights(white);
  players[index(Color::Black)].set_weights(black);
  const std::atomic<bool> stop{false};
  while (!game.result().over()) {
    AlphaBeta& player = players[index(game.position().side_to_move())];
    const SearchResult r =
        player.search(game.position(), game.earlier_hashes(), {.depth = config.depth}, stop);
    game.play(*r.best_move);
  }
}

}  // namespace ordo
