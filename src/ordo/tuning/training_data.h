// Labelled positions for tuning: positions from seeded self-play games or records, each
// labelled with the final result of its game and, optionally, with the score a search gave
// it (`tune label`, search_labels.h). The file has one position per line: the position
// string (docs/rules.md section 7), the result token (1-0, 0-1, 1/2-1/2) and, where there is
// one, the search score from White's point of view as an integer in evaluation units.
// Lines starting with '#' are comments, and the first one names the rule set:
// "# ordo-tune data rules=classic".
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "ordo/game.h"
#include "ordo/tuning/self_play.h"

namespace ordo {

// Search scores are clamped to this in data files: a mate is a sure result either way.
constexpr int kMaxSearchLabel = 5000;

struct LabelledPosition {
  std::string position;  // position string
  Outcome result = Outcome::Draw;
  std::optional<int> search_score = std::nullopt;  // White's view, evaluation units; mates clamped
};

// White's score of a result: 1 a win, 0.5 a draw, 0 a loss.
double white_result(Outcome result);

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

// Which positions of a game to keep; an empty filter keeps them all.
using PositionFilter = std::function<bool(const Position&)>;

// Appends the positions of a finished `game` from ply `first_ply` on (the positions before
// each move, so not the final one) that `keep` accepts, each labelled with the game's
// result. Returns how many of those positions `keep` left out.
int append_game_positions(const Game& game, std::size_t first_ply, TrainingData& data,
                          const PositionFilter& keep = {});

void write_training_data(const TrainingData& data, const std::string& header, std::ostream& out);
// Throws std::invalid_argument naming the line and what is wrong with it.
TrainingData read_training_data(std::istream& in);

}  // namespace ordo
