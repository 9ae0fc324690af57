#include "tuning/record_data.h"

#include <stdexcept>

#include "core/record.h"

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
        append_game_positions(record.game, static_cast<std::size_t>(options.skip_plies), data);
      }
    }
  }
  return data;
}

}  // namespace ordo
