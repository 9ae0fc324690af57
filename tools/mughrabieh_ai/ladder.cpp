// mughrabieh-ai-ladder FIRST SECOND PAIRS [SEED]: plays PAIRS mirrored dice sequences (2 x
// PAIRS single games, house rules) between two players, each "random", "heuristic" or a
// level 1..10, and prints the first's score with its Wilson 95% interval and the time.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "mughrabieh/ai/opponents.h"

namespace {

mughrabieh::ai::Opponent parse(const std::string& text) {
  using Kind = mughrabieh::ai::Opponent::Kind;
  if (text == "random") return {Kind::Random, 0};
  if (text == "heuristic") return {Kind::Heuristic, 0};
  return {Kind::Level, std::atoi(text.c_str())};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: mughrabieh-ai-ladder FIRST SECOND PAIRS [SEED]\n");
    return 2;
  }
  const auto first = parse(argv[1]), second = parse(argv[2]);
  const int pairs = std::atoi(argv[3]);
  const std::uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
  const auto begin = std::chrono::steady_clock::now();
  const auto r = mughrabieh::ai::play_mirrored(first, second, pairs, seed);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  const auto ci = mughrabieh::ai::wilson(r.first_wins, r.games);
  std::printf("%s vs %s: %d/%d single games (%.1f%%, 95%% Wilson %.1f-%.1f%%), %d draws, %.1f s\n",
              first.name().c_str(), second.name().c_str(), r.first_wins, r.games,
              100.0 * r.first_wins / r.games, 100 * ci.low, 100 * ci.high, r.draws, seconds);
  return 0;
}
