// mughrabieh-ai-ladder FIRST SECOND PAIRS [SEED]: plays PAIRS mirrored dice sequences (2 x
// PAIRS single games, house rules) between two players, each "random", "heuristic" or a
// level 1..10, and prints the first's score with its Wilson 95% interval and the time.
// mughrabieh-ai-ladder speed [POSITIONS]: each level's time and nodes per move on the
// opening (the start position with each of the 21 rolls) and on POSITIONS decision nodes
// (default 60) met in level-6 self-play games.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "mughrabieh/ai/mughrabieh_player.h"
#include "mughrabieh/ai/opponents.h"
#include "mughrabieh/playout.h"
#include "util/stopwatch.h"

namespace {

mughrabieh::ai::Opponent parse(const std::string& text) {
  using Kind = mughrabieh::ai::Opponent::Kind;
  if (text == "random") return {Kind::Random, 0};
  if (text == "heuristic") return {Kind::Heuristic, 0};
  return {Kind::Level, std::atoi(text.c_str())};
}

struct Timing {
  double seconds = 0, worst = 0;
  std::uint64_t nodes = 0;
  int moves = 0;
};

Timing time_level(int level, const std::vector<mughrabieh::Position>& positions) {
  Timing t;
  for (const auto& pos : positions) {
    mughrabieh::ai::SearchLimits limits;
    limits.level = level;
    const ordo::Stopwatch clock(ordo::TimeBasis::ThreadCpu);  // the shared machine's load aside
    const auto choice = mughrabieh::ai::choose_turn(pos, limits);
    const double s = clock.elapsed_seconds();
    t.seconds += s;
    t.worst = std::max(t.worst, s);
    t.nodes += choice.nodes;
    ++t.moves;
  }
  return t;
}

int speed(int count) {
  using namespace mughrabieh;
  // The opening: the first turn is forced (the runner takes both dice), so turns 2 to 7.
  std::vector<Position> opening, middle;
  common::SplitMix64 rng(5);
  for (int g = 0; static_cast<int>(middle.size()) < count; ++g) {
    Position pos = Position::start();
    for (int t = 0; !pos.over(); ++t) {
      pos.set_roll(random_roll(rng));
      if (t >= 1 && t <= 6)
        opening.push_back(pos);
      else if (t % 7 == 3 && static_cast<int>(middle.size()) < count)
        middle.push_back(pos);
      ai::SearchLimits limits;
      limits.level = 6;
      pos.play(ai::choose_turn(pos, limits).ranked.front().turn);
    }
  }
  std::printf("%zu opening and %zu later positions; CPU time\n", opening.size(), middle.size());
  std::printf(
      "level | opening ms/move | opening nodes/move | later ms/move | later worst ms | "
      "later nodes/move | nodes/s\n");
  for (int level = 1; level <= 10; ++level) {
    const Timing a = time_level(level, opening), b = time_level(level, middle);
    std::printf("%d | %.2f | %.0f | %.2f | %.0f | %.0f | %.0f\n", level, 1000 * a.seconds / a.moves,
                static_cast<double>(a.nodes) / a.moves, 1000 * b.seconds / b.moves, 1000 * b.worst,
                static_cast<double>(b.nodes) / b.moves,
                static_cast<double>(a.nodes + b.nodes) / (a.seconds + b.seconds));
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == "speed")
    return speed(argc > 2 ? std::atoi(argv[2]) : 60);
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
