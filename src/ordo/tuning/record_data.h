// Labelled positions from game records (match files, saved games): every position of a
// finished game, labelled with that game's result, in the format of `tune data`. So the
// evaluation can be fitted to the games that matter, e.g. ours against the reference UCT
// bot, and not only to self-play.
#pragma once

#include <string>
#include <vector>

#include "ordo/tuning/training_data.h"

namespace ordo {

// A records file as read from disk: its name (for errors) and its whole text.
struct RecordsFile {
  std::string name;
  std::string text;
};

struct RecordDataOptions {
  Variant variant = Variant::Classic;  // games of the other rule set are skipped
  int skip_plies = 8;                  // positions before this ply (the opening) are left out
  bool quiet_only = false;             // keep only quiet positions (is_quiet_position)
};

// What was read, for the report.
struct RecordDataCounts {
  int games = 0;        // finished games of the rule set whose positions were kept
  int other_rules = 0;  // games of the other rule set, skipped
  int unfinished = 0;   // games without a result, skipped
  int not_quiet = 0;    // positions left out as not quiet (with quiet_only)
};

// Reads every record of every file (several records may follow one another in a file) and
// appends the positions after `skip_plies` in which the game is not yet over (with
// `quiet_only`, only the quiet ones), each with its game's result. Every move is checked
// by the rules when a record is read; a bad record throws std::invalid_argument naming
// the file, the record's number and line.
TrainingData labelled_positions_from_records(const std::vector<RecordsFile>& files,
                                             const RecordDataOptions& options,
                                             RecordDataCounts& counts);

}  // namespace ordo
