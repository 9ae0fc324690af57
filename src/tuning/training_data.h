// Labelled positions for tuning: positions from seeded self-play games, each labelled with
// the final result of its game. The file has one position per line, the position string
// (RULES.md section 7) and then the result token (1-0, 0-1, 1/2-1/2); lines starting with
// '#' are comments, and the first one names the rule set: "# ordo-tune data rules=classic".
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "core/game.h"
#include "tuning/self_play.h"

namespace ordo {

struct LabelledPosition {
  std::string position;  // position string
  Outcome result = Outcome::Draw;
};

struct TrainingData {
  Variant variant = Variant::Classic;
  std::vector<LabelledPosition> positions;
};

struct DataConfig {
  SelfPlayConfig play;
  int games = 100;
  std::uint64_t seed = 1;
};

// Game i starts from random_opening(seed * 1000003 + i); every position after the opening
// in which the game is not yet over is kept. `progress(done, total)` after each game.
TrainingData generate_training_data(const DataConfig& config,
                                    const std::function<void(int, int)>& progress = {});

// Appends the positions of a finished `game` from ply `first_ply` on (the positions before
// each move, so not the final one), each labelled with the game's result.
void append_game_positions(const Game& game, std::size_t first_ply, TrainingData& data);

void write_training_data(const TrainingData& data, const std::string& header, std::ostream& out);
// Throws std::invalid_argument naming the line and what is wrong with it.
TrainingData read_training_data(std::istream& in);

}  // namespace ordo
