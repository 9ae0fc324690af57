#include "mughrabieh/ai/mughrabieh_player.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

#include "mughrabieh/ai/chance_search.h"
#include "mughrabieh/ai/evaluation.h"
#include "mughrabieh/ai/levels.h"
#include "util/random.h"

namespace mughrabieh::ai {

namespace {

// A standard normal draw (Box-Muller), for the weak levels' noise.
double normal(common::SplitMix64& rng) {
  const double u = (static_cast<double>(rng.next() >> 11) + 0.5) * 0x1.0p-53;
  const double v = static_cast<double>(rng.next() >> 11) * 0x1.0p-53;
  return std::sqrt(-2 * std::log(u)) * std::cos(6.283185307179586 * v);
}

struct Candidate {
  Turn turn;
  double equity = 0;  // from the deepest search it had
  double rank = 0;    // what the ranking sorts by: the equity, plus noise at weak levels
  int depth = 0;
};

}  // namespace

double evaluate(const Position& pos) {
  return equity_of(win_probability(pos));
}

TurnChoice choose_turn(const Position& start, const SearchLimits& limits,
                       const std::atomic<bool>* stop) {
  if (start.over() || !start.roll())
    throw std::invalid_argument("choose_turn: the position must have its roll and go on");
  const LevelSettings level = level_settings(limits.level);
  ChanceSearch search(trained_weights(), level.reply_width,
                      SearchBudget{limits.nodes, limits.movetime_ms, stop});
  Position pos = start;
  auto list = std::make_unique<TurnList>();
  generate_distinct_turns(pos, *list);

  std::vector<Candidate> candidates(static_cast<std::size_t>(list->size));
  common::SplitMix64 rng(limits.seed ^ start.hash());
  for (int i = 0; i < list->size; ++i) {
    Candidate& c = candidates[i];
    c.turn = list->turns[i];
    const std::uint8_t token = pos.play(c.turn);
    c.equity = pos.over() ? 1.0 : -search.static_equity(pos);
    pos.undo(c.turn, token);
    c.rank = c.equity + (level.noise > 0 ? level.noise * normal(rng) : 0.0);
  }
  const auto by_rank = [](const Candidate& a, const Candidate& b) { return a.rank > b.rank; };
  std::stable_sort(candidates.begin(), candidates.end(), by_rank);

  int searched_depth = 0;
  // Deeper, a depth at a time, over the best candidates of the last; a depth cut short by a
  // limit is thrown away.
  if (candidates.size() > 1 && candidates.front().equity < 1.0) {
    const int width = std::min(static_cast<int>(candidates.size()), level.root_width);
    std::vector<double> deeper(static_cast<std::size_t>(width));
    for (int depth = 1; depth <= level.depth; ++depth) {
      for (int k = 0; k < width && !search.aborted(); ++k) {
        const std::uint8_t token = pos.play(candidates[k].turn);
        deeper[k] = pos.over() ? 1.0 : -search.chance_value(pos, depth, -1.0, 1.0, 0);
        pos.undo(candidates[k].turn, token);
      }
      if (search.aborted()) break;
      for (int k = 0; k < width; ++k) {
        candidates[k].equity = candidates[k].rank = deeper[k];
        candidates[k].depth = depth;
      }
      std::stable_sort(candidates.begin(), candidates.begin() + width, by_rank);
      searched_depth = depth;
    }
  }

  TurnChoice choice;
  choice.nodes = search.nodes();
  choice.depth = searched_depth;
  choice.ranked.reserve(candidates.size());
  for (const Candidate& c : candidates)
    choice.ranked.push_back({c.turn, std::clamp(c.equity, -1.0, 1.0), c.depth});
  return choice;
}

}  // namespace mughrabieh::ai
