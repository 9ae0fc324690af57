#include "tuning/record_data.h"

#include <stdexcept>

#include "core/record.h"

namespace ordo {

namespace {

// Appends the positions of one finished game from ply `skip_plies` on.
void add_positions(const Record& record, int skip_plies, TrainingData& data) {
  const Game& game = record.game;
  Game replay(game.start_position(), game.options());
  for (std::size_t m = 0; m < game.moves().size(); ++m) {
    if (static_cast<int>(m) >= skip_plies)
      data.positions.push_back({replay.position().to_string(), game.result().outcome});
    replay.play(game.moves()[m]);
  }
}

Record read_numbered(const std::string& file, int number, const common::RecordChunk& chunk) {
  try {
    return read_record(chunk.text);
  } catch (const RecordError& e) {
    throw std::invalid_argument(file + ", record " + std::to_string(number) + " (from line " +
                                std::to_string(chunk.first_line) + "): " + e.what());
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
        add_positions(record, options.skip_plies, data);
      }
    }
  }
  return data;
}

}  // namespace ordo
