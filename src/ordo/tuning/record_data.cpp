#include "ordo/tuning/record_data.h"

#include <memory>
#include <stdexcept>

#include "ordo/record.h"
#include "ordo/tuning/quiet_position.h"

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
  const auto scratch = std::make_unique<MoveList>();  // too big for the stack
  PositionFilter quiet;
  if (options.quiet_only)
    quiet = [&scratch](const Position& pos) { return is_quiet_position(pos, *scratch); };
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
        counts.not_quiet += append_game_positions(record.game, first, data, quiet);
      }
    }
  }
  return data;
}

}  // namespace ordo
