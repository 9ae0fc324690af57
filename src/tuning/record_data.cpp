#include "tuning/record_data.h"

#include <memory>
#include <stdexcept>

#include "core/record.h"
#include "tuning/quiet_position.h"

namespace ordo {

namespace {

Record read_numbered(const std::string& file, int number, const common::RecordChunk& chunk) {
  try {
    return read_record(chunk.text);
  } catch (const RecordError& e) {
    throw std::invalid_argument(file + ", record " + std::to_string(number) + " (from line " +
                                std::to_string(chunk.first_line) + "): " + e.what());
  }
}

// The positions of a finished game from ply `first` on, as append_game_positions, but only
// the quiet ones; the others are counted.
void append_quiet_positions(const Game& game, std::size_t first, TrainingData& data,
                            int& not_quiet) {
  const auto scratch = std::make_unique<MoveList>();  // too big for the stack
  Position pos = game.start_position();
  for (std::size_t m = 0; m < game.moves().size(); ++m) {
    if (m >= first) {
      if (is_quiet_position(pos, *scratch)) {
        data.positions.push_back({pos.to_string(), game.result().outcome});
      } else {
        ++not_quiet;
      }
    }
    pos.make(game.moves()[m]);
  }
}

}  // namespace

TrainingData labelled_positions_from_records(const std::vector<RecordsFile>& files,
                                             const RecordDataOptions& options,
                                             RecordDataCounts& counts) {
  TrainingData data;
  data.variant = options.variant;
  for (const RecordsFile& file : files) {
    int number = 0;
    for (const common::RecordChunk& chunk : common::split_records(file.text)) {
      ++number;
      const Record record = read_numbered(file.name, number, chunk);
      if (record.variant != options.variant) {
        ++counts.other_rules;
      } else if (!record.game.result().over()) {
        ++counts.unfinished;
      } else {
        ++counts.games;
        const auto first = static_cast<std::size_t>(options.skip_plies);
        if (options.quiet_only) {
          append_quiet_positions(record.game, first, data, counts.not_quiet);
        } else {
          append_game_positions(record.game, first, data);
        }
      }
    }
  }
  return data;
}

}  // namespace ordo
