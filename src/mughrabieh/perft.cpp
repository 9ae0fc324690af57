#include "mughrabieh/perft.h"

namespace mughrabieh {

TurnCounts TurnCounter::count(Position& pos, int depth) {
  if (depth == 0) return {1, 1};
  if (pos.over()) return {0, 0};
  if (pos.is_chance_node()) {
    TurnCounts sum;
    for (const ChanceOutcome& outcome : chance_outcomes()) {
      pos.set_roll(outcome.roll);
      const TurnCounts part = count(pos, depth);
      pos.clear_roll();
      sum.turns += part.turns;
      sum.sequences += part.sequences;
    }
    return sum;
  }
  while (static_cast<int>(lists_.size()) < depth) lists_.push_back(std::make_unique<TurnList>());
  TurnList& list = *lists_[depth - 1];
  generate_turns(pos, list);
  if (depth == 1) return {static_cast<std::uint64_t>(list.size), list.sequences};
  TurnCounts sum;
  for (int i = 0; i < list.size; ++i) {
    const Turn turn = list.turns[i];
    const std::uint8_t token = pos.play(turn);
    const TurnCounts part = count(pos, depth - 1);
    pos.undo(turn, token);
    sum.turns += part.turns;
    sum.sequences += part.sequences * list.sequences_of[i];
  }
  return sum;
}

TurnCounts perft(const Position& pos, int depth) {
  Position scratch = pos;
  TurnCounter counter;
  return counter.count(scratch, depth);
}

}  // namespace mughrabieh
