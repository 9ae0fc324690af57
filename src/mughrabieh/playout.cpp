#include "mughrabieh/playout.h"

#include <memory>

#include "mughrabieh/sequences.h"
#include "util/stopwatch.h"

namespace mughrabieh {

Roll random_roll(common::SplitMix64& rng) {
  const std::uint32_t pair = rng.below(36);
  return make_roll(static_cast<int>(pair / 6) + 1, static_cast<int>(pair % 6) + 1);
}

Turn random_turn(Position& pos, TurnList& list, Uniform uniform, common::SplitMix64& rng) {
  if (uniform == Uniform::Positions) {
    // Where the sorted walk applies, one draw among its groups' turns; else the list.
    if (group_sorted_turns(pos, list.groups)) {
      if (list.groups.total == 0) return Turn{*pos.roll(), 0, {}};  // the pass
      return list.groups.turn(rng.below(list.groups.total));
    }
    generate_distinct_turns(pos, list);
    return list.turns[rng.below(static_cast<std::uint32_t>(list.size))];
  }
  // Sequences: at most 24^4, so one draw below the count picks a sequence; counted, then
  // walked to (sequences.h), with no list.
  const SequenceCount count = count_sequences(pos);
  if (count.total == 0) return Turn{*pos.roll(), 0, {}};  // the pass
  return sequence_at(pos, count, rng.below(count.total));
}

PlayoutResult random_playout(const Position& start, common::SplitMix64& rng, Uniform uniform,
                             TurnList& list, int max_turns) {
  Position pos = start;
  PlayoutResult result;
  while (!pos.over() && result.turns < max_turns) {
    if (pos.is_chance_node()) pos.set_roll(random_roll(rng));
    const Turn turn = random_turn(pos, list, uniform, rng);
    if (turn.size == 0) ++result.passes;
    pos.play_unhashed(turn);  // a playout never reads the hash
    ++result.turns;
  }
  result.outcome = pos.outcome();
  result.points = pos.points();
  return result;
}

PlayoutBench bench_random_games(int games, std::uint64_t seed, Uniform uniform, RuleSet rules) {
  auto list = std::make_unique<TurnList>();
  common::SplitMix64 rng(seed);
  const Position start = Position::start(rules);
  PlayoutBench bench;
  const ordo::Stopwatch clock(ordo::TimeBasis::ThreadCpu);
  for (int g = 0; g < games; ++g) {
    const PlayoutResult r = random_playout(start, rng, uniform, *list);
    bench.turns += static_cast<std::uint64_t>(r.turns);
    if (r.outcome == Outcome::WhiteWins) ++bench.white_wins;
  }
  bench.cpu_seconds = clock.elapsed_seconds();
  bench.games = games;
  return bench;
}

}  // namespace mughrabieh
