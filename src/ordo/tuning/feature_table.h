// The evaluation's features of labelled positions as a table (`tune features`), for
// research outside the engine: other models fitted to the same positions and labels
// (research/tuning-log.md, "Search scores as labels"). Tab-separated, one header line, then one
// line per position: the position string, the side to move's result (1, 0.5, 0), the
// search score from the side to move's view (empty where there is none), and every
// feature of EvalFeature in its units (not sixteenths), named as feature_name() names them.
#pragma once

#include <iosfwd>

#include "ordo/tuning/training_data.h"

namespace ordo {

void write_feature_table(const TrainingData& data, std::ostream& out);

}  // namespace ordo
