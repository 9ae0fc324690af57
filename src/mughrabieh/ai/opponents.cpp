#include "mughrabieh/ai/opponents.h"

#include <bit>
#include <cmath>
#include <vector>

#include "mughrabieh/ai/features.h"
#include "mughrabieh/ai/mughrabieh_player.h"
#include "mughrabieh/playout.h"

namespace mughrabieh::ai {

std::string Opponent::name() const {
  switch (kind) {
    case Kind::Random:
      return "random";
    case Kind::Heuristic:
      return "heuristic";
    case Kind::Level:
      break;
  }
  return "level " + std::to_string(level);
}

Turn heuristic_turn(Position& pos, TurnList& list) {
  generate_distinct_turns(pos, list);
  const Side me = pos.to_move();
  int best = 0;
  double best_score = -1e9;
  for (int i = 0; i < list.size; ++i) {
    const std::uint8_t token = pos.play(list.turns[i]);
    const Features f = features(pos);  // now the opponent's to move: its features first
    const double score =
        -pos.pips(me) * 100.0 + std::popcount(pos.occupied(me)) * 10.0 + f[kBlockedSteps] * 24.0;
    pos.undo(list.turns[i], token);
    if (score > best_score) best_score = score, best = i;
  }
  return list.turns[best];
}

namespace {

// One game from the start; the dice are the sequence's, turn by turn. Returns the winner's
// index among {white, black}, or -1 for a draw.
int play_game(const Opponent& white, const Opponent& black, const std::vector<Roll>& dice,
              std::uint64_t seed, RuleSet rules, TurnList& list) {
  Position pos = Position::start(rules);
  common::SplitMix64 random(seed);
  for (std::size_t t = 0; !pos.over(); ++t) {
    pos.set_roll(dice[t % dice.size()]);
    const Opponent& o = pos.to_move() == Side::White ? white : black;
    Turn turn;
    if (o.kind == Opponent::Kind::Random) {
      turn = random_turn(pos, list, Uniform::Positions, random);
    } else if (o.kind == Opponent::Kind::Heuristic) {
      turn = heuristic_turn(pos, list);
    } else {
      SearchLimits limits;
      limits.level = o.level;
      limits.seed = seed + t;
      turn = choose_turn(pos, limits).ranked.front().turn;
    }
    pos.play(turn);
  }
  if (pos.outcome() == Outcome::Draw) return -1;
  return pos.outcome() == Outcome::WhiteWins ? 0 : 1;
}

}  // namespace

PairResult play_mirrored(const Opponent& first, const Opponent& second, int pairs,
                         std::uint64_t seed, RuleSet rules) {
  auto list = std::make_unique<TurnList>();
  common::SplitMix64 rng(seed);
  std::vector<Roll> dice(4000);
  PairResult r;
  for (int p = 0; p < pairs; ++p) {
    for (Roll& roll : dice) roll = random_roll(rng);
    const std::uint64_t game_seed = rng.next();
    for (int swap = 0; swap < 2; ++swap) {
      const int winner = swap ? play_game(second, first, dice, game_seed, rules, *list)
                              : play_game(first, second, dice, game_seed, rules, *list);
      ++r.games;
      if (winner < 0)
        ++r.draws;
      else if ((winner == 0) != (swap == 1))
        ++r.first_wins;
    }
  }
  return r;
}

Interval wilson(int wins, int games) {
  if (games == 0) return {0, 1};
  const double z = 1.96, n = games, p = wins / n;
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  return {centre - half, centre + half};
}

}  // namespace mughrabieh::ai
